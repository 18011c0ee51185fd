"""The measurements ``python -m bench --backend postgres|both`` takes on each engine, and the table of both.

One function measures whichever engine Django is connected to (a measuring child per engine), with the same
corpus, the same queries and the same code above the engine: ``measure`` returns a JSON-able dict; the
parent prints ``table`` of both side by side.

* **Semantic recall@10 vs exact**, chunk level (the candidates each engine's leg rescores, top 10): exact
  is brute-force float cosine over the chunks the filter allows, computed here with numpy from the SQLite
  bench file (the PostgreSQL rows are a count-checked copy of it). Unfiltered and with filters of falling
  selectivity; the filters go to the engine as search filters (applied before any distance is taken), and
  a query that returns fewer than min(10, allowed) chunks is counted as *short*.
* **Lexical**: the /v1/search selector, mode=lexical, top 10, for a term in every document and others.
* **Hybrid**: GET /v1/search through Django's test client (bench/speed.py's 50 queries).
* **Memory**: this (serving) process's RSS; on PostgreSQL the server's PSS beside it.
"""

import itertools
import os
import sqlite3
import time
from pathlib import Path

import numpy as np

from bench import speed, synth

# Filters of falling selectivity (bench/synth.py dates: year 1995 + doc % 30, month 1 + doc % 12, day
# 1 + doc % 28; congress from the year).
FILTERS = {
    "none": {},
    "congress=110 (~6.7 %)": {"congress": 110},
    "one month (~1.7 %)": {"since": "2010-04-01", "until": "2010-04-30"},
    "one day (~0.24 %)": {"since": "2010-04-16", "until": "2010-04-16"},
}
LEXICAL = ("federal", "program", "federal {mid}", "{mid}", "{rare}")


def _filters(spec: dict):
    import datetime as dt

    from apps.search.filters import SearchFilters

    return SearchFilters(
        since=dt.date.fromisoformat(spec["since"]) if "since" in spec else None,
        until=dt.date.fromisoformat(spec["until"]) if "until" in spec else None,
        congress=spec.get("congress"),
    )


def exact_top10(db: Path, queries: np.ndarray, spec: dict) -> tuple[np.ndarray, int]:
    """(chunk ids [n queries, 10] by exact float cosine over the chunks ``spec`` allows, how many it allows),
    streamed from the SQLite bench file in batches."""
    where, params = ["1 = 1"], []
    if "congress" in spec:
        where.append("congress = ?")
        params.append(spec["congress"])
    if "since" in spec:
        where.append("published_at >= ?")
        params.append(spec["since"])
    if "until" in spec:
        where.append("substr(published_at, 1, 10) <= ?")
        params.append(spec["until"])
    source = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        rows = source.execute(
            f"SELECT id, embedding FROM {synth.BASE}_chunks WHERE {' AND '.join(where)} ORDER BY id", params
        )
        best_ids = np.zeros((len(queries), 0), dtype=np.int64)
        best_sc = np.zeros((len(queries), 0), dtype=np.float32)
        allowed = 0
        while batch := rows.fetchmany(50_000):
            allowed += len(batch)
            ids = np.array([r[0] for r in batch], dtype=np.int64)
            vecs = np.frombuffer(b"".join(r[1] for r in batch), dtype=np.float32).reshape(len(batch), -1)
            all_ids = np.concatenate([best_ids, np.broadcast_to(ids, (len(queries), ids.size))], axis=1)
            all_sc = np.concatenate([best_sc, queries @ vecs.T], axis=1)
            keep = min(10, all_sc.shape[1])
            top = np.argpartition(-all_sc, keep - 1, axis=1)[:, :keep]
            best_ids, best_sc = np.take_along_axis(all_ids, top, 1), np.take_along_axis(all_sc, top, 1)
    finally:
        source.close()
    order = np.argsort(-best_sc, axis=1, kind="stable")
    return np.take_along_axis(best_ids, order, 1), allowed


