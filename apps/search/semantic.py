"""The semantic leg: an in-process packed-bit index per ``<base>_chunks`` table.

Why not vec0 KNN: sqlite-vec brute force reads every chunk and its top-k costs O(k) per row block, so an
oversampled candidate set is slow there; a column-major numpy popcount scan is 5-10x faster
(docs/SQLITE.md §4, re-measured by ``python -m bench``). The index holds, per chunk: the sign bits
(48 bytes at 384 dims), chunk id, document id, publication day and congress. A query

1. builds a boolean pre-filter mask from the filters (dates, congress, the documents of a bill) —
   **before** any distance is computed, so a filtered query never comes back short;
2. takes the ``candidates`` nearest chunks by Hamming distance among the masked rows (all of them when
   the mask is smaller than that: exact search);
3. rescores them by float cosine with the stored float32 vectors (rowid point lookups in SQLite);
4. keeps the best chunk per document, for ``DOC_POOL`` × the documents asked for;
5. scores each of those documents by ``(1 - w)·best chunk cosine + w·document cosine``, where the document
   cosine is against the mean of all its chunk vectors (``SEMANTIC_DOC_WEIGHT`` w, 0.5: equal). The best
   chunk finds the passage; the mean says whether the record as a whole is about the query, which a
   record with one on-topic sentence is not (chosen on the eval's dev split: docs/SEARCH.md).

The index is rebuilt when ``search_index_state.token`` for its table changes (every embed run writes it).
"""

import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache

import numpy as np

from apps.core.db import timelimit
from apps.core.db.quoting import quote_ident
from apps.search import backend, queries
from apps.search.conf import knob
from apps.search.filters import SearchFilters

_NULL_DAY = np.iinfo(np.int32).min
_EPOCH = np.datetime64("1970-01-01", "D")


def pack_bits(vectors: np.ndarray) -> np.ndarray:
    """Sign bits, LSB first: byte-identical to sqlite-vec's ``vec_quantize_binary``."""
    return np.packbits(vectors > 0, axis=-1, bitorder="little")


def _day(value) -> int:
    if not value:
        return _NULL_DAY
    return int((np.datetime64(str(value)[:10], "D") - _EPOCH).astype(np.int64))


@dataclass(frozen=True)
class SemanticHit:
    source: str
    doc_id: int
    chunk_id: int
    cosine: float  # the document score the leg ranks by (step 5 above)
    chunk_cosine: float | None = None
    doc_cosine: float | None = None


