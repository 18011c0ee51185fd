"""The lexical, semantic and name legs on PostgreSQL + pgvector, behind the same functions as on SQLite.

``lexical.rank_source``, ``lexical.snippet``, ``corpus_bm25.across_sources``, ``semantic.search_table`` and
``names.search_names`` hand over to this module when the connection is PostgreSQL; the selectors, the fusion
and every surface above them are the same code on both engines. The statements are the files of
``sql/postgres/`` (docs/DEPLOY.md).

* **Lexical**: FTS5's ``bm25()`` itself (``bm25_source``): the parsed query (``sanitize.ParsedQuery``: the same
  user syntax) evaluated over the terms, positions and lengths ``apps.search.pgbm25`` keeps beside the
  tsvector (tokenized by FTS5), phrase by phrase with FTS5's arithmetic; the same required, ``NOT``, boolean
  and ``NEAR`` semantics; the same corpus-wide re-scoring (``corpus_parts`` feeds ``corpus_bm25``). A phrase
  in more than ``PG_LEXICAL_HEAD_POSTINGS`` records keeps its per-record contributions in the head cache.
  The tsvector column still serves snippets (``ts_headline`` with ``tsqueries``), names and the probe.
* **Semantic**: candidates from the HNSW index over half-precision vectors (iterative scan, filters applied
  inside the walk), or, when the filters allow few chunks or the walk came back short, the nearest allowed
  chunks by exact float cosine; then the same float rescore and document scores as on SQLite.
* **Names**: the ``simple`` (unstemmed) tsvector of the name columns with each word matched as a prefix,
  ranked by ``ts_rank``, as FTS5's prefix queries do on SQLite (pg_trgm is not in every PostgreSQL build).
"""

import datetime
import math
import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np

from apps.core.db import timelimit
from apps.core.db.quoting import quote_ident
from apps.search import filters as filters_module
from apps.search import pgbm25, queries
from apps.search.conf import EMBED_DIM, knob
from apps.search.filters import SearchFilters
from apps.search.sanitize import ParsedQuery, Term

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


# --- lexical ----------------------------------------------------------------------------------------------


def term_query(term: Term) -> str | None:
    """One term as tsquery text (for ts_headline's snippet only; BM25 ranks from apps.search.pgbm25): its
    words as quoted lexemes, adjacent in order; the last one a prefix for ``word*``; a NEAR group's words
    any of them. Words are letters and digits only, so nothing in them is tsquery syntax."""
    if term.near:
        parts = [p for p in (term_query(t) for t in term.near) if p]
        return f"({' | '.join(parts)})" if parts else None
    words = _WORD.findall(term.text)
    if not words:
        return None
    lexemes = [f"'{w}'" for w in words]
    if term.prefix:
        lexemes[-1] += ":*"
    joined = " <-> ".join(lexemes)
    return f"({joined})" if len(lexemes) > 1 else joined


def _join(terms: list[Term], operator: str) -> str | None:
    parts = [p for p in (term_query(t) for t in terms) if p]
    return f"({f' {operator} '.join(parts)})" if parts else None


def tsqueries(parsed: ParsedQuery) -> tuple[str | None, str | None]:
    """(the query's words as a tsquery, must-match tsquery or None): what ts_headline marks in a snippet."""
    if parsed.groups is not None:
        groups = []
        for group in parsed.groups:
            core = _join(group.include, "&")
            if core and (excluded := _join(group.exclude, "|")):
                core = f"({core} & !{excluded})"
            if core:
                groups.append(core)
        return (" | ".join(groups) or None), None
    score = _join(parsed.scored(), "|")
    must = [q for q in (_join(parsed.required, "&"),) if q]
    if excluded := _join(parsed.exclude, "|"):
        must.append(f"!{excluded}")
    return score, (" & ".join(must) or None)


def _idf(docs: int, df: int) -> float:
    """FTS5's idf (corpus_bm25.idf): log((N - n + 0.5) / (n + 0.5)), floored at 1e-6."""
    df = min(df, docs)
    return max(math.log((docs - df + 0.5) / (df + 0.5)), 1e-6) if df else 0.0


