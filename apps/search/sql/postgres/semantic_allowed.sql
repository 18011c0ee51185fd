-- How many chunks the filters allow (B-tree indexes on the filter columns): at most the candidate count,
-- the semantic leg scores them all exactly instead of walking the approximate index.
-- Identifiers: {chunks}. Raw: {filters}. Parameters: :model_id, :cap (count no further than this).
SELECT count(*) FROM (
    SELECT 1 FROM {chunks} AS c WHERE c.model_id = :model_id AND c.vec IS NOT NULL {filters} LIMIT :cap
) AS allowed
