-- A record's own chunk vectors from the configured encoder (the "similar" query is their mean).
-- Identifiers: {chunks}. Parameters: :doc_id, :model_id.
SELECT embedding FROM {chunks}
WHERE doc_id = :doc_id AND model_id = :model_id AND embedding IS NOT NULL
ORDER BY seq
