-- Which of some documents have text newer than their chunks (apps.search.staleness).
-- Parameters: ? (the chunk table's name), ? (the doc ids: an array).
SELECT doc_id FROM search_stale WHERE chunk_table = ? AND doc_id = ANY(?)
