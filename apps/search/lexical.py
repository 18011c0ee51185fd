"""The lexical leg: exact BM25 per source, fast for very common terms without changing a single rank.

FTS5's ``bm25()`` is a sum over the query's phrases of ``idf(phrase) × saturated weighted frequency`` (the
idf and average length are table-wide), so a record's score for ``a OR b`` is its score for ``a`` plus its
score for ``b``. Two ways to compute the same ranking:

* **direct** — one statement: FTS5 scores every match of the query and SQLite keeps the top ``depth``
  (``sql/lexical*.sql``). Cost grows with the postings of the query's terms: fine until a term is in tens of
  thousands of records (the ``'federal'`` of a 200k-document corpus costs ~150 ms, every time).
* **summed** — when a phrase has more than ``LEXICAL_HEAD_POSTINGS`` postings, its per-record scores are read
  once (``sql/phrase_scores.sql``, FTS5's own numbers) and kept in an in-process *head cache* keyed by the
  FTS index's version (its averages and structure records, rewritten by every write), so a re-ingest can
  never serve stale scores. A query then adds the phrases' score arrays in numpy (in the order FTS5 adds
  them, so the sums are bit-identical), applies required/excluded phrases as set operations, and takes the
  top ``depth`` by (score, doc id) — FTS5's ``ORDER BY bm25, rowid``. Filters are checked on the ranked
  candidates a batch at a time.

Boolean queries (explicit ``AND``/``OR``) always run direct: FTS5 scores only the phrases of the sub-query
that matched, which the sum cannot know. ``bench`` checks the summed top 10 against FTS5's exact order.
"""

import hashlib
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from apps.core.db.quoting import quote_ident
from apps.search import backend, pgsearch, queries
from apps.search.conf import knob
from apps.search.filters import SearchFilters, content_filters
from apps.search.sanitize import ParsedQuery, Term

_TOKENIZE = re.compile(r"tokenize\s*=\s*'([^']*)'", re.IGNORECASE)


@dataclass(frozen=True)
class LexicalHit:
    source: str
    doc_id: int
    bm25: float  # FTS5's value: lower is better (minus the score)


# --- term statistics -------------------------------------------------------------------------------------


def _tokenizer(fts_table: str) -> str:
    rows = queries.fetchall("SELECT sql FROM sqlite_master WHERE name = ?", (fts_table,))
    m = _TOKENIZE.search(rows[0][0] if rows else "")
    return m.group(1) if m else "unicode61"


def _query_tokens(texts: list[str], tokenize: str) -> list[list[str]]:
    """Tokenize with the FTS table's own tokenizer (stemming included) via a contentless temp FTS5 table."""
    name = "josh_qtok_" + hashlib.sha1(tokenize.encode()).hexdigest()[:10]
    table, vocab = quote_ident(name), quote_ident(name + "_i")
    cursor = queries.raw_connection().cursor()
    try:
        cursor.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{table} USING fts5(t, content='', "
            f"tokenize='{tokenize.replace(chr(39), '')}')"
        )
        cursor.execute(
            f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{vocab} USING fts5vocab(temp, {table}, instance)"
        )
        cursor.executemany(f"INSERT INTO temp.{table}(rowid, t) VALUES (?, ?)", list(enumerate(texts)))
        rows = cursor.execute(f"SELECT doc, term FROM temp.{vocab} ORDER BY doc, offset").fetchall()
        cursor.execute(f"INSERT INTO temp.{table}({table}) VALUES ('delete-all')")
    finally:
        cursor.close()
    out: list[list[str]] = [[] for _ in texts]
    for doc, term in rows:
        out[doc].append(term)
    return out


def _vocab(fts_table: str) -> str:
    name = quote_ident(f"{fts_table}_josh_vocab")
    queries.fetchall(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{name} USING fts5vocab(main, {quote_ident(fts_table)}, row)"
    )
    return f"temp.{name}"


def doc_count(fts_table: str) -> int:
    return queries.fetchall(f"SELECT count(*) FROM {quote_ident(fts_table + '_docsize')}")[0][0]


def _postings(vocab: str, term: Term, tokens: list[str]) -> int:
    """Postings FTS5 reads for ``term``: the sum over its tokens (a prefix sums the terms it expands to)."""
    total = 0
    for i, token in enumerate(tokens):
        if term.prefix and i == len(tokens) - 1:
            rows = queries.fetchall(
                f"SELECT total(doc) FROM (SELECT doc FROM {vocab} WHERE term >= ? AND term < ? LIMIT 5000)",
                (token, token + "\U0010ffff"),
            )
        else:
            rows = queries.fetchall(f"SELECT doc FROM {vocab} WHERE term = ?", (token,))
        total += int(rows[0][0]) if rows and rows[0][0] else 0
    return total


def postings(fts_table: str, terms: list[Term]) -> dict[Term, int]:
    """How many postings each term makes FTS5 read in ``fts_table`` (0: not in the index)."""
    tokens = _query_tokens([t.text for t in terms], _tokenizer(fts_table))
    vocab = _vocab(fts_table)
    return {t: _postings(vocab, t, toks) for t, toks in zip(terms, tokens, strict=True)}


