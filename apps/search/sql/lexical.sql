-- Lexical leg for one source: exact BM25 over its FTS5 table, the filters applied after the MATCH is
-- materialised. Identifiers (from the plan's SearchSpec, quoted by ddl.quote_ident): {fts}, {content},
-- {weights} (a list of :w0.. parameters), {filters} (AND-ed fragments over the content row `c`, each with its
-- own bound parameters), {allowed} ('' or a join on the `must` CTE, see lexical_unfiltered.sql).
-- Parameters: :q (the query's scoring expression: every scored phrase once), :must (records allowed at all,
-- when the query has required phrases), :depth (how many ranked documents to return).
-- Never put MATCH and `rowid IN (...)` in one WHERE: the planner re-runs the MATCH once per id.
WITH fts_matches AS MATERIALIZED (
    SELECT rowid AS doc_id, bm25({fts}, {weights}) AS bm25
    FROM {fts}
    WHERE {fts} MATCH :q
),
must AS MATERIALIZED (
    SELECT rowid AS doc_id FROM {fts} WHERE {fts} MATCH :must
)
SELECT m.doc_id, m.bm25
FROM fts_matches AS m
JOIN {content} AS c ON c.id = m.doc_id
{allowed}
WHERE 1 = 1 {filters}
ORDER BY m.bm25, m.doc_id  -- bm25 is lower-is-better; doc_id makes ties stable
LIMIT :depth
