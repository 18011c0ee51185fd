"""The rehearsal's serving measurements on the scaled database (bench/scale.py runs it in a fresh process).

Queries: the eval's test split (bench/evalset, 142 queries, encoded by the configured real encoder) and
``FREQUENT`` one-word queries whose terms are in most records (their share is printed). Prints one JSON
object:

* ``hybrid``: ``GET /v1/search?mode=hybrid`` through Django's test client (parsing, both legs, fusion,
  hydration, snippets, JSON) after one untimed warm-up call: each eval query once, each frequent term once
  untimed then ``--repeat`` times; p50 / p95 ms,
  for the eval queries and the frequent terms separately and together;
* ``lexical``: for ``SOURCE`` (the largest generated source), the engine's top 10
  (``apps.search.lexical.rank_source``: the head cache's summed path for common terms) against the exact
  BM25 order. SQLite: FTS5's ``ORDER BY bm25`` in one statement (``lexical._direct``); PostgreSQL: SQLite's
  exact lists of the same rehearsal (the same generated files), passed in with ``--exact-lexical``, by
  public id;
* ``semantic``: recall@10 of the semantic leg's candidates rescored (what ``semantic.search_table`` takes)
  against exact float cosine over every chunk the filter allows (numpy, streamed), with no filter, a
  congress filter and a date filter;
* ``rss_mib`` / ``hwm_mib``: this process after all of it — the engine's in-process indexes, head cache
  and encoder are what a serving worker holds.
"""

import argparse
import itertools
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

SOURCE = "crs-reports"
FREQUENT = ("congress", "federal", "report", "program", "information", "states", "law", "also")


def _pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))] if ordered else 0.0


def _queries() -> list[str]:
    from bench.eval import load_queries, split

    return [q["q"] for q in split(load_queries(), "test")]


def _frequent(spec) -> list[tuple[str, float]]:
    """The three candidate terms in the most records of ``spec``'s source, with their share of records."""
    from apps.core.db.engine import POSTGRESQL, current
    from apps.search.lexical import doc_count, postings
    from apps.search.sanitize import parse_query

    # the share is counted on SQLite (the same records); here only the terms matter
    if current() is POSTGRESQL:
        return [(t, float("nan")) for t in FREQUENT[:3]]
    docs = doc_count(spec.fts_table)
    shares = []
    for word in FREQUENT:
        parsed = parse_query(word)
        if parsed and parsed.scored():
            shares.append((word, postings(spec.fts_table, parsed.scored())[parsed.scored()[0]] / docs))
    return sorted(shares, key=lambda s: -s[1])[:3]


def hybrid(eval_queries: list[str], frequent: list[str], repeat: int) -> dict:
    from django.test import Client

    client = Client()

    def one(q: str) -> tuple[float, int]:
        t = time.perf_counter()
        response = client.get("/v1/search", {"q": q, "mode": "hybrid", "limit": 10})
        return (time.perf_counter() - t) * 1000, response.status_code

    one("warm up")
    out, statuses = {}, {}
    for label, qs, times in (("eval", eval_queries, 1), ("frequent", frequent, repeat)):
        ms = []
        for q in qs:
            if times > 1:
                one(q)  # a repeated query is measured warm; each eval query runs once, as a new one would
            for _ in range(times):
                took, status = one(q)
                ms.append(took)
                statuses[status] = statuses.get(status, 0) + 1
        out[label] = {
            "queries": len(qs),
            "calls": len(ms),
            "p50": _pct(ms, 50),
            "p95": _pct(ms, 95),
            "ms": ms,
        }
    both = out["eval"].pop("ms") + out["frequent"].pop("ms")
    out["all"] = {"p50": _pct(both, 50), "p95": _pct(both, 95)}
    out["statuses"] = statuses  # a 503 is a query past its time budget (QUERY_TIME_LIMIT_MS)
    return out


