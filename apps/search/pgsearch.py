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
* **Semantic**: candidates from the HNSW index over binary-quantized vectors (iterative scan, so filters
  applied inside the walk never leave the list short), or every allowed chunk when the filters allow no more
  than the candidate count (exact); then the same float rescore and document scores as on SQLite.
* **Names**: the ``simple`` (unstemmed) tsvector of the name columns with each word matched as a prefix,
  ranked by ``ts_rank``, as FTS5's prefix queries do on SQLite (pg_trgm is not in every PostgreSQL build).
"""

import math
import re

import numpy as np

from apps.core.db.quoting import quote_ident
from apps.search import filters as filters_module
from apps.search import queries
from apps.search.conf import EMBED_DIM
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


def term_weights(spec, terms: list[str]) -> list[float]:
    """Each scored term's idf in this source (a GIN-indexed count per term, one count of the table)."""
    content, column = quote_ident(spec.content_table), quote_ident(spec.fts_table)
    docs = queries.fetchall(f"SELECT count(*) FROM {content}")[0][0]
    sql = f"SELECT count(*) FROM {content} WHERE {column} @@ to_tsquery('josh_english', :t)"
    return [_idf(docs, queries.fetchall(sql, {"t": t})[0][0]) for t in terms]


def rank_source(spec, parsed: ParsedQuery, filters: SearchFilters, *, depth: int):
    """([(doc id, negated score)] best first, the matching tsquery or None when nothing matched).

    The score is BM25's shape with PostgreSQL's parts: Σ over the scored terms of idf(term) × the term's
    ``ts_rank_cd`` (column weights, length-normalised). A record with more of the words, rarer ones, or
    them in a heavier column ranks higher, as on SQLite; the numbers differ from FTS5's."""
    match, must = tsqueries(parsed)
    terms = [q for q in (term_query(t) for t in parsed.scored()) if q]
    if match is None or not terms:
        return [], None
    idfs = term_weights(spec, terms)
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


def chunk_filters(filters: SearchFilters, doc_ids, exclude_doc) -> tuple[str, dict]:
    """The pre-filter over the chunk row ``c``: the same rules as the SQLite index's mask."""
    fragments, params = [], {}
    if filters.since:
        fragments.append("c.published_at >= :since")
        params["since"] = filters.since.isoformat()
    if filters.until:
        fragments.append("c.published_at IS NOT NULL AND substr(c.published_at, 1, 10) <= :until")
        params["until"] = filters.until.isoformat()
    if filters.congress is not None:
        fragments.append("c.congress = :congress")
        params["congress"] = filters.congress
    if doc_ids is not None:
        fragments.append("c.doc_id = ANY(:doc_ids)")
        params["doc_ids"] = [int(d) for d in doc_ids]
    if exclude_doc is not None:
        fragments.append("c.doc_id <> :exclude_doc")
        params["exclude_doc"] = int(exclude_doc)
    return "".join(f" AND {f}" for f in fragments), params


APPROXIMATE_ORDER = (
    f"ORDER BY binary_quantize(c.vec)::bit({EMBED_DIM}) <~> binary_quantize(:qvec::vector)::bit({EMBED_DIM})"
)


def candidates(table: str, model_id: str, qvec: np.ndarray, filters, doc_ids, exclude_doc, count: int):
    """(rescored rows (chunk id, doc id, cosine) best first, whether the scan was exact, allowed rows)."""
    where, params = chunk_filters(filters, doc_ids, exclude_doc)
    params.update({"model_id": model_id, "cap": count + 1})
    allowed = queries.fetchall(
        queries.render("semantic_allowed", idents={"chunks": table}, raw={"filters": where}), params
    )[0][0]
    exact = allowed <= count
    params.update({"qvec": "[" + ",".join(map(repr, qvec.astype(np.float32).tolist())) + "]"})
    params["candidates"] = count
    raw = {"filters": where, "order": "" if exact else APPROXIMATE_ORDER}
    sql = queries.render("semantic", idents={"chunks": table}, raw=raw)
    if not exact:
        # pgvector 0.8: keep walking the graph until LIMIT rows pass the filters (never short)
        # (session settings: SET LOCAL would need a transaction, and they only ever tune this statement)
        queries.fetchall(
            "SELECT set_config('hnsw.iterative_scan', 'relaxed_order', false), "
            "set_config('hnsw.ef_search', :ef, false), set_config('hnsw.max_scan_tuples', '200000', false)",
            {"ef": str(min(max(count, 40), 1000))},
        )
    rows = queries.fetchall(sql, params)
    return [(int(c), int(d), float(s)) for c, d, s in rows], exact, allowed


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
