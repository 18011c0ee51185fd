-- What a hit shows: the public id, title and the citation columns every CitedRecord carries.
-- Identifiers: {content}, {id_col}, {title_col}. Parameters: :ids (a JSON array of content-table row ids).
SELECT c.id, c.{id_col}, c.{title_col}, c.citation_string, c.source_url, c.published_at, c.retrieved_at
FROM json_each(:ids) AS j
JOIN {content} AS c ON c.id = j.value
