-- Forget the staleness notes of documents whose vectors were just brought up to date (apps.search.staleness).
-- Parameters: ? (the chunk table's name), ? (the doc ids: an array).
DELETE FROM search_stale WHERE chunk_table = ? AND doc_id = ANY(?)