def _versions(spec) -> list[tuple]:
    return queries.fetchall(
        queries.load("head_version"),
        {"fts": spec.fts_table, "content": spec.content_table, "trigger": f"{spec.fts_table}_version"},
    )


def head_version(spec) -> int | None:
    """The content table's write counter, or None when its version trigger is missing (nothing cached)."""
    rows = _versions(spec)
    return int(rows[0][0]) if rows else None


def cache_version(spec) -> tuple | None:
    """What cached numbers are keyed by: the write counter and, inside a transaction that has written, its
    id (what it reads includes its uncommitted rows, and a version number it rolls back is used again)."""
    rows = _versions(spec)
    return (int(rows[0][0]), rows[0][1]) if rows else None


# The head cache: a phrase in more than PG_LEXICAL_HEAD_POSTINGS records (the "federal" of a federal corpus)
# costs a read of all its postings and a pass over their positions on every query. Its per-record BM25
# contributions (which depend on N and avgdl too) are kept here per version of the content table (the
# statement-level trigger <fts>_version moves it on every write), least recently used dropped past
# LEXICAL_HEAD_CACHE_POSTINGS; the source's lengths and N are kept the same way. Same numbers, same ranks.
# Every other phrase stays in a short LRU (_RECENT) for the corpus-wide re-scoring of the same search.
_HEAD: "OrderedDict[tuple, Phrase]" = OrderedDict()
_RECENT: "OrderedDict[tuple, Phrase]" = OrderedDict()
_RECENT_MAX = 512
_STATS: dict[tuple, pgbm25.Stats] = {}
_COUNTS: dict[tuple, int] = {}
_HEAD_LOCK = threading.Lock()


def clear_head_cache() -> None:
    with _HEAD_LOCK:
        _HEAD.clear()
        _RECENT.clear()
        _STATS.clear()
        _COUNTS.clear()


@dataclass
class Phrase:
    """One query term in one source: the records that match it and, per FTS5 phrase in it (a NEAR group has
    several), each record's contribution to bm25() in that order."""

    ids: np.ndarray  # int64 ascending
    parts: list  # one float64 array per FTS5 phrase, aligned with ids

    @property
    def total(self) -> np.ndarray:
        """The term's own bm25() (FTS5's score of a query of this term alone): its phrases added from 0.0."""
        out = np.zeros(self.ids.size, dtype=np.float64)
        for part in self.parts:
            out = out + part
        return out


def _key(spec, *rest) -> tuple:
    return (queries.database_name(), spec.fts_table, *rest)


def _stats(spec, version: tuple | None) -> pgbm25.Stats:
    key = _key(spec, version)
    if version is not None:
        with _HEAD_LOCK:
            if key in _STATS:
                return _STATS[key]
    found = pgbm25.stats(spec)
    if version is not None:
        with _HEAD_LOCK:
            for old in [k for k in _STATS if k[:2] == key[:2]]:
                del _STATS[old]
            _STATS[key] = found
    return found


def _phrase_key(spec, term: Term, version: tuple | None) -> tuple | None:
    return None if version is None else _key(spec, term.fts(), tuple(spec.weights), version)


def _cached_phrase(key: tuple | None) -> "Phrase | None":
    if key is None:
        return None
    with _HEAD_LOCK:
        for cache in (_HEAD, _RECENT):
            hit = cache.get(key)
            if hit is not None:
                cache.move_to_end(key)
                return hit
    return None


def _tokens(term: Term) -> list[tuple[list[str], bool]]:
    """(tokens, last is a prefix) of each FTS5 phrase of the term (a NEAR group: each of its phrases)."""
    return [(pgbm25.query_tokens(t.text), t.prefix) for t in (term.near or (term,))]


