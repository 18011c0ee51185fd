-- How many records have one term (its idf's n; GIN-indexed). Identifiers: {fts}, {content}. Parameters: :t.
SELECT count(*) FROM {content} AS c WHERE c.{fts} @@ to_tsquery('josh_english', :t)