def _public_ids(spec, doc_ids: list[int]) -> list[str]:
    """Row ids -> public ids, in order: the engines' row ids need not match after separate loads."""
    from apps.core.db.quoting import quote_ident
    from apps.search import queries

    if not doc_ids:
        return []
    sql = (
        f"SELECT id, {quote_ident(spec.public_id_column)} FROM {quote_ident(spec.content_table)} "
        f"WHERE id IN ({', '.join(str(int(d)) for d in doc_ids)})"
    )
    names = dict(queries.fetchall(sql))
    return [names[d] for d in doc_ids]


def lexical(spec, eval_queries: list[str], frequent: list[str], exact_file: Path | None) -> dict:
    from apps.core.db.engine import POSTGRESQL, current
    from apps.search import lexical as engine
    from apps.search.filters import SearchFilters
    from apps.search.sanitize import parse_query

    engine.clear_head_cache()
    exact_given = json.loads(exact_file.read_text()) if exact_file else None
    mine, same, compared, summed = {}, 0, 0, 0
    for q in [*eval_queries, *frequent]:
        parsed = parse_query(q)
        if not parsed or not parsed.scored():
            continue
        result = engine.rank_source(SOURCE, spec, parsed, SearchFilters(), depth=10)
        top = _public_ids(spec, [h.doc_id for h in result.hits])
        summed += bool(result.summed)
        if exact_given is not None:
            exact = exact_given.get(q)
        elif current() is POSTGRESQL:
            exact = None
        else:
            exact = _public_ids(
                spec, [h.doc_id for h in engine._direct(SOURCE, spec, parsed, SearchFilters(), 10)]
            )
        mine[q] = exact if exact is not None else top
        if exact is not None:
            compared += 1
            same += top == exact
    return {"source": SOURCE, "compared": compared, "identical": same, "summed_path": summed, "exact": mine}


def _exact_top10(
    table: str, model_id: str, qvecs: np.ndarray, where: str, params: dict
) -> tuple[np.ndarray, int]:
    """(chunk ids [queries, 10] by exact float cosine over the rows ``where`` allows, how many it allows)."""
    from apps.core.db.quoting import quote_ident
    from apps.search import queries

    best_ids = np.zeros((len(qvecs), 0), dtype=np.int64)
    best_sc = np.zeros((len(qvecs), 0), dtype=np.float32)
    allowed, last = 0, -1
    while True:  # keyset pages: one statement per 50k rows, on either engine
        rows = queries.fetchall(
            f"SELECT id, embedding FROM {quote_ident(table)} WHERE model_id = :m AND id > :last AND {where} "
            "ORDER BY id LIMIT 50000",
            {"m": model_id, "last": last, **params},
        )
        if not rows:
            break
        last = rows[-1][0]
        allowed += len(rows)
        ids = np.array([r[0] for r in rows], dtype=np.int64)
        vecs = np.frombuffer(b"".join(bytes(r[1]) for r in rows), dtype=np.float32).reshape(len(rows), -1)
        all_ids = np.concatenate([best_ids, np.broadcast_to(ids, (len(qvecs), ids.size))], axis=1)
        all_sc = np.concatenate([best_sc, qvecs @ vecs.T], axis=1)
        keep = min(10, all_sc.shape[1])
        top = np.argpartition(-all_sc, keep - 1, axis=1)[:, :keep]
        best_ids, best_sc = np.take_along_axis(all_ids, top, 1), np.take_along_axis(all_sc, top, 1)
    order = np.argsort(-best_sc, axis=1, kind="stable")
    return np.take_along_axis(best_ids, order, 1), allowed