# --- the head cache ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PhraseScores:
    doc_ids: np.ndarray  # int64, ascending
    scores: np.ndarray  # float64, FTS5's per-record contribution of the phrase (positive)


_HEAD: "OrderedDict[tuple, PhraseScores]" = OrderedDict()
_HEAD_LOCK = threading.Lock()


def index_version(fts_table: str) -> str:
    """Changes whenever the index does. FTS5 keeps a transaction's writes in memory until commit, so inside
    an open write transaction this connection's change counter is part of the version too."""
    sql = queries.render("fts_version", idents={"data": f"{fts_table}_data"})
    digest = hashlib.sha1()
    for _, block in queries.fetchall(sql):
        digest.update(bytes(block or b""))
    raw = queries.raw_connection()
    if raw.in_transaction:
        digest.update(f"tx:{id(raw)}:{raw.total_changes}".encode())
    return digest.hexdigest()


def _weights_params(spec) -> tuple[str, dict]:
    return ", ".join(f":w{i}" for i in range(len(spec.weights))), {
        f"w{i}": float(w) for i, w in enumerate(spec.weights)
    }


def _read_phrase(spec, term: Term) -> PhraseScores:
    weights, params = _weights_params(spec)
    sql = queries.render("phrase_scores", idents={"fts": spec.fts_table}, raw={"weights": weights})
    rows = queries.fetchall(sql, {**params, "q": term.fts()})
    ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
    scores = np.fromiter((r[1] for r in rows), dtype=np.float64, count=len(rows))
    order = np.argsort(ids, kind="stable")  # FTS5 returns rowid order already; make it a guarantee
    return PhraseScores(ids[order], scores[order])


def phrase_scores(spec, term: Term, version: str, *, cache: bool) -> PhraseScores:
    """Every record's BM25 contribution for one phrase; kept in the head cache when ``cache``."""
    if not cache:
        return _read_phrase(spec, term)
    key = (queries.database_name(), spec.fts_table, term.fts(), tuple(spec.weights), version)
    with _HEAD_LOCK:
        hit = _HEAD.get(key)
        if hit is not None:
            _HEAD.move_to_end(key)
            return hit
    found = _read_phrase(spec, term)
    with _HEAD_LOCK:
        _HEAD[key] = found
        budget = knob("LEXICAL_HEAD_CACHE_POSTINGS")
        while len(_HEAD) > 1 and sum(p.doc_ids.size for p in _HEAD.values()) > budget:
            _HEAD.popitem(last=False)
    return found


def clear_head_cache() -> None:
    with _HEAD_LOCK:
        _HEAD.clear()
    pgsearch.clear_head_cache()


# --- ranking ----------------------------------------------------------------------------------------------


@dataclass
class SourceResult:
    hits: list[LexicalHit]
    match: str | None  # the FTS5 expression (for snippets)
    summed: bool = False  # ranked by the summed path (head cache)
    df: dict | None = None  # scored term -> documents of this source that have it (postings)
    docs: int = 0  # documents in this source's index
    spec: object = None  # the source's SearchSpec


def rank_source(source: str, spec, parsed: ParsedQuery, filters: SearchFilters, *, depth: int):
    """The ``depth`` best records of one source for ``parsed``, in FTS5's exact BM25 order (PostgreSQL: the
    same numbers, apps.search.pgbm25)."""
    return backend.current().rank_source(source, spec, parsed, filters, depth)


def _direct(source: str, spec, parsed: ParsedQuery, filters: SearchFilters, depth: int) -> list[LexicalHit]:
    fragments, params = content_filters(spec, filters)
    weights, weight_params = _weights_params(spec)
    must = parsed.must()
    allowed = "JOIN must USING (doc_id)" if fragments == [] else "JOIN must ON must.doc_id = m.doc_id"
    sql = queries.render(
        "lexical" if fragments else "lexical_unfiltered",
        idents={"fts": spec.fts_table, "content": spec.content_table},
        raw={
            "weights": weights,
            "filters": "".join(f" AND {f}" for f in fragments),
            "allowed": allowed if must else "",
        },
    )
    match = parsed.fts()
    params.update(weight_params)
    params.update({"q": match, "must": must or match, "depth": depth})
    return [LexicalHit(source, doc_id, bm25) for doc_id, bm25 in queries.fetchall(sql, params)]


def _summed(source, spec, parsed: ParsedQuery, filters: SearchFilters, depth: int, heavy: set[Term]):
    version = index_version(spec.fts_table)

    def scores(term: Term) -> PhraseScores:
        return phrase_scores(spec, term, version, cache=term in heavy)

    scored = {t: scores(t) for t in parsed.scored()}
    ids, inverse = _positions([p.doc_ids for p in scored.values()])
    total = np.zeros(ids.size, dtype=np.float64)
    present = np.zeros(ids.size, dtype=bool)
    for term, where in zip(scored, inverse, strict=True):
        # FTS5 adds the phrases in query order, starting from 0.0: so do we (bit-identical sums)
        total[where] += scored[term].scores
        if term not in parsed.required:
            present[where] = True
    if parsed.required:
        present[:] = True
        for term, where in zip(scored, inverse, strict=True):
            if term in parsed.required:
                has = np.zeros(ids.size, dtype=bool)
                has[where] = True
                present &= has
    for term in parsed.exclude:
        present &= ~np.isin(ids, scores(term).doc_ids, assume_unique=True)
    return _top(source, spec, ids[present], total[present], filters, depth)


