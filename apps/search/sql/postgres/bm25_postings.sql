-- The postings of some exact terms in one source: per record, the term's positions (column << 24 | offset,
-- the token offsets FTS5 keeps). Parameters: :fts, :terms (an array of terms).
SELECT term, doc_id, pos FROM search_bm25_postings WHERE fts_table = :fts AND term = ANY(:terms)
