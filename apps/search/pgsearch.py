"""The lexical, semantic and name legs on PostgreSQL + pgvector, behind the same functions as on SQLite.

``lexical.rank_source``, ``lexical.snippet``, ``corpus_bm25.across_sources``, ``semantic.search_table`` and
``names.search_names`` hand over to this module when the connection is PostgreSQL; the selectors, the fusion
and every surface above them are the same code on both engines. The statements are the files of
``sql/postgres/`` (docs/DEPLOY.md).

* **Lexical**: the parsed query (``sanitize.ParsedQuery``: the same user syntax) becomes a ``tsquery``: each
  term's words as quoted lexemes (``'a' <-> 'b'`` for a phrase, ``'word':*`` for a prefix), any-term terms
  OR-ed, required phrases and ``NOT`` in a second tsquery every record must match, boolean groups as written.
  Ranked by Σ idf(term) × ``ts_rank_cd`` of the term with the plan's weights (``rank_source``); sources are
  merged by that score (each with its own idf: FTS5's corpus-wide re-scoring needs its index internals).
  A term in more than ``PG_LEXICAL_HEAD_POSTINGS`` records is scored from a head cache instead (its per-record
  ``ts_rank_cd`` read once per version of the column, kept in process), with the same scores and ranks.
* **Semantic**: candidates from the HNSW index over half-precision vectors (iterative scan, filters applied
  inside the walk), or, when the filters allow few chunks or the walk came back short, the nearest allowed
  chunks by exact float cosine; then the same float rescore and document scores as on SQLite.
* **Names**: the ``simple`` (unstemmed) tsvector of the name columns with each word matched as a prefix,
  ranked by ``ts_rank``, as FTS5's prefix queries do on SQLite (pg_trgm is not in every PostgreSQL build).
"""

import contextlib
import datetime
import math
import re
import threading
from collections import OrderedDict

import numpy as np

from apps.core.db import timelimit
from apps.core.db.quoting import quote_ident
from apps.search import filters as filters_module
from apps.search import queries
from apps.search.conf import EMBED_DIM, knob
from apps.search.ddl_postgres import LABELS
from apps.search.filters import SearchFilters
from apps.search.sanitize import ParsedQuery, Term

_WORD = re.compile(r"[^\W_]+", re.UNICODE)


# --- lexical ----------------------------------------------------------------------------------------------


def term_query(term: Term) -> str | None:
    """One term as tsquery text: its words as quoted lexemes, adjacent in order; the last one a prefix for
    ``word*``. Words are letters and digits only, so nothing in them is tsquery syntax."""
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
    """(scoring query, must-match query or None): the records admitted match both; ``ts_rank_cd`` ranks by
    the first, which has every scored term once (as FTS5's bm25() sums over the query's phrases)."""
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


def weights(spec) -> list[float]:
    """The plan's column weights as ts_rank_cd's ``{D, C, B, A}`` array (labels A.. in column order), scaled
    into (0, 1] as PostgreSQL requires; the ratios between columns are the plan's."""
    top = max(float(w) for w in spec.weights) or 1.0
    by_label = [float(w) / top for w in spec.weights][: len(LABELS)]
    by_label += [0.0] * (len(LABELS) - len(by_label))
    return list(reversed(by_label))


def _idf(docs: int, df: int) -> float:
    """FTS5's idf (corpus_bm25.idf): log((N - n + 0.5) / (n + 0.5)), floored at 1e-6."""
    df = min(df, docs)
    return max(math.log((docs - df + 0.5) / (df + 0.5)), 1e-6) if df else 0.0


def head_version(spec) -> int | None:
    """The tsvector column's write counter, or None when its version trigger is missing (nothing cached)."""
    rows = queries.fetchall(
        queries.load("head_version"),
        {"fts": spec.fts_table, "content": spec.content_table, "trigger": f"{spec.fts_table}_version"},
    )
    return int(rows[0][0]) if rows else None


def _counts(spec, terms: list[str], version: int | None) -> tuple[int, list[int]]:
    """(records in the source, records with each term): counted (GIN) and, with a version, kept until the
    next write; a term in most records costs a scan of every one of them to count."""
    idents = {"fts": spec.fts_table, "content": spec.content_table}
    key = (queries.database_name(), spec.content_table, version)
    with _HEAD_LOCK:
        known = dict(_COUNTS.get(key, {})) if version is not None else {}
    # kept counts serve every later query until the next write: not the current request's work (a term in
    # every one of 200k records takes seconds to count), as a semantic index load is not
    with timelimit.suspended() if version is not None else contextlib.nullcontext():
        if None not in known:
            known[None] = queries.fetchall(queries.render("doc_total", idents=idents))[0][0]
        for t in terms:
            if t not in known:
                known[t] = queries.fetchall(queries.render("term_df", idents=idents), {"t": t})[0][0]
    if version is not None:
        with _HEAD_LOCK:
            for old in [k for k in _COUNTS if k[:2] == key[:2] and k != key]:
                del _COUNTS[old]
            _COUNTS.setdefault(key, {}).update(known)
    return known[None], [known[t] for t in terms]


def term_weights(spec, terms: list[str], version: int | None = None) -> tuple[list[float], list[int]]:
    """Each scored term's idf in this source, and its document frequency."""
    docs, dfs = _counts(spec, terms, version)
    return [_idf(docs, df) for df in dfs], dfs


