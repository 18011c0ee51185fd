-- The matched passage of one lexical hit. rowid = :doc_id makes FTS5 seek, not scan.
-- Identifiers: {fts}. Parameters: :q (sanitized FTS5 query), :doc_id. Markers are \x02 / \x03 (stripped later).
SELECT snippet({fts}, -1, char(2), char(3), '…', 28)
FROM {fts}
WHERE {fts} MATCH :q AND rowid = :doc_id
