-- Every record of one source that a lexical query admits, narrowed by the search filters (PostgreSQL): what a
-- search counts (`total`, the source facets) and what the lexical operators allow the vector leg to return.
-- Identifiers: {fts}, {content}. Raw (code-built, apps/search/constraints.py): {must} ('' or an AND on
-- :must), {filters} (AND-ed fragments over `c` with their own parameters).
-- Parameters: :q, :must (tsquery text built by apps/search/pgsearch.py from the parsed query).
SELECT c.id FROM {content} AS c
WHERE c.{fts} @@ to_tsquery('josh_english', :q) {must} {filters}
