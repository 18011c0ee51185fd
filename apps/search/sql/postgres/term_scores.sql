-- One scored term's ts_rank_cd in every record that has it (the lexical head cache, apps/search/pgsearch.py):
-- the same expression lexical.sql sums, so a sum of these is the direct statement's score, bit for bit.
-- Identifiers: {fts}, {content}. Parameters: :weights (float4[4]), :t (the term's tsquery).
SELECT c.id, ts_rank_cd(:weights::float4[], c.{fts}, to_tsquery('josh_english', :t), 1)
FROM {content} AS c
WHERE c.{fts} @@ to_tsquery('josh_english', :t)
