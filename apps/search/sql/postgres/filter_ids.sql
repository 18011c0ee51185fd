-- Which of the given records pass the search filters (a ranked candidate list checked a batch at a time).
-- Identifiers: {content}; {filters}: AND-ed fragments over the content row `c` with their own parameters.
-- Parameters: :ids (an array of content-table ids).
SELECT c.id
FROM {content} AS c
WHERE c.id = ANY(:ids) {filters}
