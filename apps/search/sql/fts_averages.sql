-- An FTS5 table's averages record (id 1 of <fts>_data): a varint row count, then one varint token total per
-- column; BM25's average document length comes from it. Identifiers: {data} (<fts>_data).
SELECT block FROM {data} WHERE id = 1
