-- The records of the first 5,000 terms that start with a prefix, summed per term as lexical.postings() sums
-- them on SQLite (the cost estimate every source result carries). Parameters: :fts, :lo, :hi.
SELECT coalesce(sum(n), 0) FROM (
    SELECT count(*) AS n FROM search_bm25_postings
    WHERE fts_table = :fts AND term >= :lo AND term < :hi
    GROUP BY term ORDER BY term LIMIT 5000
) AS terms
