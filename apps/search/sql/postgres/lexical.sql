-- Lexical leg for one source on PostgreSQL: the records whose stored weighted tsvector (the generated column
-- {fts} of the content table, GIN-indexed; apps/search/ddl_postgres.py) matches the query, best first.
-- Identifiers: {fts}, {content}. Raw (code-built, apps/search/pgsearch.py): {score} (the sum over the scored
-- terms of :idfN * ts_rank_cd(:weights, {fts}, :tN, 1): column weights by label, the array lists D, C, B, A;
-- flag 1 divides by 1 + log(length) so long records do not win by size), {filters} (AND-ed fragments over `c`
-- with their own parameters), {must} ('' or an AND on :must).
-- Parameters: :q (the tsquery of the records admitted), :must (a tsquery every record must also match: the
-- required phrases and exclusions), :weights (float4[4]), :tN / :idfN per scored term, :depth.
SELECT c.id AS doc_id, -({score}) AS score
FROM {content} AS c
WHERE c.{fts} @@ to_tsquery('josh_english', :q) {must} {filters}
ORDER BY score, doc_id  -- negated: lower is better, as FTS5's bm25(); doc_id makes ties stable
LIMIT :depth