def _filters(table: str) -> dict[str, tuple]:
    """No filter, the most common congress of the table, and the last ~10 % of its dates."""
    import datetime as dt

    from apps.core.db.quoting import quote_ident
    from apps.search import queries
    from apps.search.filters import SearchFilters

    t = quote_ident(table)
    congress = queries.fetchall(
        f"SELECT congress, count(*) FROM {t} WHERE congress IS NOT NULL GROUP BY congress ORDER BY 2 DESC LIMIT 1"
    )
    dates = [r[0] for r in queries.fetchall(f"SELECT published_at FROM {t} WHERE published_at IS NOT NULL")]
    since = str(sorted(dates)[int(len(dates) * 0.9)])[:10] if dates else None
    out = {"none": (SearchFilters(), "1 = 1", {})}
    if congress:
        c = congress[0][0]
        out[f"congress={c}"] = (SearchFilters(congress=c), "congress = :c", {"c": c})
    if since:
        out[f"since {since}"] = (
            SearchFilters(since=dt.date.fromisoformat(since)),
            "substr(CAST(published_at AS TEXT), 1, 10) >= :s",
            {"s": since},
        )
    return out


def semantic(table: str, model_id: str, qvecs: np.ndarray) -> dict:
    from apps.core.db.engine import POSTGRESQL, current
    from apps.search import pgsearch
    from apps.search import semantic as engine
    from apps.search.backend_postgres import chunk_count

    if current() is POSTGRESQL:
        total = chunk_count(table)
        count = engine.candidate_count(total, 10)

        def top10(q, filters):
            rows, _, _ = pgsearch.candidates(table, model_id, q, filters, None, None, count, estimate=total)
            return [c for c, _, _ in rows[:10]]
    else:
        index = engine.index_for(table, model_id)
        count = engine.candidate_count(len(index), 10)

        def top10(q, filters):
            rows = index.candidates(q, index.mask(filters, None), count)
            return [c for c, _, _ in itertools.islice(engine.rescore(table, index.chunk_ids[rows], q), 10)]

    out = {"table": table, "candidates": count, "cases": {}}
    for label, (filters, where, params) in _filters(table).items():
        exact, allowed = _exact_top10(table, model_id, qvecs, where, params)
        recall, ms = [], []
        for q, truth in zip(qvecs, exact, strict=True):
            t = time.perf_counter()
            got = top10(q, filters)
            ms.append((time.perf_counter() - t) * 1000)
            recall.append(len(set(got) & set(truth.tolist())) / max(len(truth), 1))
        out["cases"][label] = {"allowed": allowed, "recall@10": float(np.mean(recall)), "p50": _pct(ms, 50),
                               "p95": _pct(ms, 95)}  # fmt: skip
    return out


def _rss() -> tuple[float, float]:
    fields = dict(
        line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale_measure")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument(
        "--exact-lexical", type=Path, help="PostgreSQL: SQLite's exact lexical top 10s (JSON)"
    )
    parser.add_argument("--lexical-out", type=Path, help="write this engine's exact lexical top 10s here")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
    os.environ["JOSH_HEAVY_LANE_PROCESSES"] = "0"  # measured in this process (its RSS is the worker's)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import django

    django.setup()
    from apps.core.db.engine import current
    from apps.core.plans import get_plan
    from apps.search.encoders import get_encoder

    spec = get_plan(SOURCE).search
    encoder = get_encoder()
    eval_queries = _queries()
    frequent = _frequent(spec)
    started = time.perf_counter()
    result = {"engine": current().name, "frequent_terms": frequent}
    result["hybrid"] = hybrid(eval_queries, [t for t, _ in frequent], args.repeat)
    lex = lexical(spec, eval_queries, [t for t, _ in frequent], args.exact_lexical)
    if args.lexical_out:
        args.lexical_out.write_text(json.dumps(lex["exact"]))
    lex.pop("exact")
    result["lexical"] = lex
    qvecs = np.asarray(encoder.embed(eval_queries), dtype=np.float32)
    result["semantic"] = semantic(spec.chunk_table, encoder.model_id, qvecs)
    result["rss_mib"], result["hwm_mib"] = _rss()
    result["seconds"] = round(time.perf_counter() - started, 1)
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
