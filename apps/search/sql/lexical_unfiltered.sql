-- Lexical leg for one source when no filter is set: BM25 straight from the FTS5 table, no join (the content
-- rows of the page's hits are read later, by hydrate.sql).
-- Identifiers: {fts}, {weights} (:w0.. parameters), {scan_cap} ('' or 'ORDER BY rowid DESC LIMIT :scan_cap').
-- Parameters: :q (a sanitized FTS5 query), :depth.
SELECT doc_id, bm25
FROM (
    SELECT rowid AS doc_id, bm25({fts}, {weights}) AS bm25
    FROM {fts}
    WHERE {fts} MATCH :q
    {scan_cap}
)
ORDER BY bm25, doc_id  -- bm25 is lower-is-better; doc_id makes ties stable
LIMIT :depth
