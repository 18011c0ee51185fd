-- Vectors already stored for some documents' chunks under one model, by content hash, for embed to reuse
-- (apps.search.embedding). Identifiers: {chunks}. Parameters: :ids (doc ids, a JSON array), :model_id.
SELECT content_hash, embedding, bits FROM {chunks}
WHERE doc_id IN (SELECT value FROM json_each(:ids)) AND model_id = :model_id AND embedding IS NOT NULL
