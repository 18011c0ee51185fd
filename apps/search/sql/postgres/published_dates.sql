-- The published date of each given record (the citation's published_at), for a date-ordered search result.
-- Identifiers: {content}. Parameters: :ids (an array of content-table row ids).
SELECT c.id, c.published_at
FROM {content} AS c
WHERE c.id = ANY(:ids)