def _phrase(spec, term: Term, st: pgbm25.Stats, postings: pgbm25.Postings, key: tuple | None) -> Phrase:
    members = _tokens(term)
    positions = [pgbm25.phrase_positions(postings, tokens, prefix) for tokens, prefix in members]
    dfs = [len(p) for p in positions]  # xQueryPhrase: the records of each phrase alone
    if term.near:
        positions = pgbm25.near(positions, [len(tokens) for tokens, _ in members], term.distance)
    ids = np.array(sorted(positions[0]), dtype=np.int64)
    lengths = st.lengths[ids] if ids.size else np.zeros(0, dtype=np.int64)
    parts = []
    for found, df in zip(positions, dfs, strict=True):
        _, freq = pgbm25.frequencies({int(d): found[int(d)] for d in ids}, spec.weights)
        parts.append(pgbm25.contribution(freq, lengths, pgbm25.idf(st.docs, df), st.avgdl))
    phrase = Phrase(ids, parts)
    if key is not None:
        heavy = ids.size > knob("PG_LEXICAL_HEAD_POSTINGS")
        with _HEAD_LOCK:
            cache = _HEAD if heavy else _RECENT
            cache[key] = phrase
            if heavy:
                budget = knob("LEXICAL_HEAD_CACHE_POSTINGS")
                while len(_HEAD) > 1 and sum(v.ids.size for v in _HEAD.values()) > budget:
                    _HEAD.popitem(last=False)
            while len(_RECENT) > _RECENT_MAX:
                _RECENT.popitem(last=False)
    return phrase


def _count_tokens(term: Term) -> tuple[list[str], bool]:
    """What SQLite's lexical.postings() counts for the term: the tokens of its text (a NEAR group: all its
    words, none a prefix), the last a prefix for ``word*``."""
    return pgbm25.query_tokens(term.text), term.prefix and not term.near


def _phrases(spec, terms: list[Term], scored: list[Term], st, version) -> tuple[dict, dict]:
    """Each term's Phrase and each scored term's postings count, from the caches or one Postings read."""
    phrases = {t: _cached_phrase(_phrase_key(spec, t, version)) for t in terms}
    counts: dict = {}
    with _HEAD_LOCK:
        for t in scored:
            if version is not None and _key(spec, "df", t.fts(), version) in _COUNTS:
                counts[t] = _COUNTS[_key(spec, "df", t.fts(), version)]
    wanted: set = set()
    for t in terms:
        if phrases[t] is None:
            for tokens, prefix in _tokens(t):
                wanted |= pgbm25.phrase_tokens(tokens, prefix)
    for t in scored:
        if t not in counts:
            wanted |= pgbm25.phrase_tokens(*_count_tokens(t))
    if wanted:
        postings = pgbm25.Postings(spec, wanted)
        for t in terms:
            if phrases[t] is None:
                phrases[t] = _phrase(spec, t, st, postings, _phrase_key(spec, t, version))
        for t in scored:
            if t not in counts:
                counts[t] = pgbm25.term_docs(postings, *_count_tokens(t))
                if version is not None:
                    with _HEAD_LOCK:
                        _COUNTS[_key(spec, "df", t.fts(), version)] = counts[t]
    return phrases, counts


@dataclass
class Ranked:
    """Every record a query admits in one source, with FTS5's bm25() (positive: higher is better)."""

    ids: np.ndarray
    scores: np.ndarray
    match: str | None  # the tsquery ts_headline marks snippets with
    df: dict  # scored term -> SQLite's postings count (lexical.postings)
    docs: int


def _synced_version(spec) -> tuple | None:
    """The cache version (read before the sync: a write after it moves it, so nothing stale is kept), after
    indexing whatever records wait (the writes' own upkeep, not the request's work, as a semantic index load
    is not: no time limit)."""
    rows = _versions(spec)
    if rows[0][2] if rows else pgbm25.pending(spec):
        with timelimit.suspended():
            pgbm25.sync(spec)
    return (int(rows[0][0]), rows[0][1]) if rows else None