# The head cache: a term in more than PG_LEXICAL_HEAD_POSTINGS records (the "federal" of a federal corpus) costs
# the direct statement a ts_rank_cd per record on every query (200k records: seconds). Its per-record
# ts_rank_cd values are read once per version of the column (term_scores.sql, the same expression) and kept
# here, least recently used dropped past LEXICAL_HEAD_CACHE_POSTINGS; a query sums idf × rank per term in
# numpy in the statement's order, so scores and ranks are the direct statement's exactly.
_HEAD: "OrderedDict[tuple, tuple[np.ndarray, np.ndarray]]" = OrderedDict()
_COUNTS: dict[tuple, dict] = {}
_HEAD_LOCK = threading.Lock()


def _term_scores(spec, term: str, key: tuple | None) -> tuple[np.ndarray, np.ndarray]:
    """(record ids ascending, ts_rank_cd as float64) of one term; cached under ``key`` unless None."""
    if key is not None:
        with _HEAD_LOCK:
            hit = _HEAD.get(key)
            if hit is not None:
                _HEAD.move_to_end(key)
                return hit
    sql = queries.render("term_scores", idents={"fts": spec.fts_table, "content": spec.content_table})
    with timelimit.suspended() if key is not None else contextlib.nullcontext():  # a cache fill: see _counts
        rows = queries.fetchall(sql, {"weights": weights(spec), "t": term})
    ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
    ranks = np.fromiter((r[1] for r in rows), dtype=np.float64, count=len(rows))
    order = np.argsort(ids, kind="stable")
    found = (ids[order], ranks[order])
    if key is not None:
        with _HEAD_LOCK:
            _HEAD[key] = found
            budget = knob("LEXICAL_HEAD_CACHE_POSTINGS")
            while len(_HEAD) > 1 and sum(v[0].size for v in _HEAD.values()) > budget:
                _HEAD.popitem(last=False)
    return found


def clear_head_cache() -> None:
    with _HEAD_LOCK:
        _HEAD.clear()
        _COUNTS.clear()


def summed_scores(spec, parsed: ParsedQuery):
    """(record ids, scores: higher is better, tsquery) from the head cache, or None when the direct statement
    ranks (no term past PG_LEXICAL_HEAD_POSTINGS, a boolean query, required or excluded terms, or no version
    trigger to key the cache by). Filters are the caller's: applied to the ranking a batch at a time."""
    if parsed.groups is not None or parsed.required or parsed.exclude:
        return None
    version = head_version(spec)
    if version is None:
        return None
    terms = [q for q in (term_query(t) for t in parsed.scored()) if q]
    if not terms:
        return None
    idfs, dfs = term_weights(spec, terms, version)
    if max(dfs) <= knob("PG_LEXICAL_HEAD_POSTINGS"):
        return None
    match, _ = tsqueries(parsed)
    base = (queries.database_name(), spec.content_table, tuple(weights(spec)), version)
    parts = [
        _term_scores(spec, t, (*base, t) if df > knob("PG_LEXICAL_HEAD_POSTINGS") else None)
        for t, df in zip(terms, dfs, strict=True)
    ]
    ids = np.unique(np.concatenate([p[0] for p in parts])) if parts else np.zeros(0, dtype=np.int64)
    total = np.zeros(ids.size, dtype=np.float64)
    for (term_ids, ranks), idf in zip(parts, idfs, strict=True):
        # the statement adds idf0 * rank0 + idf1 * rank1 + ... left to right (a record without a term
        # adds idf * 0.0): the same float64 operations in the same order
        contribution = np.zeros(ids.size, dtype=np.float64)
        contribution[np.searchsorted(ids, term_ids)] = idf * ranks
        total = total + contribution
    return ids, total, (match if ids.size else None)


def rank_source(spec, parsed: ParsedQuery, filters: SearchFilters, *, depth: int):
    """([(doc id, negated score)] best first, the matching tsquery or None when nothing matched).

    The score is BM25's shape with PostgreSQL's parts: Σ over the scored terms of idf(term) × the term's
    ``ts_rank_cd`` (column weights, length-normalised). A record with more of the words, rarer ones, or
    them in a heavier column ranks higher, as on SQLite; the numbers differ from FTS5's."""
    match, must = tsqueries(parsed)
    terms = [q for q in (term_query(t) for t in parsed.scored()) if q]
    if match is None or not terms:
        return [], None
    idfs, _ = term_weights(spec, terms, head_version(spec))
    fragments, params = filters_module.content_filters(spec, filters)
    score = " + ".join(
        f":idf{i} * ts_rank_cd(:weights::float4[], c.{quote_ident(spec.fts_table)}, "
        f"to_tsquery('josh_english', :t{i}), 1)"
        for i in range(len(terms))
    )
    sql = queries.render(
        "lexical",
        idents={"fts": spec.fts_table, "content": spec.content_table},
        raw={
            "score": score,
            "filters": "".join(f" AND {f}" for f in fragments),
            "must": f" AND c.{quote_ident(spec.fts_table)} @@ to_tsquery('josh_english', :must)"
            if must
            else "",
        },
    )
    params.update({f"t{i}": t for i, t in enumerate(terms)})
    params.update({f"idf{i}": w for i, w in enumerate(idfs)})
    params.update({"weights": weights(spec), "q": match, "must": must, "depth": depth})
    rows = [(int(doc_id), float(s)) for doc_id, s in queries.fetchall(sql, params)]
    return rows, (match if rows else None)


def across_sources(results: list, depth: int) -> list:
    """Every source's hits in one list, best (lowest negated rank) first, ties by source and id."""
    hits = [h for r in results for h in r.hits]
    return sorted(hits, key=lambda h: (h.bm25, h.source, h.doc_id))[:depth]


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
