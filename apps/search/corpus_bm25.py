"""One lexical ranking over several sources: BM25 with the statistics of the whole searched corpus.

Each source has its own FTS5 table, and FTS5 computes idf and the average document length from that table
alone, so raw BM25 is not comparable between sources: a word rare among CFR sections but common in bills
weighs a lot in one and nothing in the other, and a table of long reports is never penalised for length
against a table of short sections. So when several sources have hits, each source's own top ``depth`` (in
FTS5's exact order) is re-scored with corpus-wide statistics and merged:

    score(d) = Σ_p idf_all(p) · w(p,d)(k1 + 1) / (w(p,d) + k1(1 - b + b·|d| / avgdl_all))

``w(p,d)`` — the column-weighted frequency of phrase ``p`` in ``d`` — is recovered exactly from FTS5's own
per-phrase score (``lexical.phrase_scores``: ``c = idf_src · w(k1+1)/(w + K_src)``, so
``w = K_src·r / (k1 + 1 - r)`` with ``r = c / idf_src``), ``|d|`` from the table's docsize records and the
averages from each table's averages record: the formula FTS5 uses, with the union's N, df and avgdl. With one
source it is FTS5's own ranking. Boolean queries (FTS5 scores only the matching sub-query's phrases) are
merged by a per-source idf ratio instead.
"""

import math
from dataclasses import dataclass

import numpy as np

from apps.search import backend
from apps.search.lexical import LexicalHit, SourceResult

K1, B = 1.2, 0.75  # FTS5's bm25() constants


def idf(docs: int, df: int) -> float:
    """FTS5's idf: log((N - n + 0.5) / (n + 0.5)), floored at 1e-6 (``df`` capped at ``docs``)."""
    df = min(df, docs)
    return max(math.log((docs - df + 0.5) / (df + 0.5)), 1e-6) if df else 0.0


@dataclass
class _Table:
    result: SourceResult
    docs: int
    tokens: int  # all columns, all records
    lengths: dict[int, int]  # candidate doc id -> its tokens
    phrases: dict  # Term -> (doc ids ascending, per-record FTS5 contribution)


def _table(result: SourceResult, parsed) -> _Table:
    # SQLite: FTS5's averages and docsize records; PostgreSQL: the same numbers from the BM25 term tables
    return _Table(result, *backend.current().corpus_parts(result, parsed))


def across_sources(results: list[SourceResult], parsed, depth: int) -> list[LexicalHit]:
    """The best ``depth`` over every source: re-scored with corpus-wide BM25 when several have hits."""
    live = [r for r in results if r.hits]
    if len(live) <= 1:
        return (live[0].hits if live else [])[:depth]
    if parsed.boolean:
        return _by_idf_ratio(results, live, depth)
    tables = [_table(r, parsed) for r in live]
    docs = sum(r.docs for r in results)
    avgdl = sum(t.tokens for t in tables) / max(sum(t.docs for t in tables), 1)
    quiet = [r for r in results if not r.hits]  # sources with no hit still count in the corpus df
    df = {
        term: sum(t.phrases[term][0].size for t in tables) + sum(r.df.get(term, 0) for r in quiet)
        for term in parsed.scored()
    }
    keyed = []
    for t in tables:
        scores = _corpus_scores(t, parsed, docs, df, avgdl)
        keyed += [(-s, h.source, h.doc_id, h) for h, s in zip(t.result.hits, scores, strict=True)]
    keyed.sort(key=lambda k: k[:3])
    return [LexicalHit(h.source, h.doc_id, s) for s, _, _, h in keyed[:depth]]


def _corpus_scores(t: _Table, parsed, docs: int, df: dict, avgdl: float) -> list[float]:
    ids = np.array([h.doc_id for h in t.result.hits], dtype=np.int64)
    length = np.array([t.lengths.get(int(i), 0) for i in ids], dtype=np.float64)
    local_avgdl = t.tokens / max(t.docs, 1)
    k_local = K1 * (1 - B + B * length / max(local_avgdl, 1e-9))
    k_all = K1 * (1 - B + B * length / max(avgdl, 1e-9))
    total = np.zeros(ids.size, dtype=np.float64)
    for term in parsed.scored():
        doc_ids, contrib = t.phrases[term]
        if doc_ids.size == 0:
            continue
        at = np.minimum(np.searchsorted(doc_ids, ids), doc_ids.size - 1)
        c = np.where(doc_ids[at] == ids, contrib[at], 0.0)
        r = c / idf(t.docs, doc_ids.size)  # the saturated frequency FTS5 computed, (k1+1)·w/(w+K)
        w = k_local * r / np.maximum(K1 + 1 - r, 1e-12)
        total += idf(docs, df[term]) * w * (K1 + 1) / (w + k_all)
    return total.tolist()


def _by_idf_ratio(results: list[SourceResult], live: list[SourceResult], depth: int) -> list[LexicalHit]:
    """Boolean queries: each source's scores times Σ idf over the corpus / Σ idf in that source."""
    docs = sum(r.docs for r in results)
    total_df: dict = {}
    for r in results:
        for term, n in (r.df or {}).items():
            total_df[term] = total_df.get(term, 0) + n
    keyed = []
    for r in live:
        local = sum(idf(r.docs, n) for n in r.df.values() if n)
        wide = sum(idf(docs, total_df[term]) for term, n in r.df.items() if n)
        factor = wide / local if local else 1.0
        keyed += [(h.bm25 * factor, h.source, h.doc_id, h) for h in r.hits]
    keyed.sort(key=lambda k: k[:3])
    return [k[3] for k in keyed[:depth]]