def bm25_source(spec, parsed: ParsedQuery) -> Ranked:
    """FTS5's bm25() with the plan's column weights over every record the query admits, as SQLite computes
    it: any-term queries sum their phrases (required ones must match, NOT ones must not); a boolean query
    sums the phrases of each alternative that matched (FTS5 clears the positions of one that did not)."""
    version = _synced_version(spec)
    st = _stats(spec, version)
    scored = parsed.scored()
    every = list(dict.fromkeys(scored + parsed.exclude + [t for g in parsed.groups or [] for t in g.exclude]))
    phrases, df = _phrases(spec, every, scored, st, version)
    match = tsqueries(parsed)[0]
    empty = np.zeros(0, dtype=np.int64)
    if not any(df.values()):
        return Ranked(empty, np.zeros(0), None, df, st.docs)
    universe = np.unique(np.concatenate([phrases[t].ids for t in scored] or [empty]))
    has = {t: np.isin(universe, p.ids, assume_unique=True) for t, p in phrases.items()}
    total = np.zeros(universe.size, dtype=np.float64)

    def add(term: Term, where: np.ndarray | None) -> None:
        nonlocal total
        p = phrases[term]
        at = np.searchsorted(universe, p.ids)
        for part in p.parts:
            contribution = np.zeros(universe.size, dtype=np.float64)
            contribution[at] = part
            if where is not None:
                contribution = np.where(where, contribution, 0.0)
            total = total + contribution  # FTS5 adds phrase after phrase from 0.0: so do we

    if parsed.groups is not None:
        admitted = np.zeros(universe.size, dtype=bool)
        for group in parsed.groups:
            matched = np.ones(universe.size, dtype=bool)
            for t in group.include:
                matched &= has[t]
            for t in group.exclude:
                matched &= ~has[t]
            for t in group.include:
                add(t, matched)
            admitted |= matched
    else:
        for t in scored:
            add(t, None)
        admitted = np.ones(universe.size, dtype=bool)
        for t in parsed.required:
            admitted &= has[t]
        for t in parsed.exclude:
            admitted &= ~has[t]
    ids, scores = universe[admitted], total[admitted]
    return Ranked(ids, scores, match if ids.size else None, df, st.docs)


def rank_source(spec, parsed: ParsedQuery, filters: SearchFilters, *, depth: int):
    """([(doc id, bm25: lower is better)] best first, the snippet tsquery or None): the exact ranking without
    the head cache's bookkeeping for one source (the benches compare the served ranking with it)."""
    ranked = bm25_source(spec, parsed)
    order = np.lexsort((ranked.ids, -ranked.scores))
    rows = [(int(ranked.ids[i]), -float(ranked.scores[i])) for i in order]
    passed = _passing(spec, filters, [d for d, _ in rows])
    if passed is not None:
        rows = [r for r in rows if r[0] in passed]
    return rows[:depth], (ranked.match if rows else None)


def admitted_ids(spec, parsed: ParsedQuery, filters: SearchFilters) -> np.ndarray:
    """Ids (ascending) of every record of the source the lexical ranking admits, with the filters: the same
    set ``rank_source`` ranks, so a count or a constraint means what the lexical answer means."""
    ids = bm25_source(spec, parsed).ids
    passed = _passing(spec, filters, [int(d) for d in ids])
    if passed is not None:
        ids = np.array(sorted(passed), dtype=np.int64)
    return ids


def _passing(spec, filters: SearchFilters, ids: list[int]) -> set[int] | None:
    """The ids among ``ids`` the search filters let through, or None when no filter applies."""
    fragments, params = filters_module.content_filters(spec, filters)
    if not fragments or not ids:
        return None
    sql = queries.render(
        "filter_ids",
        idents={"content": spec.content_table},
        raw={"filters": "".join(f" AND {f}" for f in fragments)},
    )
    return {r[0] for r in queries.fetchall(sql, {**params, "ids": ids})}


def corpus_parts(result, parsed: ParsedQuery) -> tuple[int, int, dict, dict]:
    """What corpus_bm25 re-scores one source's hits with: (N, all tokens, hit id -> |D|, scored term ->
    (ids, the term's own bm25() per record)), the numbers FTS5's records give it on SQLite."""
    spec = result.spec
    version = cache_version(spec)
    st = _stats(spec, version)
    lengths = {h.doc_id: int(st.lengths[h.doc_id]) if h.doc_id < st.lengths.size else 0 for h in result.hits}
    phrases, _ = _phrases(spec, parsed.scored(), [], st, version)
    return st.docs, st.tokens, lengths, {t: (p.ids, p.total) for t, p in phrases.items()}


def snippet(texts: list[str | None], match: str) -> str | None:
    text = " … ".join(t for t in texts if t)
    if not text:
        return None
    rows = queries.fetchall(queries.load("snippet"), {"text": text, "q": match})
    return rows[0][0] if rows and rows[0][0] else None


# --- semantic ---------------------------------------------------------------------------------------------


