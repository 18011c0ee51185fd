-- Float vectors of candidate chunks (the float32 bytes every engine stores beside pgvector's copy).
-- Identifiers: {chunks}. Parameters: :ids (an array of chunk ids).
SELECT c.id, c.doc_id, c.embedding
FROM {chunks} AS c
WHERE c.id = ANY(:ids)
