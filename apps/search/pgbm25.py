"""Okapi BM25 on PostgreSQL, computed as FTS5's ``bm25()`` computes it on SQLite (docs/SEARCH.md, "PostgreSQL").

* **Terms.** A record's columns are tokenized by FTS5 itself (an in-memory SQLite FTS5 table with the source's
  tokenizer, ``porter unicode61 remove_diacritics 2``, read back through ``fts5vocab``), so every stem,
  split and diacritic rule is SQLite's, not an approximation of it. Each (term, record) keeps its count per
  its positions (``search_bm25_postings``: column << 24 | offset, so the count per column too), each record
  its length in tokens
  (``search_bm25_docs``): FTS5's docsize and averages records, as rows.
* **Upkeep.** A row trigger on each stemmed content table queues every inserted, updated (an indexed column)
  or deleted record in ``search_bm25_pending`` (``ddl_postgres.bm25_trigger_sql``), in the writer's
  transaction; ``sync`` indexes the queue under the source's advisory lock. A search syncs its sources
  first (an indexed lookup when the queue is empty), so a search never ranks from stale terms;
  ``copy_to_postgres`` syncs everything after its copy, so a served database starts indexed.
* **Scores.** ``phrase`` gives, for one query phrase, the records that have it and FTS5's weighted
  frequency (the column weights added once per instance, in position order), and ``contribution`` FTS5's
  ``idf × f(k1 + 1) / (f + k1(1 - b + b|D|/avgdl))`` with the same float operations in the same order, so
  sums and ties are FTS5's bit for bit. ``NEAR`` groups keep only the instances FTS5's own matcher keeps.
"""

import threading
from dataclasses import dataclass

import numpy as np

from apps.core.db.quoting import quote_ident
from apps.search import queries
from apps.search.conf import FTS_TOKENIZE

K1, B = 1.2, 0.75  # FTS5's bm25() constants
COLUMN_SHIFT = 24  # a position is column << 24 | token offset (a column of 16M tokens is past any body)
_LARGEST = 2**63 - 1
_TOP_CHAR = "\U0010ffff"

# --- tokenizing as FTS5 does --------------------------------------------------------------------------------

_LOCAL = threading.local()


def _sqlite():
    """This thread's in-memory SQLite (pysqlite3, as Josh's SQLite backend uses: the same FTS5)."""
    db = getattr(_LOCAL, "db", None)
    if db is None:
        try:
            import pysqlite3.dbapi2 as sqlite3
        except ImportError:  # pragma: no cover - the stdlib build has FTS5 too
            import sqlite3
        db = _LOCAL.db = sqlite3.connect(":memory:", check_same_thread=False)
    return db