def chunk_filters(filters: SearchFilters, doc_ids, exclude_doc, banned=None) -> tuple[str, dict]:
    """The pre-filter over the chunk row ``c``: the same rules as the SQLite index's mask (``banned``: the
    documents a query's NOT terms exclude)."""
    fragments, params = [], {}
    if filters.since:
        fragments.append("c.published_at >= :since")
        params["since"] = filters.since.isoformat()
    if filters.until:
        # the day's prefix decides; the bound before it (an ISO date sorts as text) lets the B-tree on
        # published_at end the range there instead of reading every later chunk
        fragments.append("c.published_at < :until_after AND substr(c.published_at, 1, 10) <= :until")
        params["until"] = filters.until.isoformat()
        params["until_after"] = (filters.until + datetime.timedelta(days=1)).isoformat()
    if filters.congress is not None:
        fragments.append("c.congress = :congress")
        params["congress"] = filters.congress
    if doc_ids is not None:
        fragments.append("c.doc_id = ANY(:doc_ids)")
        params["doc_ids"] = [int(d) for d in doc_ids]
    if exclude_doc is not None:
        fragments.append("c.doc_id <> :exclude_doc")
        params["exclude_doc"] = int(exclude_doc)
    if banned is not None and len(banned):
        fragments.append("NOT (c.doc_id = ANY(:banned))")
        params["banned"] = [int(d) for d in banned]
    return "".join(f" AND {f}" for f in fragments), params


# The walk's order, by the opclass of the table's <base>_chunks_vec0 index (ddl_postgres.chunk_sql): cosine
# over the half-precision copy (halfvec_cosine_ops), or Hamming over the binary quantization (bit_hamming_ops,
# what databases created before the halfvec index have). The ORDER BY must be the index's expression.
APPROXIMATE_ORDER = {
    "halfvec": f"ORDER BY c.vec::halfvec({EMBED_DIM}) <=> :qvec::halfvec({EMBED_DIM})",
    "bit": f"ORDER BY binary_quantize(c.vec)::bit({EMBED_DIM}) <~> binary_quantize(:qvec::vector)::bit({EMBED_DIM})",
}


def index_kind(table: str) -> str:
    """'halfvec' or 'bit': which quantization the HNSW index of ``table`` walks (read from the catalog)."""
    rows = queries.fetchall("SELECT pg_get_indexdef(to_regclass(:name))", {"name": f"{table}_vec0"})
    definition = (rows[0][0] or "") if rows else ""
    return "halfvec" if "halfvec_cosine_ops" in definition else "bit"


EXACT_ORDER = "ORDER BY cosine DESC, c.id"


