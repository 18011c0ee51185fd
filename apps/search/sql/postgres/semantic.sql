-- Semantic candidates for one chunk table on pgvector, the filters applied BEFORE any distance is taken.
-- {order}: 'approximate' walks the HNSW index over the binary-quantized vectors (Hamming distance, the
-- index expression of <base>_chunks_vec0) with pgvector's iterative scan on, so a filtered walk keeps going
-- until it has :candidates rows; 'exact' (chosen when the filters leave no more rows than that) takes every
-- allowed row. Either way the candidates are then rescored exactly by float cosine.
-- Identifiers: {chunks}. Raw (code-built): {filters} (AND-ed fragments over `c`), {order}.
-- Parameters: :qvec (the query vector as pgvector text), :model_id, :candidates.
WITH candidates AS MATERIALIZED (
    SELECT c.id
    FROM {chunks} AS c
    WHERE c.model_id = :model_id AND c.vec IS NOT NULL {filters}
    {order}
    LIMIT :candidates
)
SELECT c.id, c.doc_id, 1 - (c.vec <=> :qvec::vector) AS cosine
FROM candidates JOIN {chunks} AS c USING (id)
ORDER BY cosine DESC, c.id