class ChunkIndex:
    def __init__(self, table: str, token: str, rows: list[tuple]):
        self.table, self.token = table, token
        n = len(rows)
        self.chunk_ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=n)
        self.doc_ids = np.fromiter((r[1] for r in rows), dtype=np.int64, count=n)
        self.days = np.fromiter((_day(r[2]) for r in rows), dtype=np.int32, count=n)
        self.congress = np.fromiter((r[3] if r[3] is not None else -1 for r in rows), dtype=np.int32, count=n)
        bits = np.frombuffer(b"".join(r[4] for r in rows), dtype=np.uint8)
        self.words = self._column_major(bits, n)
        # doc id -> unit mean vector, filled on demand; dropped with the index when its table changes
        self.centroids: dict[int, np.ndarray] = {}

    @staticmethod
    def _column_major(bits: np.ndarray, n: int) -> np.ndarray:
        if n == 0:
            return np.zeros((0, 0), dtype=np.uint64)
        per_row = bits.size // n
        padded = np.zeros((n, -(-per_row // 8) * 8), dtype=np.uint8)
        padded[:, :per_row] = bits.reshape(n, per_row)
        return np.ascontiguousarray(padded.view(np.uint64).T)  # [words, n]: one contiguous row per word

    def __len__(self) -> int:
        return int(self.chunk_ids.size)

    def mask(
        self, filters: SearchFilters, doc_ids: np.ndarray | None, banned: np.ndarray | None = None
    ) -> np.ndarray | None:
        """Rows allowed by the filters (and not of a ``banned`` document), or None for all rows."""
        mask = None

        def both(m):
            return m if mask is None else mask & m

        if filters.since:
            mask = both(self.days >= _day(filters.since.isoformat()))
        if filters.until:
            mask = both((self.days <= _day(filters.until.isoformat())) & (self.days != _NULL_DAY))
        if filters.congress is not None:
            mask = both(self.congress == filters.congress)
        if doc_ids is not None:
            mask = both(np.isin(self.doc_ids, doc_ids))
        if banned is not None and banned.size:
            mask = both(~np.isin(self.doc_ids, banned))
        return mask

    def hamming(self, qwords: np.ndarray, rows: np.ndarray | None) -> np.ndarray:
        """Hamming distance of every (or every selected) row to the query bits."""
        words = self.words if rows is None else self.words[:, rows]
        n = words.shape[1]
        dist = np.empty(n, dtype=np.uint16)
        parts = _THREADS if n >= _PARALLEL_FROM else 1
        step = -(-n // parts)
        spans = [(lo, min(n, lo + step)) for lo in range(0, n, step)]
        if len(spans) == 1:
            _hamming_span(words, qwords, dist, *spans[0])
        else:  # numpy releases the GIL in these loops: the halves run on both cores
            list(_pool().map(lambda span: _hamming_span(words, qwords, dist, *span), spans))
        return dist

    def candidates(self, qvec: np.ndarray, mask: np.ndarray | None, count: int) -> np.ndarray:
        """Row positions of the ``count`` nearest chunks by Hamming distance among ``mask``."""
        rows = None if mask is None else np.flatnonzero(mask)
        n = len(self) if rows is None else rows.size
        if n <= count:
            return np.arange(n) if rows is None else rows
        qbits = np.zeros(self.words.shape[0] * 8, dtype=np.uint8)
        packed = pack_bits(qvec)
        qbits[: packed.size] = packed
        top = smallest(self.hamming(qbits.view(np.uint64), rows), count)
        return top if rows is None else rows[top]


_THREADS = 2
_PARALLEL_FROM = 1 << 18
_BLOCK = 1 << 15  # rows per step: the xor/popcount temporaries stay in L2


@cache
def _pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(_THREADS, thread_name_prefix="josh-hamming")


def _hamming_span(words: np.ndarray, qwords: np.ndarray, dist: np.ndarray, lo: int, hi: int) -> None:
    xor = np.empty(_BLOCK, dtype=np.uint64)
    count = np.empty(_BLOCK, dtype=np.uint8)
    for start in range(lo, hi, _BLOCK):
        end = min(start + _BLOCK, hi)
        x, c, out = xor[: end - start], count[: end - start], dist[start:end]
        for w in range(words.shape[0]):
            np.bitwise_xor(words[w, start:end], qwords[w], out=x)
            np.bitwise_count(x, out=c)
            if w == 0:
                out[:] = c
            else:
                np.add(out, c, out=out)


def smallest(dist: np.ndarray, count: int) -> np.ndarray:
    """Positions of ``count`` smallest distances: a histogram finds the cut, so no partial sort of N."""
    cut = int(np.searchsorted(np.cumsum(np.bincount(dist)), count))
    below = np.flatnonzero(dist < cut)
    at = np.flatnonzero(dist == cut)[: count - below.size]
    return np.concatenate([below, at])


_CACHE: dict[tuple[str, str, str], ChunkIndex] = {}
_LOCK = threading.Lock()


def _token(table: str) -> str:
    try:
        rows = queries.fetchall("SELECT token FROM search_index_state WHERE chunk_table = ?", (table,))
    except Exception:  # a database without the state table (e.g. before migrate)
        rows = []
    if rows:
        return rows[0][0]
    stats = queries.fetchall(f"SELECT count(*), max(id) FROM {quote_ident(table)}")[0]
    return f"untracked:{stats[0]}:{stats[1]}"


def index_for(table: str, model_id: str) -> ChunkIndex:
    """The current index of ``table`` for ``model_id``, rebuilt when the table changed."""
    key = (str(queries.database_name()), table, model_id)
    token = _token(table)
    index = _CACHE.get(key)
    if index is not None and index.token == token:
        return index
    with _LOCK:
        index = _CACHE.get(key)
        if index is None or index.token != token:
            sql = queries.render("chunk_index", idents={"chunks": table})
            # a load serves every later query: it is not the current request's work (1M chunks take ~10 s)
            with timelimit.suspended():
                index = ChunkIndex(table, token, queries.fetchall(sql, {"model_id": model_id}))
            _CACHE[key] = index
    return index


def candidate_count(n: int, need: int, *, prefix: str | None = None) -> int:
    """How many candidates the float rescore gets; PostgreSQL's HNSW walk has its own knobs (PG_...).
    ``prefix=""``: SQLite's knobs on either engine (PostgreSQL's exact scan keeps as many as SQLite's rescore)."""
    prefix = backend.current().knob_prefix if prefix is None else prefix
    return max(
        knob(f"{prefix}SEMANTIC_CANDIDATES_MIN"), n // knob(f"{prefix}SEMANTIC_CANDIDATES_PER"), need * 4
    )


def rescore(table: str, chunk_ids: np.ndarray, qvec: np.ndarray):
    """(chunk_id, doc_id, cosine) for the candidates, best first (a generator: callers stop early)."""
    chunks, docs, scores = rescored(table, chunk_ids, qvec)
    for i in range(chunks.size):
        yield int(chunks[i]), int(docs[i]), float(scores[i])


def rescored(
    table: str, chunk_ids: np.ndarray, qvec: np.ndarray
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(chunk ids, doc ids, float cosines) of the candidates, best first (ties in the order read)."""
    empty = (np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.float32))
    if chunk_ids.size == 0:
        return empty
    sql = queries.render("chunk_vectors", idents={"chunks": table})
    rows = queries.fetchall(sql, {"ids": queries.ids_param(chunk_ids.tolist())})
    if not rows:
        return empty
    matrix = np.frombuffer(b"".join(r[2] for r in rows), dtype=np.float32).reshape(len(rows), -1)
    scores = matrix @ qvec.astype(np.float32)
    order = np.argsort(-scores, kind="stable")
    chunks = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
    docs = np.fromiter((r[1] for r in rows), dtype=np.int64, count=len(rows))
    return chunks[order], docs[order], scores[order]


@dataclass
class Counted:
    """How many documents of a source pass the floor, and whether that is all of them (``complete``): the
    leg saw every chunk at or above the floor (an exact scan whose rescored list fell below it, or ended)."""

    above: int
    complete: bool


def search_table(
    source: str,
    table: str,
    model_id: str,
    qvec: np.ndarray,
    filters: SearchFilters,
    *,
    depth: int,
    doc_ids: np.ndarray | None = None,
    banned: np.ndarray | None = None,
    exclude_doc: int | None = None,
    approximate: list[str] | None = None,
    floor: float = 0.0,
    counted: dict[str, Counted] | None = None,
) -> list[SemanticHit]:
    """Best chunk per document, ``depth`` documents, nearest first; only documents with a chunk whose cosine
    is at least ``floor`` (0: no floor), and none of ``banned``. When the bit scan kept fewer candidates than
    the filters allow, a note saying so is appended to ``approximate``; ``counted[source]`` gets the count."""
    return backend.current().search_table(
        source, table, model_id, qvec, filters, depth=depth, doc_ids=doc_ids, banned=banned,
        exclude_doc=exclude_doc, approximate=approximate, floor=floor, counted=counted,
    )  # fmt: skip


def best_per_document(rescored, depth: int) -> dict[int, tuple[int, float]]:
    """doc id -> (its best chunk, that chunk's cosine) from rescored (chunk, doc, cosine) rows (best first),
    enough documents for step 5 above."""
    rows = list(rescored)
    ranked = tuple(np.array([r[i] for r in rows]) for i in range(3)) if rows else (np.zeros(0),) * 3
    return collect(ranked, depth, 0.0)[0]


def collect(ranked, depth: int, floor: float) -> tuple[dict[int, tuple[int, float]], int, bool]:
    """From ``ranked`` (chunk ids, doc ids, cosines, best first): (doc id -> (its best chunk, that chunk's
    cosine) for enough documents for step 5 above, how many documents have a chunk at or above ``floor``,
    whether every chunk at or above the floor was among them: the list fell below it, or ended)."""
    chunks, docs, scores = ranked
    pool = depth * DOC_POOL if knob("SEMANTIC_DOC_WEIGHT") else depth
    if floor:
        keep = int(np.searchsorted(-scores, -floor, side="right"))  # scores >= floor: a prefix
        chunks, docs, scores = chunks[:keep], docs[:keep], scores[:keep]
    _, first = np.unique(docs, return_index=True)  # each document's best chunk: its first in the list
    first.sort()
    best = {int(docs[i]): (int(chunks[i]), float(scores[i])) for i in first[:pool]}
    if floor:
        return best, int(first.size), True
    return best, len(best), first.size <= pool


def centroid_cache(table: str, model_id: str) -> dict:
    """The mean-vector cache of ``table``: the in-process index's on SQLite, a token-keyed dict on PostgreSQL."""
    return backend.current().centroid_cache(table, model_id)


def document_scores(
    source: str, table: str, model_id: str, qvec: np.ndarray, best: dict[int, tuple[int, float]], cache: dict
) -> list[SemanticHit]:
    """Step 5 above, for ``best`` (doc id -> (best chunk id, its cosine)), best first."""
    weight = knob("SEMANTIC_DOC_WEIGHT")
    if not weight:
        return [SemanticHit(source, d, c, cos, chunk_cosine=cos) for d, (c, cos) in best.items()]
    centroids = document_vectors(table, model_id, list(best), cache)
    hits = []
    for doc_id, (chunk_id, cosine) in best.items():
        doc_cosine = float(centroids[doc_id] @ qvec) if doc_id in centroids else cosine
        score = (1 - weight) * cosine + weight * doc_cosine
        hits.append(SemanticHit(source, doc_id, chunk_id, score, cosine, doc_cosine))
    hits.sort(key=lambda h: (-h.cosine, h.doc_id))
    return hits


# Documents per asked-for one whose mean vector is compared: a record the best chunk ranks past this is
# not lifted in by its mean (the dev split scored the same with 3x as with 10x and with every document).
DOC_POOL = 3
# Mean vectors kept per index (1.5 KiB each): the most recent queries' documents.
CENTROID_CACHE = 50_000


def document_vectors(table: str, model_id: str, doc_ids: list[int], cache: dict) -> dict[int, np.ndarray]:
    """Unit mean chunk vector of each document (those with no vectors are left out), kept in ``cache`` (which
    its owner drops when the table changes: the SQLite index holds one)."""
    missing = [d for d in doc_ids if d not in cache]
    if missing:
        sql = queries.render("doc_vectors", idents={"chunks": table})
        grouped: dict[int, list[bytes]] = {}
        for doc_id, blob in queries.fetchall(sql, {"ids": queries.ids_param(missing), "model_id": model_id}):
            grouped.setdefault(doc_id, []).append(blob)
        if len(cache) + len(grouped) > CENTROID_CACHE:
            cache.clear()
        for doc_id, blobs in grouped.items():
            mean = np.frombuffer(b"".join(blobs), dtype=np.float32).reshape(len(blobs), -1).mean(axis=0)
            cache[doc_id] = (mean / max(float(np.linalg.norm(mean)), 1e-12)).astype(np.float32)
    return {d: cache[d] for d in doc_ids if d in cache}