def _engine_top10():
    """fn(query vector, SearchFilters) -> top-10 chunk ids from the connected engine's semantic leg: the
    candidates (filters applied first) rescored by float cosine, as ``semantic.search_table`` takes them."""
    from apps.core.db.engine import POSTGRESQL, current
    from apps.search import pgsearch, semantic
    from apps.search.backend_postgres import chunk_count

    table = f"{synth.BASE}_chunks"
    if current() is POSTGRESQL:
        total = chunk_count(table)
        count = semantic.candidate_count(total, 10)

        def top10(q, filters):
            rows, _, _ = pgsearch.candidates(
                table, synth.MODEL_ID, q, filters, None, None, count, estimate=total
            )
            return [c for c, _, _ in rows[:10]]

        return top10, count
    index = semantic.index_for(table, synth.MODEL_ID)
    count = semantic.candidate_count(len(index), 10)

    def top10(q, filters):
        rows = index.candidates(q, index.mask(filters, None), count)
        return [c for c, _, _ in itertools.islice(semantic.rescore(table, index.chunk_ids[rows], q), 10)]

    return top10, count


def semantic_recall(db: Path, corpus, repeat: int) -> dict:
    top10, count = _engine_top10()
    out = {"candidates": count, "cases": {}}
    for label, spec in FILTERS.items():
        if spec:
            exact, allowed = exact_top10(db, corpus.query_vectors, spec)
        else:
            exact, allowed = corpus.exact_top10, corpus.chunks
        filters = _filters(spec)
        lat, recall, short = [], [], 0
        for q, truth in zip(corpus.query_vectors, exact, strict=True):
            ms, got = speed.timed(lambda q=q, f=filters: top10(q, f), repeat)
            lat += ms
            recall.append(len(set(got) & set(truth.tolist())) / max(len(truth), 1))
            short += len(got) < min(10, allowed)
        out["cases"][label] = {
            "allowed": allowed,
            "p50": speed.pct(lat, 50),
            "p95": speed.pct(lat, 95),
            "recall": float(np.mean(recall)),
            "short": short,
            "queries": len(exact),
        }
    return out


def tuning_queries(db: Path, n: int = 30, seed: int = 11) -> np.ndarray:
    """Query vectors for tuning knobs, never the reported ones: ``n`` random chunks' vectors (seed ``seed``)
    moved by the same noise the reported queries have around their centres."""
    rng = np.random.default_rng(seed)
    source = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    try:
        total = source.execute(f"SELECT max(id) FROM {synth.BASE}_chunks").fetchone()[0]
        ids = [int(i) for i in rng.integers(1, total + 1, n)]
        rows = [
            source.execute(f"SELECT embedding FROM {synth.BASE}_chunks WHERE id = ?", (i,)).fetchone()[0]
            for i in ids
        ]
    finally:
        source.close()
    vecs = np.stack([np.frombuffer(r, dtype=np.float32) for r in rows])
    return synth._unit(vecs + rng.standard_normal(vecs.shape).astype(np.float32) * 0.05)


# The counts each knob is swept over, fixed before the sweep; the rule that picks from them (conf.py): the
# smallest count whose tuning recall@10 is at least 0.95.
COUNTS = (400, 1000, 2000, 4000)
# PostgreSQL's cap on a filtered walk's candidates (PG_FILTERED_WALK_CANDIDATES), swept on congress=110
FILTERED_WALK_COUNTS = (100, 200, 400, 1000)


