-- Best-chunk text for semantic hits: the passage the snippet is cut from, with its heading and offsets.
-- Identifiers: {chunks}. Parameters: :ids (an array of chunk ids).
SELECT c.id, c.heading, c.text, c.start_offset, c.end_offset
FROM {chunks} AS c
WHERE c.id = ANY(:ids)
