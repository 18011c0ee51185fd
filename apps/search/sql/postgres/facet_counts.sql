-- How many of the given records have each value of one facet column (the facet counts of a whole result).
-- Identifiers: {content}, {col}. Parameters: :ids (an array of content-table row ids).
SELECT c.{col}, count(*)
FROM {content} AS c
WHERE c.id = ANY(:ids)
GROUP BY c.{col}
