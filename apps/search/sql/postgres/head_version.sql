-- The version of one tsvector column (the statement-level trigger <fts>_version moves it on every write to
-- its content table, apps/search/ddl_postgres.py), or no row when that trigger is missing: then nothing is
-- cached. Parameters: :fts (the column's name), :content (its table), :trigger.
SELECT coalesce((SELECT v.version FROM search_fts_version AS v WHERE v.fts_table = :fts), 0)
FROM pg_trigger AS t
WHERE t.tgrelid = to_regclass(:content) AND t.tgname = :trigger
