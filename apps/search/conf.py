"""Search knobs shared by migrations, the embedder, the selectors and a system check."""

# One dimension for every <source>_chunks_vec0 table: the default encoder's (all-MiniLM-L6-v2).
EMBED_DIM = 384

# Text columns get stemming and diacritic folding; exact ids live in ordinary indexed columns.
FTS_TOKENIZE = "porter unicode61 remove_diacritics 2"
# Registry name tables: no stemming (names are not English words), diacritics folded ("José" ~ "Jose").
NAME_TOKENIZE = "unicode61 remove_diacritics 2"

# Engine knobs; each can be overridden in settings.JOSH (tests and the bench do). See ``knob``.
DEFAULTS = {
    # Lexical: a term in more than this share of documents (and at least LEXICAL_DROP_MIN_DF of them) is
    # dropped from an AND group that has a rarer term: FTS5 scores every match (sqlite-stack.md §5).
    "LEXICAL_DROP_RATIO": 0.35,
    "LEXICAL_DROP_MIN_DF": 2_000,
    # Above this many postings left to score, a query ranks only the newest LEXICAL_SCAN_CAP matches (by
    # rowid) instead of all of them; a filtered one scans LEXICAL_FILTERED_SCAN_CAP and filters those (the
    # filter cannot reach inside FTS5). Smaller corpora always rank exactly.
    "LEXICAL_EXACT_POSTINGS": 40_000,
    "LEXICAL_SCAN_CAP": 5_000,
    "LEXICAL_FILTERED_SCAN_CAP": 10_000,
    # Semantic: candidates taken from the bit-quantized scan before the float rescore. Recall falls with N
    # at a fixed count, so it grows with the index (sqlite-stack.md §4): max(MIN, N / PER).
    "SEMANTIC_CANDIDATES_MIN": 400,
    "SEMANTIC_CANDIDATES_PER": 1_000,
    # Hybrid: per-leg RRF weights (k is settings.JOSH["RRF_K"]) and how deep each leg ranks.
    # Tuned with `python -m bench.eval` (bench/queries.jsonl): on the demo corpus a 2:1 weight for the vector
    # leg lifts hybrid MRR from 0.86 to 0.95 while exact-token queries stay at 1.0; a lexical hit ranked 1st
    # still outranks vector-only hits below rank ~62.
    "RRF_W_LEXICAL": 1.0,
    "RRF_W_SEMANTIC": 2.0,
    "HYBRID_DEPTH": 100,
    # Hybrid: when a multi-word query's every-term form finds fewer records than this in a source, its
    # any-term form tops the lexical leg up (ranked after); 0 (the default: it cost MRR on the eval, the
    # any-term hits crowd out vector hits) turns it off. Lexical mode never relaxes.
    "LEXICAL_RELAX_BELOW": 0,
    "MAX_OFFSET": 1_000,
    # Embedding: chunks per document that get vectors (header first, then the body in order); 0 = all.
    # MiniLM embeds ~10-20 chunks/s on 2 cores: 16 keeps the demo's embed step to minutes (~4.2k chunks). Lexical
    # search always covers the whole body. `manage.py embed --max-chunks 0` embeds everything.
    "EMBED_MAX_CHUNKS_PER_DOC": 16,
}


def knob(name: str):
    from django.conf import settings

    return settings.JOSH.get(name, DEFAULTS[name])
