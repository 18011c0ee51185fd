-- Token counts per column of some records of an FTS5 table (its docsize shadow table: one varint per column).
-- Identifiers: {docsize} (<fts>_docsize). Parameters: :ids (a JSON array of rowids).
SELECT id, sz FROM {docsize} WHERE id IN (SELECT value FROM json_each(:ids))
