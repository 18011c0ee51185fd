"""Search knobs shared by migrations, the embedder, the selectors and a system check."""

# One dimension for every <source>_chunks_vec0 table: the default encoder's (all-MiniLM-L6-v2).
EMBED_DIM = 384

# Text columns get stemming and diacritic folding; exact ids live in ordinary indexed columns.
FTS_TOKENIZE = "porter unicode61 remove_diacritics 2"
# Registry name tables: no stemming (names are not English words), diacritics folded ("José" ~ "Jose").
NAME_TOKENIZE = "unicode61 remove_diacritics 2"