def tune(db: Path, repeat: int, counts=COUNTS) -> str:
    """Recall@10 and latency of the connected engine's semantic leg per candidate count, on the tuning
    queries: unfiltered, congress=110 and one month, the month both ways on PostgreSQL (exact scan of the
    allowed chunks, and the HNSW walk with PG_EXACT_MAX_ROWS=0). What the knobs were chosen on. On
    PostgreSQL the congress filter (too many chunks for the exact scan) sweeps the filtered walk's own cap
    over FILTERED_WALK_COUNTS instead."""
    from django.conf import settings
    from django.test import override_settings

    from apps.core.db.engine import POSTGRESQL, current

    queries = tuning_queries(db)
    pg = current() is POSTGRESQL
    cases = [("none", {}), ("congress=110 (~6.7 %)", {}), ("one month (~1.7 %)", {})]
    if pg:
        cases.append(("one month (~1.7 %)", {"PG_EXACT_MAX_ROWS": 0}))
    lines = [
        f"### Tuning ({len(queries)} queries from seed 11, not the reported ones)",
        "| candidates | filter | knobs | recall@10 | p50 ms | p95 ms |",
        "|---|---|---|---|---|---|",
    ]
    prefix = "PG_" if pg else ""
    for label, extra in cases:
        spec = FILTERS[label]
        exact, _ = exact_top10(db, queries, spec)
        filters = _filters(spec)
        walk_cap = pg and label.startswith("congress")
        for count in FILTERED_WALK_COUNTS if walk_cap else counts:
            knobs = {
                f"{prefix}SEMANTIC_CANDIDATES_MIN": count,
                f"{prefix}SEMANTIC_CANDIDATES_PER": 10**12,
                **({"PG_FILTERED_WALK_CANDIDATES": count} if walk_cap else {}),
                **extra,
            }
            with override_settings(JOSH={**settings.JOSH, **knobs}):
                top10, used = _engine_top10()
                lat, recall = [], []
                for q, truth in zip(queries, exact, strict=True):
                    ms, got = speed.timed(lambda q=q, fn=top10, f=filters: fn(q, f), repeat)
                    lat += ms
                    recall.append(len(set(got) & set(truth.tolist())) / max(len(truth), 1))
            used = count if walk_cap else used  # (the walk asks for min(used, its cap))
            lines.append(
                f"| {used:,} | {label} | {extra or ''} | {np.mean(recall):.3f} | {speed.pct(lat, 50):.1f} | "
                f"{speed.pct(lat, 95):.1f} |"
            )
            print(lines[-1], flush=True)
    return "\n".join(lines)


def _exact_lexical(q: str) -> list[int]:
    """The engine's own exact top 10 by one statement, no cache: FTS5's ORDER BY bm25 on SQLite, the direct
    lexical.sql statement on PostgreSQL (what the head cache must reproduce)."""
    from apps.core.db.engine import POSTGRESQL, current
    from apps.search import pgsearch, queries
    from apps.search.filters import SearchFilters
    from apps.search.sanitize import parse_query

    parsed = parse_query(q)
    if current() is POSTGRESQL:
        rows, _ = pgsearch.rank_source(synth.spec(), parsed, SearchFilters(), depth=10)
        return [d for d, _ in rows]
    sql = (
        "SELECT rowid FROM bench_fts WHERE bench_fts MATCH :q "
        "ORDER BY bm25(bench_fts, 10.0, 4.0, 1.0), rowid LIMIT 10"
    )
    return [r[0] for r in queries.fetchall(sql, {"q": parsed.fts()})]


def lexical(corpus, repeat: int) -> dict:
    from apps.search import lexical as engine
    from apps.search.selectors import search

    mid, rare = corpus.vocab[40], corpus.vocab[30_000]
    out = {}
    for template in LEXICAL:
        q = template.format(mid=mid, rare=rare)
        engine.clear_head_cache()  # cold: the first query of a common term after a write
        t = time.perf_counter()
        first = search(q=q, mode="lexical", source=synth.SLUG, limit=10)
        cold = (time.perf_counter() - t) * 1000
        ms, page = speed.timed(lambda q=q: search(q=q, mode="lexical", source=synth.SLUG, limit=10), repeat)
        out[template] = {
            "q": q,
            "cold": cold,
            "p50": speed.pct(ms, 50),
            "p95": speed.pct(ms, 95),
            "hits": len(page.results),
            "agree": sum(
                a == f"syn:{b}" for a, b in zip((h.id for h in page.results), _exact_lexical(q), strict=False)
            ),
            "approximate": list(getattr(first, "approximate", None) or []),
        }
    return out


def measure(db: Path, corpus, args) -> dict:
    from apps.core.db.engine import POSTGRESQL, current

    engine = "postgres" if current() is POSTGRESQL else "sqlite"
    result = {"engine": engine, "docs": corpus.docs, "chunks": corpus.chunks}
    t, load_before = time.perf_counter(), os.getloadavg()[0]
    only = set(args.only.split(","))
    if "semantic" in only:
        result["semantic"] = semantic_recall(db, corpus, args.repeat)
    if "lexical" in only:
        result["lexical"] = lexical(corpus, args.repeat)
    if "hybrid" in only:
        result["hybrid"] = _hybrid(corpus, args.repeat)
    result["seconds"] = time.perf_counter() - t
    result["load"] = [load_before, os.getloadavg()[0]]
    rss, hwm = speed.rss_mib()
    result["rss_mib"], result["hwm_mib"] = rss, hwm
    if engine == "postgres" and os.environ.get("JOSH_BENCH_PGDATA"):
        from bench import pg

        result["server_pss_mib"] = pg.server_memory_mib(Path(os.environ["JOSH_BENCH_PGDATA"]))
    return result


