-- The indexed columns of some records, to tokenize as FTS5 does. Identifiers: {content}. Raw (code-built):
-- {columns} (the FTS columns as text, in order). Parameters: :ids (an array of content-table ids).
SELECT c.id, {columns} FROM {content} AS c WHERE c.id = ANY(:ids)
