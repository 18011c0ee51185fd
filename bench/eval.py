"""Retrieval quality on the demo corpus, with a dev split to tune on and a test split to report.

    JOSH_DATA_DIR=<a data dir after `manage.py setup_demo`> python -m bench.eval [--split test] [--set K=V]
    python -m bench.eval --split dev --ablate      # the variants tuned on (dev only)
    python -m bench.eval --backend both            # SQLite, then the same database on a throwaway PostgreSQL

``--backend postgres`` runs against ``JOSH_DATABASE_URL`` (with ``--copy-from FILE``: ``manage.py
copy_to_postgres FILE`` first); ``both`` runs SQLite here, then itself under ``scripts/with_postgres.py`` with
the demo database copied there, and prints, beside each engine's table, the share of queries whose lexical
top 10 on PostgreSQL is SQLite's (same records, same order).

Queries: ``bench/evalset/*.jsonl``, written by reading the corpus documents (kinds: ``title`` — a document's
exact title; ``keyword`` — distinctive terms; ``paraphrase`` — no title words; ``mixed``), each with graded
relevant records (2: what the query is about; 1: also on point), judged without looking at any system's
results. The split is stratified by kind and fixed by ``SPLIT_SEED``: half of each kind is dev, half test.

Systems, all in this process over the same corpus: Josh ``lexical``, ``semantic`` (dense-only) and
``hybrid`` through ``apps.search.selectors.search`` (every searchable source, top 10), and a plain BM25
baseline — ``bm25s`` over whole documents (every column Josh indexes, concatenated), English stop words and
the Snowball stemmer, OR semantics. Metrics: nDCG@10 (gain 2^grade - 1), MRR (first record of grade ≥ 1),
recall@10 (share of grade ≥ 1 records in the top 10), and for title queries the share with a grade-2 record
at rank 1.
"""

import argparse
import hashlib
import json
import math
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

EVALSET = Path(__file__).with_name("evalset")
SPLIT_SEED = "josh-eval-v1"
KINDS = ("title", "keyword", "paraphrase", "mixed")
JOSH_MODES = ("lexical", "semantic", "hybrid")


