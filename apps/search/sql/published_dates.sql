-- The published date of each given record (the citation's published_at), for a date-ordered search result.
-- Identifiers: {content}. Parameters: :ids (a JSON array of content-table row ids).
SELECT c.id, c.published_at
FROM json_each(:ids) AS j
JOIN {content} AS c ON c.id = j.value
