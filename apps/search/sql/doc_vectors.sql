-- Every chunk vector of some documents from the configured encoder: their mean is the document's direction
-- (the vector leg's document score, and the query of "similar").
-- Identifiers: {chunks}. Parameters: :ids (a JSON array of document ids), :model_id.
SELECT c.doc_id, c.embedding
FROM json_each(:ids) AS j
JOIN {chunks} AS c ON c.doc_id = j.value
WHERE c.model_id = :model_id AND c.embedding IS NOT NULL
