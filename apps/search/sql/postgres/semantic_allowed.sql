-- How many chunks the filters allow (B-tree indexes on the filter columns), counted no further than :cap:
-- at most PG_EXACT_MAX_ROWS, the semantic leg takes the nearest of them exactly instead of walking the
-- approximate index (apps/search/pgsearch.py).
-- Identifiers: {chunks}. Raw: {filters}. Parameters: :model_id, :cap (count no further than this).
SELECT count(*) FROM (
    SELECT 1 FROM {chunks} AS c WHERE c.model_id = :model_id AND c.vec IS NOT NULL {filters} LIMIT :cap
) AS allowed
