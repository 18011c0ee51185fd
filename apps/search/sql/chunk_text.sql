-- Best-chunk text for semantic hits: the passage the snippet is cut from, with its heading and offsets.
-- Identifiers: {chunks}. Parameters: :ids (a JSON array of chunk ids).
SELECT c.id, c.heading, c.text, c.start_offset, c.end_offset
FROM json_each(:ids) AS j
JOIN {chunks} AS c ON c.id = j.value
