-- Every record of one source that a lexical expression admits, narrowed by the search filters: what a search
-- counts (`total`, the source facets) and what the lexical operators allow the vector leg to return (a quoted
-- phrase, NOT, AND are constraints in every mode). No ranking, no cap.
-- Identifiers: {fts}, {content}. Raw (code-built, apps/search/constraints.py): {join} ('' or the join to the
-- content row `c` when {filters} is set), {filters} (AND-ed fragments over `c` with their own parameters).
-- Parameters: :q (an FTS5 expression built by apps/search/sanitize.py, never raw user text).
WITH m AS MATERIALIZED (
    SELECT rowid AS doc_id FROM {fts} WHERE {fts} MATCH :q
)
SELECT m.doc_id FROM m {join} WHERE 1 = 1 {filters}
