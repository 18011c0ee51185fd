-- What a hit shows: the public id, title and the citation columns every CitedRecord carries.
-- Identifiers: {content}, {id_col}, {title_col}. Parameters: :ids (an array of content-table row ids).
SELECT c.id, c.{id_col}, c.{title_col}, c.citation_string, c.source_url, c.published_at, c.retrieved_at
FROM {content} AS c
WHERE c.id = ANY(:ids)
