-- Forget the staleness notes of documents whose vectors were just brought up to date (apps.search.staleness).
-- Parameters: ? (the chunk table's name), ? (the doc ids: a JSON array).
DELETE FROM search_stale WHERE chunk_table = ? AND doc_id IN (SELECT value FROM json_each(?))
