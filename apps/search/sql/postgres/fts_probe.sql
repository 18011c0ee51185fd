-- A cheap liveness probe of one source's full-text index on PostgreSQL: its tsvector column (and the GIN index
-- over it) answers one query, one row at most. A dropped or broken column names its error here, as a corrupt
-- FTS5 index does on SQLite.
-- Identifiers: {fts} (the tsvector column, named after the SQLite FTS table), {content} (its table).
SELECT id FROM {content} WHERE {fts} @@ to_tsquery('simple', 'the') LIMIT 1
