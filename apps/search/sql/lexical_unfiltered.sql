-- Lexical leg for one source when no filter is set: exact BM25 straight from the FTS5 table, no join to the
-- content table (the content rows of the page's hits are read later, by hydrate.sql).
-- Identifiers: {fts}, {weights} (:w0.. parameters), {allowed} ('' or 'JOIN must USING (doc_id)' when the
-- query has required phrases). Parameters: :q (scoring expression), :must (allowed records), :depth.
WITH fts_matches AS MATERIALIZED (
    SELECT rowid AS doc_id, bm25({fts}, {weights}) AS bm25
    FROM {fts}
    WHERE {fts} MATCH :q
),
must AS MATERIALIZED (
    SELECT rowid AS doc_id FROM {fts} WHERE {fts} MATCH :must
)
SELECT doc_id, bm25
FROM fts_matches
{allowed}
ORDER BY bm25, doc_id  -- bm25 is lower-is-better; doc_id makes ties stable
LIMIT :depth
