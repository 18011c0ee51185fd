"""Speed measurements on the synthetic corpus (bench/synth.py); run through ``python -m bench``.

Everything runs in one process that plays the server: Django's test client calls ``GET /v1/search``, so the
hybrid figures include parsing, both legs, fusion, hydration, snippets and JSON. The query encoder is a
stand-in that maps query text to a query vector from the synthetic clusters (chunk vectors are not MiniLM's);
MiniLM's own cost per query is measured separately and reported beside it.
"""

import itertools
import os
import statistics
import time
from pathlib import Path

import numpy as np

from bench import synth


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def timed(fn, repeat: int, warm: bool = True) -> tuple[list[float], object]:
    """Latencies (ms) of ``repeat`` calls after one untimed warm-up call (warm page cache, as served)."""
    out, result = [], fn() if warm else None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        out.append((time.perf_counter() - t) * 1000)
    return out, result


class SyntheticQueryEncoder:
    model_id = synth.MODEL_ID
    dim = synth.DIM

    def __init__(self, vectors: np.ndarray):
        self.vectors = vectors

    def embed(self, texts):
        import zlib

        return np.stack([self.vectors[zlib.crc32(t.encode()) % len(self.vectors)] for t in texts])


def rss_mib() -> tuple[float, float]:
    fields = dict(
        line.split(":", 1) for line in Path("/proc/self/status").read_text().splitlines() if ":" in line
    )
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


