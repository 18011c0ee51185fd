-- The version of one content table's terms (the statement-level trigger <fts>_version moves it on every write
-- to the table, apps/search/ddl_postgres.py), or no row when that trigger is missing: then nothing is cached;
-- this transaction's id when it has written (its own uncommitted writes are in what it reads, and a
-- rolled-back version number is used again by the next writer: its cache entries are its own); and whether
-- records wait to be indexed for BM25 (the search syncs them first). One statement: it runs per source.
-- Parameters: :fts (the column's name), :content (its table), :trigger.
SELECT coalesce((SELECT v.version FROM search_fts_version AS v WHERE v.fts_table = :fts), 0),
       txid_current_if_assigned(),
       EXISTS (SELECT 1 FROM search_bm25_pending AS p WHERE p.fts_table = :fts)
FROM pg_trigger AS t
WHERE t.tgrelid = to_regclass(:content) AND t.tgname = :trigger
