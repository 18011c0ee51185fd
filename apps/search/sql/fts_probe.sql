-- A cheap liveness probe of one FTS5 index: one common token, one row. It reads the index's structure record
-- and the head of one doclist, which is where corruption shows ("database disk image is malformed"), without
-- the full scan of FTS5's 'integrity-check'.
-- Identifiers: {fts} (the source's FTS5 table).
SELECT rowid FROM {fts} WHERE {fts} MATCH 'the' LIMIT 1
