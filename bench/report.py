"""Run the speed measurements and print them as Markdown tables (the closing note pastes them)."""

import os
import platform
from pathlib import Path

from bench import speed, synth


def _row(label, ms, extra=""):
    return f"| {label} | {speed.pct(ms, 50):.1f} | {speed.pct(ms, 95):.1f} | {extra} |"


def prepare(db: Path):
    """The corpus's metadata, with the engine ready to search it: the query encoder and the source's plan."""
    from django.core.management import call_command

    from apps.search import encoders

    corpus = synth.load_meta(db)
    # A served Josh flags curator corrections in every hit's citation (one cached lookup per model): the
    # bench database gets the tables that lookup reads, as a migrated one has them.
    call_command("migrate", "curation", verbosity=0)
    encoders.ENCODERS["synthetic"] = lambda: speed.SyntheticQueryEncoder(corpus.query_vectors)
    synth.register_plan()
    return corpus


def run(db: Path, args) -> int:
    from django.conf import settings

    corpus = prepare(db)
    print(f"\n## Josh search bench — {corpus.docs:,} documents, {corpus.chunks:,} chunks × {synth.DIM} dims")
    print(f"{os.cpu_count()} cores, Python {platform.python_version()}, database {db} ({_size(db)})")
    print(f"build: {', '.join(f'{k} {v:.0f}s' for k, v in corpus.seconds.items())}\n")

    only = set(args.only.split(","))
    if "semantic" in only:
        _semantic(corpus, args)
    if "lexical" in only:
        _lexical(corpus, args)
    if "hybrid" in only:
        _hybrid(corpus, args)
    rss, hwm = speed.rss_mib()
    print(f"\n### Memory\nserving process after the runs: RSS {rss:.0f} MiB (peak {hwm:.0f} MiB)")
    if not args.no_embed:
        emb = speed.embedding_throughput(Path(settings.CORPUS_DIR))
        print("\n### Embedding (all-MiniLM-L6-v2 int8 ONNX, CPU)")
        print(f"{emb['per_s']:.1f} passages/s ({emb['passages']} CRS chunks of ≤180 words, batch 32); "
              f"one query: p50 {speed.pct(emb['query_ms'], 50):.1f} ms, p95 {speed.pct(emb['query_ms'], 95):.1f} ms")  # fmt: skip
    return 0


def _semantic(corpus, args) -> None:
    sem = speed.semantic_leg(corpus, args.repeat)
    ours_ms, ours_recall = sem["rows"]["ours"]
    print(
        f"### Semantic leg (top 10 chunks; {sem['candidates']} bit candidates; index load {sem['index_load_s']:.1f}s)"
    )
    print("| method | p50 ms | p95 ms | recall@10 vs exact cosine |\n|---|---|---|---|")
    for label, (ms, recall) in sem["rows"].items():
        print(_row(label, ms, f"{recall:.3f}"))
    base = sem["rows"]["vec0 bit k=100 + rescore"][0]
    equal = [
        (label, ms) for label, (ms, recall) in sem["rows"].items()
        if label.startswith("vec0") and recall >= ours_recall
    ]  # fmt: skip
    label, same = min(equal, key=lambda row: speed.pct(row[1], 50)) if equal else ("none", None)
    ratio = speed.pct(same, 50) / max(speed.pct(ours_ms, 50), 1e-9) if same else float("nan")
    print(
        f"\nours vs the fastest vec0 at equal or better recall ({label}): **{ratio:.1f}× faster** (p50); "
        f"vs vec0 k=100 + rescore: {speed.pct(base, 50) / max(speed.pct(ours_ms, 50), 1e-9):.1f}×; "
        f"ours recall@10 {ours_recall:.3f}\n"
    )


def _lexical(corpus, args) -> None:
    lex = speed.lexical(corpus, args.repeat)
    print("### Lexical (the /v1/search selector, mode=lexical, top 10) vs FTS5's exact ORDER BY bm25")
    print(
        "| query | p50 ms | p95 ms | cold ms (empty head cache) | raw FTS5 exact p50 ms | top-10 ranks equal to FTS5 |"
    )
    print("|---|---|---|---|---|---|")
    for label, r in lex.items():
        print(f"| {label} | {speed.pct(r['ms'], 50):.1f} | {speed.pct(r['ms'], 95):.1f} | {r['cold']:.1f} | "
              f"{speed.pct(r['raw'], 50):.1f} | {r['agree']}/{r['n']} |")  # fmt: skip
    print()


def _hybrid(corpus, args) -> None:
    from django.conf import settings
    from django.test import override_settings

    from apps.search.conf import knob

    hyb = speed.hybrid_http(corpus, args.repeat)
    # The previous release's vector leg (best chunk only, no mean-vector read), same run, same queries: what
    # the document score costs.
    with override_settings(JOSH={**settings.JOSH, "SEMANTIC_DOC_WEIGHT": 0}):
        before = speed.hybrid_http(corpus, args.repeat)
    fusion = knob("HYBRID_FUSION")
    print(
        f"\n### Hybrid GET /v1/search (in-process HTTP, {hyb['queries']} queries incl. ~100 % terms, fusion {fusion})"
    )
    print("| request | p50 ms | p95 ms | note |\n|---|---|---|---|")
    print(_row("hybrid, source=synthetic", hyb["all"], f"statuses {sorted(hyb['statuses'])}"))
    print(_row("hybrid + congress filter", hyb["filtered"], "pre-filtered both legs"))
    print(
        _row(
            "hybrid, best-chunk vector leg (before)", before["all"], f"statuses {sorted(before['statuses'])}"
        )
    )
    print(_row("hybrid + congress filter (before)", before["filtered"], "SEMANTIC_DOC_WEIGHT=0"))


def _size(db: Path) -> str:
    total = sum(p.stat().st_size for p in db.parent.glob(db.name + "*") if p.is_file())
    return f"{total / 2**30:.2f} GiB"