def semantic_leg(corpus, repeat: int) -> dict:
    """Ours (numpy packed-bit scan → float rescore) vs sqlite-vec vec0 brute-force KNN, chunk level, top 10."""
    from apps.search import queries, semantic

    table = f"{synth.BASE}_chunks"
    t = time.perf_counter()
    index = semantic.index_for(table, synth.MODEL_ID)
    load_s = time.perf_counter() - t
    count = semantic.candidate_count(len(index), 10)

    def ours(q, n=count):
        rows = index.candidates(q, None, n)
        return [c for c, _, _ in itertools.islice(semantic.rescore(table, index.chunk_ids[rows], q), 10)]

    vec0_sql = f"SELECT chunk_id FROM {table}_vec0 WHERE embedding MATCH vec_bit(?) AND k = ?"

    def vec0(q, k, rescore):
        ids = [r[0] for r in queries.fetchall(vec0_sql, (semantic.pack_bits(q).tobytes(), k))]
        if not rescore:
            return ids[:10]
        return [c for c, _, _ in itertools.islice(semantic.rescore(table, np.array(ids), q), 10)]

    def run(fn, qs):
        lat, rec = [], []
        for q, exact in qs:
            ms, got = timed(lambda q=q, fn=fn: fn(q), repeat)
            lat += ms
            rec.append(len(set(got) & set(exact.tolist())) / 10)
        return lat, statistics.mean(rec)

    qs = list(zip(corpus.query_vectors, corpus.exact_top10, strict=True))
    few = qs[: max(5, len(qs) // 6)]
    rows = {"ours": run(ours, qs)}
    for n in (1000, 2 * count):
        rows[f"ours, {n} candidates"] = run(lambda q, n=n: ours(q, n), qs)
    rows["vec0 bit k=10"] = run(lambda q: vec0(q, 10, False), few)
    rows["vec0 bit k=100 + rescore"] = run(lambda q: vec0(q, 100, True), few)
    rows["vec0 bit k=1000 + rescore"] = run(lambda q: vec0(q, 1000, True), few)
    return {"index_load_s": load_s, "candidates": count, "rows": rows, "n": len(index)}


def lexical(corpus, repeat: int) -> dict:
    """Ours (the /v1/search selector, lexical mode, top 10) against FTS5's own exact ``ORDER BY bm25``:
    latency cold (empty head cache) and warm, and how many of the 10 ranks agree with FTS5's."""
    from apps.search import lexical as engine
    from apps.search import queries
    from apps.search.sanitize import parse_query
    from apps.search.selectors import search

    mid, mid2, rare = corpus.vocab[40], corpus.vocab[400], corpus.vocab[30_000]
    cases = {
        f"'{synth.COMMON}' (~100% of docs)": synth.COMMON,
        f"'{synth.HALF}' (~50%)": synth.HALF,
        f"'{mid}' (Zipf rank 40)": mid,
        f"'{rare}' (rare)": rare,
        f"'{synth.COMMON} {mid}'": f"{synth.COMMON} {mid}",
        f"'{synth.COMMON} {synth.HALF} {mid}'": f"{synth.COMMON} {synth.HALF} {mid}",
        f"'{mid2} {rare}'": f"{mid2} {rare}",
        f"'\"{synth.COMMON} {synth.HALF}\"' (phrase)": f'"{synth.COMMON} {synth.HALF}"',
        f"'{synth.COMMON} NOT {synth.HALF}'": f"{synth.COMMON} NOT {synth.HALF}",
    }
    exact_sql = (
        "SELECT c.doc_key FROM (SELECT rowid AS id, bm25(bench_fts, 10.0, 4.0, 1.0) AS s FROM bench_fts "
        "WHERE bench_fts MATCH :q ORDER BY s, rowid LIMIT 10) AS m JOIN bench_doc AS c ON c.id = m.id "
        "ORDER BY m.s, m.id"
    )
    out = {}
    for label, q in cases.items():
        engine.clear_head_cache()
        t = time.perf_counter()
        search(q=q, mode="lexical", source=synth.SLUG, limit=10)
        cold = (time.perf_counter() - t) * 1000
        ms, page = timed(lambda q=q: search(q=q, mode="lexical", source=synth.SLUG, limit=10), repeat)
        parsed = parse_query(q)
        raw_ms, exact = timed(
            lambda p=parsed: queries.fetchall(exact_sql, {"q": p.fts()}), max(2, repeat // 2), warm=False
        )
        ours = [h.id for h in page.results]
        agree = sum(1 for a, b in zip(ours, [r[0] for r in exact], strict=False) if a == b)
        out[label] = {"ms": ms, "cold": cold, "raw": raw_ms, "agree": agree, "n": len(exact)}
    return out


def hybrid_http(corpus, repeat: int) -> dict:
    from django.test import Client

    client = Client()
    v = corpus.vocab
    mix = [
        synth.COMMON,
        f"{synth.COMMON} {synth.HALF}",
        f"{v[40]} {v[900]}",
        v[5_000],
        f"{v[120]} {synth.COMMON}",
    ]
    mix += [f"{v[i]} {v[i * 7 % 59_000]}" for i in range(200, 200 + 3 * len(corpus.query_vectors) // 4)]
    lat, statuses = [], set()
    for q in mix:
        ms, response = timed(lambda q=q: client.get("/v1/search", {"q": q, "source": synth.SLUG}), repeat)
        lat += ms
        statuses.add(response.status_code)
    filtered, _ = timed(
        lambda: client.get("/v1/search", {"q": f"{v[40]} {v[77]}", "source": synth.SLUG, "congress": 110}),
        repeat,
    )
    return {"all": lat, "statuses": statuses, "queries": len(mix), "filtered": filtered}


def embedding_throughput(corpus_dir: Path) -> dict:
    from apps.search.chunking import chunk_body
    from apps.search.encoders import MiniLMEncoder

    texts = []
    for path in sorted(corpus_dir.glob("crs/**/*.md"))[:6]:
        texts += [c.text for c in chunk_body(path.read_text(errors="ignore"))]
    texts = texts[:64]
    enc = MiniLMEncoder(threads=os.cpu_count() or 2)
    enc.embed(texts[:4])
    t = time.perf_counter()
    for i in range(0, len(texts), 32):
        enc.embed(texts[i : i + 32])
    seconds = time.perf_counter() - t
    q_ms, _ = timed(lambda: enc.embed(["protecting children from harmful content online"]), 20)
    return {"passages": len(texts), "per_s": len(texts) / seconds, "query_ms": q_ms}
