-- Whether any record of one source waits to be (re)indexed for BM25 (apps/search/pgbm25.py): the row trigger
-- <fts>_bm25 notes every insert, update of an indexed column and delete. Parameters: :fts.
SELECT EXISTS (SELECT 1 FROM search_bm25_pending WHERE fts_table = :fts)
