-- Every chunk vector of some documents from the configured encoder: their mean is the document's direction
-- (the vector leg's document score, and the query of "similar").
-- Identifiers: {chunks}. Parameters: :ids (an array of document ids), :model_id.
SELECT c.doc_id, c.embedding
FROM {chunks} AS c
WHERE c.doc_id = ANY(:ids) AND c.model_id = :model_id AND c.embedding IS NOT NULL
