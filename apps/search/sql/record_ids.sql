-- Pre-filter for the vector leg: the content rows that pass the filters on the record's own columns (a bill,
-- the facets), before any vector is scored.
-- Identifiers: {content}; {filters}: AND-ed fragments over the content row `c` with their own parameters.
SELECT c.id FROM {content} AS c WHERE 1 = 1 {filters}