def _hybrid(corpus, repeat: int) -> dict:
    hyb = speed.hybrid_http(corpus, repeat)
    return {
        "queries": hyb["queries"],
        "statuses": sorted(hyb["statuses"]),
        "p50": speed.pct(hyb["all"], 50),
        "p95": speed.pct(hyb["all"], 95),
        "filtered_p50": speed.pct(hyb["filtered"], 50),
        "filtered_p95": speed.pct(hyb["filtered"], 95),
    }


def _ingest(seconds: dict, docs: int, chunks: int) -> str:
    total = sum(seconds.values())
    steps = ", ".join(f"{k} {v:.0f}s" for k, v in seconds.items())
    return f"{(docs + chunks) / total:,.0f}/s ({total:.0f}s: {steps})"


def table(results: dict, ingest: dict) -> str:
    """Markdown: one row per measurement, one column per engine (the engines measured)."""
    engines = [e for e in ("sqlite", "postgres") if e in results]
    first = results[engines[0]]
    lines = [
        f"## Josh bench, both engines — {first['docs']:,} documents, {first['chunks']:,} chunks × {synth.DIM}",
        f"{os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} (at the end)",
        "",
        "| measurement | " + " | ".join(engines) + " |",
        "|---|" + "---|" * len(engines),
    ]

    def row(label, fn):
        cells = []
        for e in engines:
            try:
                cells.append(fn(results[e], e))
            except (KeyError, TypeError):
                cells.append("—")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")

    c = first["chunks"]
    row(
        "measuring time · load average (1 min) before → after",
        lambda r, e: f"{r['seconds']:.0f}s · {r['load'][0]:.2f} → {r['load'][1]:.2f}",
    )
    row("ingest (records + chunks per second)", lambda r, e: _ingest(ingest[e], r["docs"], c))
    row(
        f"hybrid /v1/search p50 / p95 ms ({first.get('hybrid', {}).get('queries', '?')} queries)",
        lambda r, e: (
            f"{r['hybrid']['p50']:.1f} / **{r['hybrid']['p95']:.1f}** (statuses {r['hybrid']['statuses']})"
        ),
    )
    row(
        "hybrid + congress filter p50 / p95 ms",
        lambda r, e: f"{r['hybrid']['filtered_p50']:.1f} / {r['hybrid']['filtered_p95']:.1f}",
    )
    for label in FILTERS:
        row(
            f"semantic top 10, filter {label}: recall@10 vs exact · p50 / p95 ms · short",
            lambda r, e, label=label: (
                f"**{r['semantic']['cases'][label]['recall']:.3f}** · {r['semantic']['cases'][label]['p50']:.1f} / "
                f"{r['semantic']['cases'][label]['p95']:.1f} · {r['semantic']['cases'][label]['short']}"
                f"/{r['semantic']['cases'][label]['queries']} (allowed {r['semantic']['cases'][label]['allowed']:,})"
            ),
        )
    row("semantic candidates rescored", lambda r, e: f"{r['semantic']['candidates']:,}")
    for template in LEXICAL:
        row(
            f"lexical '{template}' p50 / p95 ms (cold) · top-10 ranks equal to the engine's exact statement",
            lambda r, e, t=template: (
                f"{r['lexical'][t]['p50']:.1f} / **{r['lexical'][t]['p95']:.1f}** ({r['lexical'][t]['cold']:.0f}) · "
                f"{r['lexical'][t]['agree']}/{r['lexical'][t]['hits']} = exact"
                + (" approximate" if r["lexical"][t]["approximate"] else "")
            ),
        )
    row("serving process RSS MiB (peak)", lambda r, e: f"{r['rss_mib']:.0f} ({r['hwm_mib']:.0f})")
    row(
        "PostgreSQL server PSS MiB (all its processes)",
        lambda r, e: f"{r['server_pss_mib']:.0f}" if e == "postgres" else "— (in-process)",
    )
    return "\n".join(lines)
