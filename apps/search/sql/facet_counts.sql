-- How many of the given records have each value of one facet column (the facet counts of a whole result).
-- Identifiers: {content}, {col}. Parameters: :ids (a JSON array of content-table row ids).
SELECT c.{col}, count(*)
FROM json_each(:ids) AS j
JOIN {content} AS c ON c.id = j.value
GROUP BY c.{col}
