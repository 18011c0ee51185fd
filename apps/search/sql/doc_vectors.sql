-- Every chunk vector of some documents from the configured encoder: their mean is the document's direction
-- (the vector leg's document score, and the query of "similar").
-- Identifiers: {chunks}. Parameters: :ids (a JSON array of document ids), :model_id.
-- The plan is pinned: the ids drive (CROSS JOIN keeps json_each outer) and each probes the (doc_id, seq)
-- unique index; `+` keeps the planner off the model_id index, which every chunk shares (without ANALYZE
-- statistics it chose that index and read all 1M chunks per id: 64 s for 300 documents at bench size).
SELECT c.doc_id, c.embedding
FROM json_each(:ids) AS j
CROSS JOIN {chunks} AS c ON c.doc_id = j.value
WHERE +c.model_id = :model_id AND c.embedding IS NOT NULL
