"""Search knobs shared by migrations, the embedder, the selectors and a system check."""

from apps.core import conf

# One dimension for every <source>_chunks_vec0 table: the default encoder's (all-MiniLM-L6-v2).
EMBED_DIM = 384

# Text columns get stemming and diacritic folding; exact ids live in ordinary indexed columns.
FTS_TOKENIZE = "porter unicode61 remove_diacritics 2"
# Registry name tables: no stemming (names are not English words), diacritics folded ("José" ~ "Jose").
NAME_TOKENIZE = "unicode61 remove_diacritics 2"

# Engine knobs; each can be overridden in settings.JOSH (tests and the bench do). See ``knob``.
DEFAULTS = {
    # Lexical: a phrase with more postings than this is scored from the head cache (its per-record BM25
    # contributions, read once per index version) instead of by FTS5 on every query; results are identical
    # (apps/search/lexical.py). The cache holds at most LEXICAL_HEAD_CACHE_POSTINGS (doc id, score) pairs
    # (16 bytes each: 8M ≈ 128 MiB), least recently used evicted first. Measured on 2 cores (make bench): 20k-
    # 50k postings cost a direct FTS5 statement 50-90 ms per query and a cached phrase ~20 ms after one read.
    "LEXICAL_HEAD_POSTINGS": 20_000,
    # Lexical: leave English stop words out of any-term queries (apps/search/sanitize.py); 0 keeps them.
    "LEXICAL_STOP_WORDS": 1,
    "LEXICAL_HEAD_CACHE_POSTINGS": 8_000_000,
    # Semantic: candidates taken from the bit-quantized scan before the float rescore. Recall falls with N
    # at a fixed count, so it grows with the index: max(MIN, N / PER). An index of at most MIN chunks (each
    # source of the demo corpus) is rescored whole: exact. The response's `approximate` says when it was not.
    "SEMANTIC_CANDIDATES_MIN": 4_000,
    "SEMANTIC_CANDIDATES_PER": 1_000,
    # PostgreSQL (apps/search/pgsearch.py): filters that allow at most PG_EXACT_MAX_ROWS chunks are scored
    # exactly (float cosine over every allowed chunk, B-tree lookups, no graph walk); wider ones walk the HNSW
    # index with iterative scan, giving up after PG_HNSW_MAX_SCAN_TUPLES tuples, and a walk that came back
    # with fewer candidates than asked is redone exactly, so a filtered query is never short.
    # PostgreSQL's head cache threshold (apps/search/pgsearch.py): a phrase's BM25 there reads its postings
    # rows and walks their positions in Python, dearer per record than FTS5's doclists, so phrases are cached
    # far sooner than FTS5's are.
    "PG_LEXICAL_HEAD_POSTINGS": 2_000,
    # PostgreSQL's candidate count from the HNSW walk, max(MIN, N / PER): tuned on the 1M-chunk bench on
    # seed-11 queries (not the reported ones; python -m bench --backend postgres --tune) by one rule, the
    # smallest count swept whose recall@10 is at least 0.95. Over the index built with ef_construction 128
    # (ddl_postgres.chunk_sql) 400 / 1,000 / 2,000 / 4,000 gave 0.993 / 0.993 / 0.993 / 0.997 at p50 8 / 28 /
    # 62 / 149 ms: 400, and past 1M chunks the count grows with N (PER), as recall at a fixed count falls.
    # (pgvector's default graph, ef_construction 64, needed 4,000 for 0.957.)
    "PG_SEMANTIC_CANDIDATES_MIN": 400,
    "PG_SEMANTIC_CANDIDATES_PER": 2_500,
    "PG_EXACT_MAX_ROWS": 20_000,
    "PG_HNSW_MAX_SCAN_TUPLES": 200_000,
    # A filtered walk (too many allowed chunks for the exact scan) must pass ~1/selectivity rows through the
    # filter per candidate: at 4,000 candidates a congress filter (6.7 % of chunks) took 1.1 s. It asks for
    # at most this many instead: by the same rule on the same tuning queries with that filter, 100 / 200 /
    # 400 / 1,000 gave recall@10 0.993 / 0.997 / 0.997 / 0.997 at p50 60 / 112 / 180 / 439 ms: 100.
    "PG_FILTERED_WALK_CANDIDATES": 100,
    # hnsw.ef_search of that walk: the candidate count, within these bounds (pgvector allows 1..1000).
    "PG_HNSW_EF_SEARCH_MIN": 40,
    "PG_HNSW_EF_SEARCH_MAX": 1_000,
    # Semantic: a document scores (1 - w)·its best chunk's cosine + w·the cosine of its mean chunk vector
    # (apps/search/semantic.py); 0 ranks by the best chunk alone. 0.5 (equal, not fitted) was chosen on the
    # dev split: semantic nDCG@10 0.911 -> 0.921, hybrid 0.937 -> 0.941 (docs/SEARCH.md).
    "SEMANTIC_DOC_WEIGHT": 0.5,
    # Semantic: the relevance floor. A record reaches the vector leg only when one of its chunks has a cosine of
    # at least this with the query, so a query that means nothing in the corpus gets nothing (not the 100
    # nearest of everything). Per model id (cosines of different models are not comparable); a number applies
    # to any model, 0 turns it off, and a model with no fitted floor has none. Fitted on the dev split only
    # (python -m bench.negative --split dev --calibrate; docs/SEARCH.md "The relevance floor"): the midpoint
    # between the highest best-chunk cosine of a dev negative query (0.380) and the lowest chunk cosine of a
    # grade-2 record the leg ranked in the top 10 of a dev positive query (0.465).
    "SEMANTIC_FLOOR": {"all-MiniLM-L6-v2-onnx-int8": 0.42},
    # Hybrid: how the legs are fused (apps/search/fusion.py): "cc", a convex combination of min–max normalised
    # scores with the vector leg weighted CC_W_SEMANTIC (0.5: equal, not fitted), or "rrf". Chosen on the dev
    # split only: cc lifted overall nDCG@10 from 0.921 (rrf 2:1) to 0.937 and no query kind fell (docs/SEARCH.md).
    "HYBRID_FUSION": "cc",
    "CC_W_SEMANTIC": 0.5,
    # Hybrid with "rrf": per-leg RRF weights (k is knob("RRF_K")) and how deep each leg ranks. Chosen on the eval's
    # dev split only (python -m bench.eval --split dev --ablate), by a rule fixed beforehand: leave equal weights
    # and k=60 unless a variant lifts overall nDCG@10 by >= 0.005 without costing any query kind > 0.01. With the
    # exact-title and leader rules on, a 2:1 vector weight did (0.915 -> 0.921; paraphrase +0.017, keyword
    # -0.008); k=20 (+0.002) and a 2:1 lexical weight (-0.010) did not. The rules keep the weight from burying
    # a strong lexical hit, which is what a 2:1 weight did without them.
    "RRF_W_LEXICAL": 1.0,
    "RRF_W_SEMANTIC": 2.0,
    "HYBRID_DEPTH": 100,
    # Hybrid: a hit only the lexical leg found must carry at least this share of the query's idf mass in its
    # words (apps/search/coverage.py); a hit past the vector leg's floor needs none. 0 turns it off. Fitted on
    # the dev split only (docs/SEARCH.md "Honest result sets"): the smallest of 0.50, 0.55, ... 0.70 above the
    # highest share a dev negative query's lexical-only hit had (0.643); at it the dev positives lost no
    # grade-2 record from hybrid's top 10.
    "HYBRID_LEXICAL_COVERAGE": 0.65,
    # Lexical mode: the same test at the level of the query. An any-term query of two or more words is answered
    # only when some record's words carry at least this share of its idf mass, or some passage is past the
    # vector leg's floor (the query means something in the corpus); otherwise no_match few_words_covered. An
    # off-topic question matched by stray words ("train a puppy to sit") got keyword hits. Fitted on the dev
    # split only (python -m bench.negative --split dev --calibrate-lexical; docs/SEARCH.md): the highest best-
    # record share of a dev negative was 0.643, as for the hybrid rule, so the same 0.65; the 9 of 142 dev
    # positives below it all have a passage past the floor (lowest best chunk cosine 0.587). 0 turns it off;
    # without a fitted floor it never fires (no evidence that the query is off-topic).
    "LEXICAL_QUERY_COVERAGE": 0.65,
    # Rules after ranking (apps/search/fusion.py): an exact title goes first (lexical and hybrid); in hybrid each
    # leg's first hit stays in the top 3. 0 turns a rule off (the eval measures each).
    "HYBRID_TITLE_MATCH": 1,
    "HYBRID_KEEP_LEADERS": 1,
    "MAX_OFFSET": 1_000,
    # Hybrid: run the vector leg (encoding included) in a worker thread while the request's thread runs the
    # lexical leg (apps/search/parallel.py), under the same budget. 0 runs them one after the other. On by
    # default (josh/settings.py): measured faster at p95 on both engines (docs/SEARCH.md "Both legs at once").
    "SEARCH_PARALLEL_LEGS": 1,
    # Embedding: chunks per document that get vectors (header first, then the body in order); 0 = all, the
    # default: a passage past a cap would be unreachable by meaning. The demo stays fast through the bundled
    # vector cache (content hash + model id), not through a cap.
    "EMBED_MAX_CHUNKS_PER_DOC": 0,
    # Embedding: worker processes (apps/search/embed_pool.py), each with cores / workers model threads. 0 = one
    # per core for the MiniLM encoder on CPU (one on a GPU); 1 = embed in the calling process.
    "EMBED_WORKERS": 0,
}


def knob(name: str):
    """A knob (``apps.core.conf.knob``); an engine knob defaults to its value above."""
    return conf.knob(name, DEFAULTS[name]) if name in DEFAULTS else conf.knob(name)


def semantic_floor(model_id: str) -> float:
    """The ``SEMANTIC_FLOOR`` of ``model_id`` (0: none)."""
    floor = knob("SEMANTIC_FLOOR")
    if isinstance(floor, dict):
        return float(floor.get(model_id, 0.0))
    return float(floor or 0.0)
