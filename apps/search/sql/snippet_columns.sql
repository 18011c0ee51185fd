-- The start of each indexed column of one record, for its snippet, and each column's full length.
-- Identifiers: {content}. Raw (code-built, a pair per column): {columns}. Parameters: :doc_id, :scan.
SELECT {columns}
FROM {content}
WHERE id = :doc_id
