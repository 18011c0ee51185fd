-- Lexical leg for one source: BM25 over its FTS5 table, filters applied after the MATCH is materialised.
-- Identifiers (from the plan's SearchSpec, quoted by ddl.quote_ident): {fts}, {content}, {weights} (a list of
-- :w0.. parameters), {scan_cap} ('' or 'ORDER BY rowid DESC LIMIT :scan_cap' for very common terms),
-- {filters} (AND-ed fragments over the content row `c`, each with its own bound parameters).
-- Parameters: :q (a sanitized FTS5 query), :depth (how many ranked documents to return).
-- Never put MATCH and `rowid IN (...)` in one WHERE (sqlite-stack.md §5): the planner re-runs the MATCH per id.
WITH fts_matches AS MATERIALIZED (
    SELECT rowid AS doc_id, bm25({fts}, {weights}) AS bm25
    FROM {fts}
    WHERE {fts} MATCH :q
    {scan_cap}
)
SELECT m.doc_id, m.bm25
FROM fts_matches AS m
JOIN {content} AS c ON c.id = m.doc_id
WHERE 1 = 1 {filters}
ORDER BY m.bm25, m.doc_id  -- bm25 is lower-is-better; doc_id makes ties stable
LIMIT :depth
