-- Forget the postings of some records of one source (before they are written again, or after a delete).
-- Parameters: :fts, :ids (an array of content-table ids).
DELETE FROM search_bm25_postings WHERE fts_table = :fts AND doc_id = ANY(:ids)