def load_queries() -> list[dict]:
    out = []
    for path in sorted(EVALSET.glob("*.jsonl")):
        out += [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    return out


def split(queries: list[dict], which: str) -> list[dict]:
    """``dev`` / ``test`` / ``all``: per kind, queries ordered by a seeded hash of their id, first half dev."""
    if which == "all":
        return queries
    out = []
    for kind in sorted({q["kind"] for q in queries}):
        ranked = sorted(
            (q for q in queries if q["kind"] == kind),
            key=lambda q: hashlib.sha1(f"{SPLIT_SEED}:{q['id']}".encode()).hexdigest(),
        )
        half = (len(ranked) + 1) // 2
        out += ranked[:half] if which == "dev" else ranked[half:]
    return out


def metrics(ranked: list[str], relevant: dict[str, int]) -> dict[str, float]:
    top = ranked[:10]
    gains = [2 ** relevant.get(r, 0) - 1 for r in top]
    dcg = sum(g / math.log2(i + 1) for i, g in enumerate(gains, 1))
    ideal = sorted((2**g - 1 for g in relevant.values()), reverse=True)[:10]
    idcg = sum(g / math.log2(i + 1) for i, g in enumerate(ideal, 1))
    first = next((i for i, r in enumerate(top, 1) if relevant.get(r, 0) > 0), None)
    wanted = [r for r, g in relevant.items() if g > 0]
    return {
        "nDCG@10": dcg / idcg if idcg else 0.0,
        "MRR": 1 / first if first else 0.0,
        "R@10": sum(1 for r in wanted if r in top) / len(wanted),
        "top1": 1.0 if top and relevant.get(top[0], 0) == 2 else 0.0,
    }


class Bm25Baseline:
    """Plain document-level BM25 (bm25s) over every searchable record of the demo database."""

    def __init__(self, *, stem: bool = True, stop_words: bool = True):
        import bm25s
        import Stemmer

        from apps.core.db.quoting import quote_ident
        from apps.search import eligibility, queries

        self.ids, texts = [], []
        for _slug, (plan, shape) in sorted(eligibility.shapes().items()):
            if shape not in ("body", "short-body"):
                continue
            spec = plan.search
            cols = ", ".join(f"coalesce(CAST({quote_ident(c)} AS TEXT), '')" for c in spec.columns)
            sql = (
                f"SELECT {quote_ident(spec.public_id_column)}, {cols} FROM {quote_ident(spec.content_table)}"
            )
            for row in queries.fetchall(sql):
                self.ids.append(row[0])
                texts.append("\n".join(row[1:]))
        self.stemmer = Stemmer.Stemmer("english") if stem else None
        self.stop = "en" if stop_words else None
        self.bm25s = bm25s
        self.retriever = bm25s.BM25()
        self.retriever.index(
            bm25s.tokenize(texts, stopwords=self.stop, stemmer=self.stemmer, show_progress=False)
        )

    def search(self, q: str, k: int = 10) -> list[str]:
        tokens = self.bm25s.tokenize([q], stopwords=self.stop, stemmer=self.stemmer, show_progress=False)
        if not tokens.vocab:
            return []
        docs, scores = self.retriever.retrieve(tokens, k=min(k, len(self.ids)), show_progress=False)
        return [self.ids[int(d)] for d, s in zip(docs[0], scores[0], strict=True) if s > 0]


def run(queries: list[dict], systems: dict) -> tuple[dict, dict]:
    """Per (system, kind) mean metrics, and per system the latencies (ms)."""
    sums: dict = defaultdict(lambda: defaultdict(float))
    counts: dict = defaultdict(int)
    latency: dict = defaultdict(list)
    for query in queries:
        for name, search in systems.items():
            t = time.perf_counter()
            ranked = search(query["q"])
            latency[name].append((time.perf_counter() - t) * 1000)
            for metric, value in metrics(ranked, query["relevant"]).items():
                for kind in (query["kind"], "all"):
                    sums[(name, kind)][metric] += value
            for kind in (query["kind"], "all"):
                counts[(name, kind)] += 1
    means = {key: {m: v / counts[key] for m, v in vals.items()} for key, vals in sums.items()}
    return means, latency


def josh_system(mode: str):
    from apps.search.selectors import search

    return lambda q: [h.id for h in search(q=q, mode=mode, limit=10).results]


def table(means: dict, queries: list[dict], systems: list[str]) -> str:
    kinds = ["all", *[k for k in KINDS if any(q["kind"] == k for q in queries)]]
    n = {k: sum(1 for q in queries if k in ("all", q["kind"])) for k in kinds}
    lines = [
        "| system | kind | n | nDCG@10 | MRR | R@10 | rank-1 is grade 2 |",
        "|---|---|---|---|---|---|---|",
    ]
    for kind in kinds:
        for name in systems:
            m = means[(name, kind)]
            lines.append(
                f"| {name} | {kind} | {n[kind]} | {m['nDCG@10']:.3f} | {m['MRR']:.3f} | {m['R@10']:.3f} | "
                f"{m['top1']:.3f} |"
            )
    return "\n".join(lines)


def verdict(means: dict, queries: list[dict]) -> list[str]:
    out = []
    for kind in ["all", *[k for k in KINDS if any(q["kind"] == k for q in queries)]]:
        h, b, d = (means[(s, kind)]["nDCG@10"] for s in ("hybrid", "bm25s", "semantic"))
        ok = h >= b and h >= d
        out.append(
            f"{'PASS' if ok else 'FAIL'} {kind}: hybrid {h:.3f} vs BM25 baseline {b:.3f}, dense-only {d:.3f}"
        )
    titles = [q for q in queries if q["kind"] == "title"]
    if titles:
        for mode in ("hybrid", "lexical"):
            t1 = means[(mode, "title")]["top1"]
            out.append(
                f"{'PASS' if t1 == 1.0 else 'FAIL'} title queries with their document at rank 1 in {mode}: {t1:.3f}"
            )
    h = means[("hybrid", "all")]["nDCG@10"]
    out.append(f"{'PASS' if h >= 0.95 else 'FAIL'} hybrid nDCG@10 overall {h:.3f} (target ≥ 0.95)")
    return out


ABLATIONS = {
    "hybrid, no title rule, no leader rule": {"HYBRID_TITLE_MATCH": 0, "HYBRID_KEEP_LEADERS": 0},
    "hybrid, no leader rule": {"HYBRID_KEEP_LEADERS": 0},
    "hybrid, cc vector weight 0.4": {"CC_W_SEMANTIC": 0.4},
    "hybrid, cc vector weight 0.6": {"CC_W_SEMANTIC": 0.6},
    "hybrid, rrf 2:1 (before)": {"HYBRID_FUSION": "rrf"},
    "hybrid, rrf 1:1": {"HYBRID_FUSION": "rrf", "RRF_W_SEMANTIC": 1.0},
    "hybrid, rrf 2:1, k=20": {"HYBRID_FUSION": "rrf", "RRF_K": 20},
    "lexical, no stop words": {"LEXICAL_STOP_WORDS": 0},
    "semantic, best chunk only (before)": {"SEMANTIC_DOC_WEIGHT": 0},
    "hybrid, best chunk only (before)": {"SEMANTIC_DOC_WEIGHT": 0},
}


def _number_or_word(value: str):
    try:
        return float(value) if "." in value else int(value)
    except ValueError:
        return value  # a word knob, e.g. HYBRID_FUSION=rrf


def _with_knobs(knobs: dict, fn):
    from django.conf import settings

    def call(q):
        saved = settings.JOSH
        settings.JOSH = {**saved, **knobs}
        try:
            return fn(q)
        finally:
            settings.JOSH = saved

    return call


def lexical_agreement(mine: dict[str, list[str]], theirs: dict[str, list[str]]) -> list[str]:
    """The share of queries whose lexical top 10 is the other engine's (same ids, same order), and each miss."""
    same = [q for q in mine if mine[q] == theirs.get(q)]
    share = len(same) / len(mine) if mine else 0.0
    out = [
        f"{'PASS' if share >= 0.9 else 'FAIL'} PostgreSQL lexical top 10 = SQLite's on {len(same)} of {len(mine)} "
        f"queries ({share:.1%}, target ≥ 90 %)"
    ]
    for q in mine:
        if mine[q] != theirs.get(q):
            out.append(f"  differs: {q!r}: PostgreSQL {mine[q]} / SQLite {theirs.get(q)}")
    return out


def _both(argv: list[str], args) -> int:
    """SQLite in this process, then the same run on a throwaway PostgreSQL holding a copy of the database."""
    import subprocess
    import tempfile

    root = Path(__file__).resolve().parent.parent
    rest = [a for a in argv if a not in ("--backend", "both") and not a.startswith("--backend=")]
    with tempfile.TemporaryDirectory(prefix="josh-eval-") as tmp:
        tops = str(Path(tmp) / "sqlite-lexical.json")
        print("## SQLite\n", flush=True)
        code = main([*rest, "--backend", "sqlite", "--lexical-out", tops])
        print("\n## PostgreSQL (the same database, copied with manage.py copy_to_postgres)\n", flush=True)
        command = [sys.executable, "-m", "bench.eval", *rest, "--backend", "postgres", "--compare", tops]
        command += ["--copy-from", str(_sqlite_file())]
        pg = subprocess.call([sys.executable, str(root / "scripts" / "with_postgres.py"), *command], cwd=root)
    return code or pg


def _sqlite_file() -> Path:
    from django.conf import settings

    return Path(settings.DATABASES["default"]["NAME"])


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    parser = argparse.ArgumentParser(prog="python -m bench.eval")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="test")
    parser.add_argument("--set", action="append", default=[], help="KEY=VALUE: any search knob")
    parser.add_argument("--ablate", action="store_true", help="also run the tuning variants (use on dev)")
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--copy-from", help="postgres: copy this SQLite database in first (copy_to_postgres)")
    parser.add_argument("--lexical-out", help="write each query's lexical top 10 here (JSON)")
    parser.add_argument("--compare", help="a --lexical-out file of the other engine: print the agreement")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
    # Quality of the engine, in this process: the --ablate variants are settings overrides, which a heavy-lane
    # worker process would not see.
    os.environ["JOSH_HEAVY_LANE_PROCESSES"] = "0"
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import django

    django.setup()
    import logging

    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection

    if args.backend == "both":
        return _both(argv, args)
    engine = "postgresql" if args.backend == "postgres" else "sqlite"
    if connection.vendor != engine:
        print(f"--backend {args.backend}: the configured database is {connection.vendor}", file=sys.stderr)
        return 2
    if args.copy_from:
        call_command("copy_to_postgres", args.copy_from, verbosity=0, stdout=open(os.devnull, "w"))

    from apps.search.conf import knob

    logging.getLogger("bm25s").setLevel(logging.WARNING)

    # Quality, not latency: a loaded machine must not turn a slow query into a missing one (the serving budget
    # is measured by the bench and the attack bench).
    overrides = {"QUERY_TIME_LIMIT_MS": 120_000}
    overrides.update({k: _number_or_word(v) for k, v in (kv.split("=", 1) for kv in args.set)})
    settings.JOSH = {**settings.JOSH, **overrides}
    queries = split(load_queries(), args.split)
    t = time.perf_counter()
    systems = {"bm25s": Bm25Baseline().search}
    build_s = time.perf_counter() - t
    systems.update({mode: josh_system(mode) for mode in JOSH_MODES})
    if args.ablate:
        systems["bm25s, no stemming"] = Bm25Baseline(stem=False).search
        systems["bm25s, no stop words"] = Bm25Baseline(stop_words=False).search
        mode_of = {name: name.split(",")[0] for name in ABLATIONS}
        systems.update(
            {name: _with_knobs(knobs, josh_system(mode_of[name])) for name, knobs in ABLATIONS.items()}
        )
    for system in systems.values():  # warm: the encoder, the semantic index, the head cache
        system("warm up")
    lexical_tops: dict[str, list[str]] = {}
    lexical = systems["lexical"]

    def recorded(q: str) -> list[str]:
        lexical_tops[q] = lexical(q)
        return lexical_tops[q]

    systems["lexical"] = recorded
    means, latency = run(queries, systems)
    knobs = ", ".join(f"{k}={v}" for k, v in overrides.items())
    print(
        f"{connection.vendor}: split {args.split} ({len(queries)} queries, seed {SPLIT_SEED}); encoder {settings.JOSH['ENCODER']}, "
        f"fusion {knob('HYBRID_FUSION')} {knobs}; bm25s index built in {build_s:.1f}s\n"
    )
    print(table(means, queries, list(systems)))
    print("\n| system | p50 ms | p95 ms |\n|---|---|---|")
    for name, values in latency.items():
        ordered = sorted(values)
        p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        print(f"| {name} | {statistics.median(values):.1f} | {p95:.1f} |")
    print("\n" + "\n".join(verdict(means, queries)))
    if args.lexical_out:
        Path(args.lexical_out).write_text(json.dumps(lexical_tops))
    if args.compare:
        print("\n" + "\n".join(lexical_agreement(lexical_tops, json.loads(Path(args.compare).read_text()))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