def _tables(columns: int, tokenize: str) -> tuple[str, str]:
    name = f"tok_{columns}_{abs(hash(tokenize)) % 10**8}"
    cols = ", ".join(f"c{i}" for i in range(columns))
    db = _sqlite()
    db.execute(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS {name} USING fts5({cols}, content='', "
        f"tokenize='{tokenize.replace(chr(39), '')}')"
    )
    db.execute(f"CREATE VIRTUAL TABLE IF NOT EXISTS {name}_i USING fts5vocab({name}, instance)")
    return name, f"{name}_i"


@dataclass
class Tokens:
    terms: dict  # term -> list of positions (column << COLUMN_SHIFT | offset), ascending
    length: int  # tokens in all columns (FTS5's |D|)


def tokenize(rows: list[tuple], columns: int, tokenize: str = FTS_TOKENIZE) -> list[Tokens]:
    """Each row (one value per column) as FTS5 indexes it: every term with its positions, and the length."""
    table, vocab = _tables(columns, tokenize)
    db = _sqlite()
    marks = ", ".join("?" for _ in range(columns + 1))
    values = [(i, *(None if v is None else str(v) for v in row)) for i, row in enumerate(rows)]
    db.executemany(
        f"INSERT INTO {table} (rowid, {', '.join(f'c{i}' for i in range(columns))}) VALUES ({marks})", values
    )
    out = [Tokens({}, 0) for _ in rows]
    for doc, term, col, offset in db.execute(
        f"SELECT doc, term, col, offset FROM {vocab} ORDER BY doc, col, offset"
    ):
        tokens = out[doc]
        tokens.terms.setdefault(term, []).append(int(col[1:]) << COLUMN_SHIFT | offset)
        tokens.length += 1
    db.execute(f"INSERT INTO {table} ({table}) VALUES ('delete-all')")
    return out


def query_tokens(text: str) -> list[str]:
    """A query term's tokens, as FTS5 tokenizes the text of a quoted string (the stemmed form)."""
    found = tokenize([(text,)], 1)[0]
    return [t for _, t in sorted((p, t) for t, ps in found.terms.items() for p in ps)]


def index_rows(rows: list[tuple], columns: int, tokenize: str = FTS_TOKENIZE):
    """For records to index: ([(row index, term, positions as a PostgreSQL array literal)], [length per row]).
    SQLite groups and orders the positions (in C: a long record has a million token instances)."""
    table, vocab = _tables(columns, tokenize)
    db = _sqlite()
    marks = ", ".join("?" for _ in range(columns + 1))
    names = ", ".join(f"c{i}" for i in range(columns))
    values = [(i, *(None if v is None else str(v) for v in row)) for i, row in enumerate(rows)]
    db.executemany(f"INSERT INTO {table} (rowid, {names}) VALUES ({marks})", values)
    position = f"(CAST(substr(col, 2) AS INTEGER) << {COLUMN_SHIFT}) | offset"
    postings = db.execute(
        f"SELECT doc, term, '{{' || group_concat({position}, ',' ORDER BY {position}) || '}}' "
        f"FROM {vocab} GROUP BY doc, term"
    ).fetchall()
    lengths = [0] * len(rows)
    for doc, count in db.execute(f"SELECT doc, count(*) FROM {vocab} GROUP BY doc"):
        lengths[doc] = count
    db.execute(f"INSERT INTO {table} ({table}) VALUES ('delete-all')")
    return postings, lengths


# --- upkeep -------------------------------------------------------------------------------------------------

SYNC_BATCH = 200
_COPY_SQL = "COPY search_bm25_postings (fts_table, term, doc_id, pos) FROM STDIN"
_COPY_DOCS_SQL = "COPY search_bm25_docs (fts_table, doc_id, length) FROM STDIN"


def pending(spec) -> bool:
    return bool(queries.fetchall(queries.load("bm25_pending"), {"fts": spec.fts_table})[0][0])


def sync(spec) -> int:
    """Index the queued records of one source (under its advisory lock, in one transaction); how many."""
    from django.db import transaction

    with transaction.atomic():
        queries.fetchall(
            "SELECT pg_advisory_xact_lock(hashtext(:key))", {"key": f"josh-bm25:{spec.fts_table}"}
        )
        ids = sorted(
            int(r[0]) for r in queries.fetchall(queries.load("bm25_take_pending"), {"fts": spec.fts_table})
        )
        columns = ", ".join(f"{quote_ident(c)}::text" for c in spec.columns)
        texts = queries.render(
            "bm25_doc_texts", idents={"content": spec.content_table}, raw={"columns": columns}
        )
        for start in range(0, len(ids), SYNC_BATCH):
            batch = ids[start : start + SYNC_BATCH]
            params = {"fts": spec.fts_table, "ids": batch}
            queries.fetchall(queries.load("bm25_drop_postings"), params)
            queries.fetchall(queries.load("bm25_drop_docs"), params)
            rows = queries.fetchall(texts, {"ids": batch})
            _write(spec, [r[0] for r in rows], *index_rows([r[1:] for r in rows], len(spec.columns)))
    return len(ids)


def _copy_text(value: str) -> str:
    """A value in COPY's text format (terms are letters and digits; escaped anyway)."""
    return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r")


def _write(spec, doc_ids: list[int], postings: list[tuple], lengths: list[int]) -> None:
    """COPY the records' postings and lengths, as COPY text written here (psycopg's row adaptation of the
    position arrays cost more than the tokenizing)."""
    fts = _copy_text(spec.fts_table)
    cursor = queries.raw_connection().cursor()
    try:
        with cursor.copy(_COPY_SQL) as copy:
            lines = []
            for doc, term, positions in postings:
                lines.append(f"{fts}\t{_copy_text(term)}\t{doc_ids[doc]}\t{positions}\n")
                if len(lines) >= 10_000:
                    copy.write("".join(lines))
                    lines = []
            copy.write("".join(lines))
        with cursor.copy(_COPY_DOCS_SQL) as copy:
            copy.write("".join(f"{fts}\t{d}\t{n}\n" for d, n in zip(doc_ids, lengths, strict=True)))
    finally:
        cursor.close()


# --- statistics and phrases ---------------------------------------------------------------------------------


@dataclass
class Stats:
    docs: int  # N: records in the source (FTS5's row count)
    tokens: int  # all tokens of all records (avgdl = tokens / docs)
    lengths: np.ndarray  # |D| by doc id (dense: index = doc id)

    @property
    def avgdl(self) -> float:
        return float(self.tokens) / float(self.docs) if self.docs else 0.0


def stats(spec) -> Stats:
    rows = queries.fetchall(queries.load("bm25_lengths"), {"fts": spec.fts_table})
    top = max((int(r[0]) for r in rows), default=-1)
    lengths = np.zeros(top + 1, dtype=np.int64)
    for doc_id, length in rows:
        lengths[int(doc_id)] = int(length)
    return Stats(len(rows), int(lengths.sum()), lengths)


def idf(docs: int, df: int) -> float:
    """FTS5's idf: log((N - n + 0.5) / (n + 0.5)), at least 1e-6."""
    import math

    value = math.log((docs - df + 0.5) / (df + 0.5))
    return value if value > 0.0 else 1e-6


class Postings:
    """The postings of a query's tokens in one source, read in as few statements as possible: every exact
    token in one, each prefix in one (a range of terms). ``docs`` gives doc id -> ascending positions."""

    def __init__(self, spec, tokens: set[tuple[str, bool]]):
        self._by: dict[tuple[str, bool], dict] = {}
        self._counts: dict[tuple[str, bool], int] = {}
        exact = sorted(t for t, prefix in tokens if not prefix)
        if exact:
            rows = queries.fetchall(queries.load("bm25_postings"), {"fts": spec.fts_table, "terms": exact})
            for token in exact:
                self._by[(token, False)] = {}
            for term, doc_id, pos in rows:
                self._by[(term, False)][int(doc_id)] = pos
            for token in exact:
                self._counts[(token, False)] = len(self._by[(token, False)])
        for token in sorted(t for t, prefix in tokens if prefix):
            rows = queries.fetchall(
                queries.load("bm25_prefix_postings"),
                {"fts": spec.fts_table, "lo": token, "hi": token + _TOP_CHAR},
            )
            merged: dict = {}
            per_term: dict = {}
            for term, doc_id, pos in rows:
                merged.setdefault(int(doc_id), []).extend(pos)
                per_term[term] = per_term.get(term, 0) + 1
            self._by[(token, True)] = {d: sorted(p) for d, p in merged.items()}
            # lexical.postings() on SQLite: the records of the first 5,000 terms (fts5vocab order: bytes)
            self._counts[(token, True)] = sum(per_term[t] for t in sorted(per_term)[:5000])

    def docs(self, token: str, prefix: bool) -> dict:
        return self._by[(token, prefix)]

    def count(self, token: str, prefix: bool) -> int:
        return self._counts[(token, prefix)]


def phrase_tokens(tokens: list[str], prefix: bool) -> set[tuple[str, bool]]:
    """The (token, is prefix) reads a phrase needs: only its last token can be a prefix."""
    return {(t, prefix and i == len(tokens) - 1) for i, t in enumerate(tokens)}


def phrase_positions(postings: Postings, tokens: list[str], prefix: bool) -> dict:
    """doc id -> ascending start positions of the phrase (its tokens adjacent, in order, in one column)."""
    if not tokens:
        return {}
    lists = [postings.docs(t, prefix and i == len(tokens) - 1) for i, t in enumerate(tokens)]
    if len(lists) == 1:
        return lists[0]
    docs = set(lists[0])
    for other in lists[1:]:
        docs &= set(other)
    out = {}
    for d in docs:
        starts = lists[0][d]
        for k, other in enumerate(lists[1:], 1):
            have = set(other[d])
            starts = [p for p in starts if p + k in have]
        if starts:
            out[d] = starts
    return out


def near(groups: list[dict], lengths: list[int], distance: int) -> list[dict]:
    """FTS5's NEAR matcher (fts5ExprNearIsMatch), per record: each phrase's positions that FTS5 keeps (the
    instances bm25() then counts), or nothing for a record that does not match. Positions of different
    columns never come within reach of each other (FTS5 keeps the column in the high bits too)."""
    out: list[dict] = [{} for _ in groups]
    docs = set(groups[0])
    for g in groups[1:]:
        docs &= set(g)
    for d in sorted(docs):
        lists = [[(p >> COLUMN_SHIFT) << 32 | (p & ((1 << COLUMN_SHIFT) - 1)) for p in g[d]] for g in groups]
        kept = _near_doc(lists, lengths, distance)
        if kept[0]:
            for i, positions in enumerate(kept):
                out[i][d] = [(p >> 32) << COLUMN_SHIFT | (p & 0xFFFFFFFF) for p in positions]
    return out


def _near_doc(lists: list[list[int]], lengths: list[int], distance: int) -> list[list[int]]:
    at = [0] * len(lists)
    out: list[list[int]] = [[] for _ in lists]

    def pos(i):
        return lists[i][at[i]] if at[i] < len(lists[i]) else _LARGEST

    def ahead(i):
        return lists[i][at[i] + 1] if at[i] + 1 < len(lists[i]) else _LARGEST

    while True:
        top = pos(0)
        matched = False
        while not matched:
            matched = True
            for i in range(len(lists)):
                low = top - lengths[i] - distance
                if pos(i) < low or pos(i) > top:
                    matched = False
                    while pos(i) < low:
                        at[i] += 1
                        if pos(i) == _LARGEST:
                            return out
                    top = max(top, pos(i))
        for i in range(len(lists)):
            if not out[i] or pos(i) != out[i][-1]:
                out[i].append(pos(i))
        advance = min(range(len(lists)), key=lambda i: (ahead(i), i))
        at[advance] += 1
        if pos(advance) == _LARGEST:
            return out


def frequencies(positions: dict, weights: tuple[float, ...]) -> tuple[np.ndarray, np.ndarray]:
    """(doc ids ascending, FTS5's aFreq: each instance's column weight added in position order)."""
    ids = np.array(sorted(positions), dtype=np.int64)
    per_column = [float(w) for w in weights]
    if all(w.is_integer() and abs(w) < 2**20 for w in per_column) and ids.size:
        # whole weights add exactly in any order: one vectorised sum per record
        counts = np.fromiter((len(positions[int(d)]) for d in ids), dtype=np.int64, count=ids.size)
        flat = np.fromiter(
            (p for d in ids.tolist() for p in positions[d]), dtype=np.int64, count=int(counts.sum())
        )
        table = np.array([*per_column, 1.0], dtype=np.float64)
        columns = np.minimum(flat >> COLUMN_SHIFT, len(per_column))
        starts = np.concatenate(([0], np.cumsum(counts)[:-1]))
        return ids, np.add.reduceat(table[columns], starts)
    freq = np.zeros(ids.size, dtype=np.float64)
    for n, d in enumerate(ids.tolist()):
        f = 0.0
        for p in positions[d]:
            col = p >> COLUMN_SHIFT
            f += per_column[col] if col < len(per_column) else 1.0
        freq[n] = f
    return ids, freq


def contribution(freq: np.ndarray, lengths: np.ndarray, phrase_idf: float, avgdl: float) -> np.ndarray:
    """FTS5's per-phrase term of bm25(), the same operations in the same order (fts5Bm25Function)."""
    d = lengths.astype(np.float64)
    return phrase_idf * ((freq * (K1 + 1.0)) / (freq + K1 * (1 - B + B * d / avgdl)))


def term_docs(postings: Postings, tokens: list[str], prefix: bool) -> int:
    """lexical.postings() on SQLite: the records of each token summed (a prefix: of its first 5,000 terms)."""
    return sum(postings.count(t, prefix and i == len(tokens) - 1) for i, t in enumerate(tokens))


def rebuild(spec) -> int:
    """Index every record of one source again from scratch (after a bulk copy); how many records."""
    from django.db import transaction

    with transaction.atomic():
        queries.fetchall(
            queries.render("bm25_requeue", idents={"content": spec.content_table}), {"fts": spec.fts_table}
        )
        return sync(spec)


def sync_pending() -> dict[str, int]:
    """Index what every lexically searched source has queued (slug -> records indexed, for those that had a
    queue): an ingest run's last step, so that its writes are indexed before the run is marked done and
    the next search finds no queue. A write outside an ingest (a curator's correction) is still indexed by
    the next search of its source."""
    from apps.search import eligibility

    done = {}
    for slug, (plan, shape) in sorted(eligibility.shapes().items()):
        if shape in ("body", "short-body") and pending(plan.search):
            done[slug] = sync(plan.search)
    return done
