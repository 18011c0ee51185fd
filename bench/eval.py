"""Retrieval quality on the demo corpus: recall@5, recall@10, MRR and nDCG@10 per mode and per query kind.

    JOSH_DATA_DIR=<a data dir after `manage.py setup_demo`> python -m bench.eval [--source a,b] [--k 60]

Queries and their verified relevant records are in ``bench/queries.jsonl`` (kinds: exact — distinctive
tokens from the record; paraphrase — no title words; mixed). Relevance is binary.
"""

import argparse
import json
import math
import os
import sys
from collections import defaultdict
from pathlib import Path

QUERIES = Path(__file__).with_name("queries.jsonl")
DEFAULT_SOURCES = "bills,public-laws,crs-reports,gao-reports"
MODES = ("lexical", "semantic", "hybrid")


def metrics(ranked: list[str], relevant: set[str]) -> dict[str, float]:
    hits = [1 if r in relevant else 0 for r in ranked[:10]]
    first = next((i for i, h in enumerate(hits, 1) if h), None)
    dcg = sum(h / math.log2(i + 1) for i, h in enumerate(hits, 1))
    ideal = sum(1 / math.log2(i + 1) for i in range(1, min(len(relevant), 10) + 1))
    return {
        "recall@5": sum(hits[:5]) / len(relevant),
        "recall@10": sum(hits) / len(relevant),
        "MRR": 1 / first if first else 0.0,
        "nDCG@10": dcg / ideal,
    }


def evaluate(queries: list[dict], sources: str) -> dict[tuple[str, str], dict[str, float]]:
    from apps.search.selectors import search

    sums: dict[tuple[str, str], dict[str, float]] = defaultdict(lambda: defaultdict(float))
    counts: dict[tuple[str, str], int] = defaultdict(int)
    for query in queries:
        for mode in MODES:
            page = search(q=query["q"], mode=mode, source=sources, limit=10)
            m = metrics([h.id for h in page.results], set(query["relevant"]))
            for kind in (query["kind"], "all"):
                counts[(mode, kind)] += 1
                for name, value in m.items():
                    sums[(mode, kind)][name] += value
    return {key: {n: v / counts[key] for n, v in vals.items()} for key, vals in sums.items()}


def table(results, queries) -> str:
    kinds = ["all", *sorted({q["kind"] for q in queries})]
    n = {k: sum(1 for q in queries if q["kind"] == k or k == "all") for k in kinds}
    lines = ["| mode | kind | n | recall@5 | recall@10 | MRR | nDCG@10 |", "|---|---|---|---|---|---|---|"]
    for mode in MODES:
        for kind in kinds:
            m = results[(mode, kind)]
            lines.append(
                f"| {mode} | {kind} | {n[kind]} | {m['recall@5']:.3f} | {m['recall@10']:.3f} | "
                f"{m['MRR']:.3f} | {m['nDCG@10']:.3f} |"
            )
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.eval")
    parser.add_argument("--source", default=DEFAULT_SOURCES)
    parser.add_argument("--k", type=int, help="RRF k (default: settings)")
    parser.add_argument("--w-lexical", type=float)
    parser.add_argument("--w-semantic", type=float)
    parser.add_argument(
        "--set", action="append", default=[], help="KEY=NUMBER: any search knob (apps/search/conf.py)"
    )
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import django

    django.setup()
    from django.conf import settings

    overrides = {"RRF_K": args.k, "RRF_W_LEXICAL": args.w_lexical, "RRF_W_SEMANTIC": args.w_semantic}
    overrides.update({k: float(v) if "." in v else int(v) for k, v in (kv.split("=", 1) for kv in args.set)})
    settings.JOSH = {**settings.JOSH, **{k: v for k, v in overrides.items() if v is not None}}
    queries = [json.loads(line) for line in QUERIES.read_text().splitlines() if line.strip()]
    results = evaluate(queries, args.source)
    knobs = ", ".join(f"{k}={v}" for k, v in overrides.items() if v is not None and k != "RRF_K")
    print(
        f"encoder {settings.JOSH['ENCODER']}, RRF k={settings.JOSH['RRF_K']}, sources {args.source} {knobs}"
    )
    print(table(results, queries))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
