-- Everything the in-process semantic index holds for one chunk table, in id order.
-- Identifiers: {chunks}. Parameters: :model_id (only vectors from the configured encoder are searchable).
SELECT id, doc_id, published_at, congress, bits
FROM {chunks}
WHERE model_id = :model_id AND bits IS NOT NULL
ORDER BY id
