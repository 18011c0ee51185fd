-- How many records have each of some exact terms (FTS5's fts5vocab 'doc' column). Parameters: :fts, :terms.
SELECT term, count(*) FROM search_bm25_postings WHERE fts_table = :fts AND term = ANY(:terms) GROUP BY term
