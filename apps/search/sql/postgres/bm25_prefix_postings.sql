-- The postings of every term that starts with a prefix (byte order: the column is COLLATE "C", as FTS5
-- compares terms with memcmp). Parameters: :fts, :lo (the prefix), :hi (the prefix + U+10FFFF).
SELECT term, doc_id, pos FROM search_bm25_postings WHERE fts_table = :fts AND term >= :lo AND term < :hi
