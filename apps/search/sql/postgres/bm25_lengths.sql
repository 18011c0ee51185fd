-- Every record's length in tokens (all columns: FTS5's |D|) in one source; their count is N and their mean
-- avgdl, as in FTS5's averages record. Parameters: :fts.
SELECT doc_id, length FROM search_bm25_docs WHERE fts_table = :fts
