-- Float vectors of candidate chunks for the cosine rescore (a plain rowid table: point lookups, no scan).
-- Identifiers: {chunks}. Parameters: :ids (a JSON array of chunk ids).
SELECT c.id, c.doc_id, c.embedding
FROM json_each(:ids) AS j
JOIN {chunks} AS c ON c.id = j.value
