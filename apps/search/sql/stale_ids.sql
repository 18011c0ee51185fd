-- Which of some documents have text newer than their chunks (apps.search.staleness).
-- Parameters: ? (the chunk table's name), ? (the doc ids: a JSON array).
SELECT doc_id FROM search_stale WHERE chunk_table = ? AND doc_id IN (SELECT value FROM json_each(?))
