-- Vectors already stored for some documents' chunks under one model, by content hash, for embed to reuse
-- (apps.search.embedding). Identifiers: {chunks}. Parameters: :ids (doc ids, an array), :model_id.
SELECT content_hash, embedding, bits FROM {chunks}
WHERE doc_id = ANY(:ids) AND model_id = :model_id AND embedding IS NOT NULL