def _positions(arrays: list[np.ndarray]) -> tuple[np.ndarray, list[np.ndarray]]:
    """The union of several ascending id arrays and, for each array, where its ids sit in that union."""
    if len(arrays) == 1:
        return arrays[0], [np.arange(arrays[0].size)]
    if not arrays:
        return np.zeros(0, dtype=np.int64), []
    top = max((int(a[-1]) for a in arrays if a.size), default=-1)
    if top < 4 * sum(a.size for a in arrays) + 1024:  # ids are dense enough for a bitmap (the usual case)
        seen = np.zeros(top + 1, dtype=bool)
        for a in arrays:
            seen[a] = True
        slot = np.cumsum(seen) - 1
        return np.flatnonzero(seen), [slot[a] for a in arrays]
    ids = np.sort(np.concatenate(arrays))
    ids = ids[np.concatenate(([True], ids[1:] != ids[:-1]))]
    return ids, [np.searchsorted(ids, a) for a in arrays]


def _top(source, spec, ids: np.ndarray, scores: np.ndarray, filters: SearchFilters, depth: int):
    """Best ``depth`` by (score desc, id asc); with filters, walk the ranking a growing batch at a time."""
    if not filters.any:
        order = _best(ids, scores, depth)
        return [LexicalHit(source, int(ids[i]), -float(scores[i])) for i in order]
    order = np.lexsort((ids, -scores))
    fragments, params = content_filters(spec, filters)
    sql = queries.render(
        "filter_ids",
        idents={"content": spec.content_table},
        raw={"filters": "".join(f" AND {f}" for f in fragments)},
    )
    out: list[LexicalHit] = []
    start, batch = 0, max(depth * 4, 256)
    while start < order.size and len(out) < depth:
        part = order[start : start + batch]
        passed = {r[0] for r in queries.fetchall(sql, {**params, "ids": queries.ids_param(ids[part])})}
        out += [LexicalHit(source, int(ids[i]), -float(scores[i])) for i in part if int(ids[i]) in passed]
        start, batch = start + part.size, batch * 4
    return out[:depth]


def _best(ids: np.ndarray, scores: np.ndarray, depth: int) -> np.ndarray:
    """Positions of the ``depth`` best by (score desc, id asc) without sorting everything: the cut score is
    found by partition, then only the records at or above it are ordered."""
    if scores.size > depth * 8:
        cut = np.partition(scores, scores.size - depth)[scores.size - depth]
        keep = np.flatnonzero(scores >= cut)
    else:
        keep = np.arange(scores.size)
    return keep[np.lexsort((ids[keep], -scores[keep]))][:depth]


# FTS5's snippet() costs the square of the record's hits and runs inside one VM step, where neither the
# progress handler nor interrupt() can stop it (16k hits: 12 s). So it runs on a bounded copy of the record
# in a temp FTS5 table with the index's tokenizer (apps.search.backend_sqlite): a column of at most
# SNIPPET_WINDOW characters whole (the same text, so the same snippet), a longer one as a window of that size
# from just before its first query word within its first SNIPPET_SCAN characters. PostgreSQL's ts_headline
# gets the same bounded texts.
SNIPPET_WINDOW = 4_000
SNIPPET_SCAN = 200_000
_WORDS = re.compile(r"\w{3,}")


def snippet(spec, match: str, doc_id: int) -> str | None:
    texts = _snippet_texts(spec, match, doc_id)
    if texts is None:
        return None
    return backend.current().snippet(spec, texts, match)


def _snippet_texts(spec, match: str, doc_id: int) -> list[str] | None:
    """Each column's text, whole or a window around its first query word (a word of the query cut to a
    stem-like prefix, so 'regulations' finds 'regulated')."""
    columns = ", ".join(f"substr({quote_ident(c)}, 1, :scan), length({quote_ident(c)})" for c in spec.columns)
    sql = queries.render("snippet_columns", idents={"content": spec.content_table}, raw={"columns": columns})
    rows = queries.fetchall(sql, {"doc_id": doc_id, "scan": SNIPPET_SCAN})
    if not rows:
        return None
    stems = sorted({w[: max(4, len(w) - 3)] for w in _WORDS.findall(match.lower())} - {"and", "not"})
    first_word = re.compile("|".join(re.escape(s) for s in stems), re.IGNORECASE) if stems else None
    texts = []
    for text, length in zip(rows[0][::2], rows[0][1::2], strict=True):
        if text is None or length <= SNIPPET_WINDOW:
            texts.append(text)
            continue
        found = first_word.search(text) if first_word else None
        start = max(0, found.start() - SNIPPET_WINDOW // 4) if found else 0
        texts.append(text[start : start + SNIPPET_WINDOW])
    return texts
