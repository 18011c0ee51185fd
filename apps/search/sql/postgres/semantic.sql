-- Semantic candidates for one chunk table on pgvector, the filters applied BEFORE any distance is taken.
-- {order}: approximate, the HNSW walk of <base>_chunks_vec0 (its expression: cosine over vec::halfvec, or
-- Hamming over binary_quantize(vec) in older databases; pgsearch.index_kind) with pgvector's iterative
-- scan on, which keeps going until :candidates
-- rows passed the filters (or its scan limit: the caller then runs the exact order); exact, the :candidates
-- nearest allowed rows by float cosine (chosen when the filters allow few rows). Either way the candidates
-- are then rescored exactly by float cosine, inside the walk: the walk has already read each candidate's row
-- to check the filters, so its float vector costs nothing more there (a second pass through the primary key
-- read every row again: a third of the statement's time at 4,000 candidates).
-- Identifiers: {chunks}. Raw (code-built, apps/search/pgsearch.py): {filters} (AND-ed fragments over `c`),
-- {order}. Parameters: :qvec (the query vector as pgvector text), :model_id, :candidates.
WITH candidates AS MATERIALIZED (
    SELECT c.id, c.doc_id, 1 - (c.vec <=> :qvec::vector) AS cosine
    FROM {chunks} AS c
    WHERE c.model_id = :model_id AND c.vec IS NOT NULL {filters}
    {order}
    LIMIT :candidates
)
SELECT id, doc_id, cosine
FROM candidates
ORDER BY cosine DESC, id
