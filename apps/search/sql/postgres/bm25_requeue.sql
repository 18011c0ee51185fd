-- Queue every record of one source for (re)indexing and forget what was indexed of it (a copy that replaced
-- the table's rows by TRUNCATE, which fires no row trigger). Identifiers: {content}. Parameters: :fts.
WITH dropped_postings AS (DELETE FROM search_bm25_postings WHERE fts_table = :fts),
dropped_docs AS (DELETE FROM search_bm25_docs WHERE fts_table = :fts)
INSERT INTO search_bm25_pending (fts_table, doc_id)
SELECT :fts, c.id FROM {content} AS c
ON CONFLICT DO NOTHING
