-- The records of one source waiting to be (re)indexed, taken off the queue (the caller holds the source's
-- advisory lock, inside the transaction that writes their postings). Parameters: :fts.
DELETE FROM search_bm25_pending WHERE fts_table = :fts RETURNING doc_id
