-- One phrase's BM25 contribution to every record that has it, in rowid order. FTS5's bm25() is a sum over
-- the query's phrases of idf(phrase) x saturated weighted frequency, so a multi-phrase score is the sum of
-- these per-phrase values (lexical.py adds them; the head cache keeps the ones of very common phrases).
-- Identifiers: {fts}, {weights} (:w0.. parameters). Parameters: :q (one quoted FTS5 phrase).
SELECT rowid, -bm25({fts}, {weights})
FROM {fts}
WHERE {fts} MATCH :q