def candidates(
    table: str,
    model_id: str,
    qvec: np.ndarray,
    filters,
    doc_ids,
    exclude_doc,
    count: int,
    *,
    estimate: int = 0,
    exact_count: int = 0,
    banned=None,
):
    """(rescored rows (chunk id, doc id, cosine) best first, whether the scan was exact, allowed rows: counted
    no further than ``PG_EXACT_MAX_ROWS`` + 1, or the table's row ``estimate`` when nothing narrows).

    The filters are in the WHERE of the candidate scan either way, so they apply before any distance:
    * at most ``PG_EXACT_MAX_ROWS`` allowed chunks (counted through the B-tree indexes, no further than
      that): exact, the max(``count``, ``exact_count``) nearest of them by float cosine;
    * more: the HNSW walk (``index_kind``) with iterative scan, which keeps walking until
      ``count`` rows passed the filters or ``PG_HNSW_MAX_SCAN_TUPLES`` were visited; when it stopped short
      (a filter rare along the walk), the exact scan runs instead: never fewer candidates than asked. A
      filtered walk asks for at most ``PG_FILTERED_WALK_CANDIDATES``: each candidate costs it ~1/selectivity
      rows read (conf.py)."""
    where, params = chunk_filters(filters, doc_ids, exclude_doc, banned)
    exact_max = max(count, int(knob("PG_EXACT_MAX_ROWS")))
    params.update({"model_id": model_id, "cap": exact_max + 1})
    # (leaving one document out, as `similar` does, narrows nothing)
    narrowed = filters.since or filters.until or filters.congress is not None or doc_ids is not None
    narrowed = narrowed or (banned is not None and len(banned) > 0)
    if not narrowed and estimate > 2 * exact_max:
        # the count would read exact_max rows (~20 ms) to learn what the estimate already says; were the
        # estimate stale, a walk that comes back short is still redone exactly below
        allowed = estimate
    else:
        allowed = queries.fetchall(
            queries.render("semantic_allowed", idents={"chunks": table}, raw={"filters": where}), params
        )[0][0]
    params["qvec"] = "[" + ",".join(map(repr, qvec.astype(np.float32).tolist())) + "]"
    if allowed > exact_max and narrowed:
        count = min(count, int(knob("PG_FILTERED_WALK_CANDIDATES")))
    params["candidates"] = count
    if allowed > exact_max:
        # pgvector 0.8: keep walking the graph until LIMIT rows pass the filters (relaxed order: the float
        # rescore orders them). Session settings: SET LOCAL would need a transaction, and they only ever
        # tune this statement (every approximate query sets them again).
        queries.fetchall(
            "SELECT set_config('hnsw.iterative_scan', 'relaxed_order', false), "
            "set_config('hnsw.ef_search', :ef, false), set_config('hnsw.max_scan_tuples', :scan, false)",
            {
                "ef": str(
                    min(max(count, int(knob("PG_HNSW_EF_SEARCH_MIN"))), int(knob("PG_HNSW_EF_SEARCH_MAX")))
                ),
                "scan": str(int(knob("PG_HNSW_MAX_SCAN_TUPLES"))),
            },
        )
        raw = {"filters": where, "order": APPROXIMATE_ORDER[index_kind(table)]}
        rows = queries.fetchall(queries.render("semantic", idents={"chunks": table}, raw=raw), params)
        if len(rows) >= count:
            return [(int(c), int(d), float(s)) for c, d, s in rows], False, allowed
    # an exact scan costs the same whatever it keeps (every allowed chunk is scored): it keeps as many as
    # SQLite's rescore does (exact_count), so a small source is ranked whole on both engines
    params["candidates"] = max(count, exact_count)
    raw = {"filters": where, "order": EXACT_ORDER}
    rows = queries.fetchall(queries.render("semantic", idents={"chunks": table}, raw=raw), params)
    return [(int(c), int(d), float(s)) for c, d, s in rows], True, allowed


# --- names ------------------------------------------------------------------------------------------------

# The name matches of names.NAME_SEARCH_SQL on PostgreSQL: the content rows whose name tsvector matches the
# prefix query, with BM25's shape as their relevance (higher is better): Σ over the words of idf(word) ×
# ts_rank of the word (flag 1: divided by 1 + log(length), so a shorter name that matches ranks first). The
# idf makes the rare word of "Rep. Jeffries" count, not the "rep" every representative's name has.
NAME_MATCHES_SQL = """
    SELECT c.id, {relevance} AS relevance
    FROM {content} AS c
    WHERE c.{fts} @@ to_tsquery('simple', %(match)s)
"""


def name_word_queries(tokens: list[str], *, loose: bool, min_prefix: int) -> list[str]:
    """Each word as a tsquery: a prefix when long enough; ``loose``: its first letters only."""
    out = []
    for token in tokens:
        if loose and len(token) > min_prefix:
            out.append(f"'{token[:min_prefix]}':*")
        else:
            out.append(f"'{token}':*" if len(token) >= min_prefix else f"'{token}'")
    return list(dict.fromkeys(out))


def name_relevance(fts_table: str, content_table: str, words: list[str]) -> tuple[str, dict]:
    """The relevance expression of NAME_MATCHES_SQL and its parameters (each word's tsquery and idf)."""
    content, column = quote_ident(content_table), quote_ident(fts_table)
    docs = queries.fetchall(f"SELECT count(*) FROM {content}")[0][0]
    count = f"SELECT count(*) FROM {content} WHERE {column} @@ to_tsquery('simple', :w)"
    params, parts = {}, []
    for i, word in enumerate(words):
        params[f"w_{i}"], params[f"idf_{i}"] = word, _idf(docs, queries.fetchall(count, {"w": word})[0][0])
        parts.append(f"%(idf_{i})s * ts_rank(c.{column}, to_tsquery('simple', %(w_{i})s), 1)")
    return " + ".join(parts) or "0", params
