"""Honest result sets: queries that match nothing must get nothing, and quoted phrases are constraints.

    JOSH_DATA_DIR=<a data dir after `manage.py setup_demo`> python -m bench.negative [--split test]
    python -m bench.negative --split dev --calibrate   # the vector leg's score distributions (fit the floor)

The negative set (``bench/evalset/negative/negative.jsonl``, kinds ``nonsense``, ``off_topic``, ``phrase``)
was written from outside the corpus: made-up words, topics no federal-policy record is about (cooking, sports,
astronomy, ...), and quoted phrases that occur nowhere. It lives in its own folder so that ``bench.eval``
(which reads every ``evalset/*.jsonl`` as labelled positives) never sees it; it is split into dev and test
by ``bench.eval.split`` (the same seeded, per-kind rule).

Printed per mode: the share of queries with 0 hits (goal >= 95 % on the test half), per kind; then for quoted
phrases — the negative set's and ``PHRASE_CHECKS``, phrases that do occur — whether every hit in every mode
contains the phrase (the lexical engine's own phrase match over the record, with no filter and no cap).

``--calibrate`` prints, with the floor off, the vector leg's best document score of each dev negative and the
score of each grade-2 record of the dev positives (``bench/evalset/*.jsonl``) that the leg ranked in its top
10; docs/SEARCH.md says how ``SEMANTIC_FLOOR`` was fitted from them.
"""

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

NEGATIVE = Path(__file__).with_name("evalset") / "negative" / "negative.jsonl"
MODES = ("lexical", "semantic", "hybrid")
# Quoted phrases that occur in the demo corpus: every hit of every mode must contain them.
PHRASE_CHECKS = ('"section 702"', '"energy conservation"', '"lead service lines"', '"tribal colleges"')


def load_negative() -> list[dict]:
    return [json.loads(line) for line in NEGATIVE.read_text().splitlines() if line.strip()]


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
    os.environ["JOSH_HEAVY_LANE_PROCESSES"] = "0"  # settings overrides must reach the search
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    import django

    django.setup()


def _search(**params):
    from apps.search.selectors import search

    return search(**params)


def _with_knobs(knobs: dict):
    from django.conf import settings

    settings.JOSH = {**settings.JOSH, **knobs}


def zero_hits(queries: list[dict]) -> dict[tuple[str, str], list[bool]]:
    """(mode, kind) -> per query, whether it got no hit at all (``total == 0``)."""
    out: dict[tuple[str, str], list[bool]] = {}
    for mode in MODES:
        for query in queries:
            empty = _search(q=query["q"], mode=mode, limit=10).total == 0
            for kind in (query["kind"], "all"):
                out.setdefault((mode, kind), []).append(empty)
    return out


def phrase_ids(phrase: str) -> set[str]:
    """Every record that contains ``phrase``: the lexical engine's phrase match, walked to the end."""
    found, offset = set(), 0
    while True:
        page = _search(q=phrase, mode="lexical", limit=250, offset=offset)
        found |= {h.id for h in page.results}
        offset += 250
        if not page.results or offset >= page.total or offset > 1000:
            return found


def phrase_check(phrases: list[str]) -> list[tuple[str, str, int, int]]:
    """(phrase, mode, hits, hits without the phrase) for every phrase and mode (the top 100 hits)."""
    rows = []
    for phrase in phrases:
        contains = phrase_ids(phrase)
        for mode in MODES:
            page = _search(q=phrase, mode=mode, limit=100)
            rows.append((phrase, mode, page.total, sum(1 for h in page.results if h.id not in contains)))
    return rows


def calibrate(split: str) -> None:
    from bench.eval import load_queries
    from bench.eval import split as split_of

    _with_knobs({"SEMANTIC_FLOOR": 0})
    negatives = {}  # kind -> the best chunk cosine of each query's top 100
    for query in split_of(load_negative(), split):
        # unquoted: a quoted phrase that occurs nowhere constrains the leg to nothing, and the floor is about
        # what the leg does with words alone
        hits = _search(q=query["q"].replace('"', ""), mode="semantic", limit=100).results
        negatives.setdefault(query["kind"], []).append(
            max((h.explain.chunk_cosine for h in hits), default=0.0)
        )
    positives, tops = [], []
    for query in split_of(load_queries(), split):
        hits = _search(q=query["q"], mode="semantic", limit=10).results
        tops += [hits[0].explain.chunk_cosine] if hits else []
        positives += [h.explain.chunk_cosine for h in hits if query["relevant"].get(h.id) == 2]
    rows = [(f"negatives ({kind}, unquoted): best chunk cosine", v) for kind, v in sorted(negatives.items())]
    rows += [("positives: grade-2 records' chunk cosine", positives), ("positives: best chunk cosine", tops)]
    for name, values in rows:
        values = sorted(values)
        print(f"{split} {name}: n={len(values)} min={values[0]:.4f} p05={_q(values, 0.05):.4f} "
              f"median={statistics.median(values):.4f} p95={_q(values, 0.95):.4f} max={values[-1]:.4f}")  # fmt: skip
        print("    lowest/highest:", " ".join(f"{v:.3f}" for v in values[:5]), "...",
              " ".join(f"{v:.3f}" for v in values[-5:]))  # fmt: skip


def calibrate_lexical(split: str) -> None:
    """The best-covering record's share of the query's idf mass (apps/search/coverage.py), for each dev
    negative and each dev positive query that the rule applies to (any-term, two or more scored words)."""
    from apps.search import coverage, eligibility
    from apps.search.conf import knob
    from apps.search.filters import SearchFilters
    from apps.search.sanitize import parse_query
    from bench.eval import load_queries
    from bench.eval import split as split_of

    targets = eligibility.select(None, "lexical").lexical

    def best(q: str) -> float | None:
        parsed = parse_query(q, stop_words=bool(knob("LEXICAL_STOP_WORDS")))
        if parsed is None or not coverage.applies(parsed):
            return None
        return coverage.shares(targets, parsed, SearchFilters()).best()[0]

    groups: dict[str, list[float]] = {}
    for query in split_of(load_negative(), split):
        if (b := best(query["q"])) is not None:
            groups.setdefault(f"negatives ({query['kind']})", []).append(b)
    for query in split_of(load_queries(), split):
        if (b := best(query["q"])) is not None:
            groups.setdefault("positives (all)", []).append(b)
            groups.setdefault(f"positives ({query.get('kind', '?')})", []).append(b)
    for name, values in sorted(groups.items()):
        values = sorted(values)
        print(f"{split} {name}: best record's coverage n={len(values)} min={values[0]:.4f} "
              f"p05={_q(values, 0.05):.4f} median={statistics.median(values):.4f} max={values[-1]:.4f}")  # fmt: skip
        print("    lowest/highest:", " ".join(f"{v:.3f}" for v in values[:6]), "...",
              " ".join(f"{v:.3f}" for v in values[-6:]))  # fmt: skip


def _q(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(share * len(values)))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.negative")
    parser.add_argument("--split", choices=("dev", "test", "all"), default="test")
    parser.add_argument("--calibrate", action="store_true", help="print the vector leg's score distributions")
    parser.add_argument(
        "--calibrate-lexical", action="store_true", help="print the best record's coverage of each query"
    )
    parser.add_argument("--set", action="append", default=[], help="KEY=VALUE: any search knob")
    args = parser.parse_args(argv)
    _setup()
    from bench.eval import _number_or_word
    from bench.eval import split as split_of

    _with_knobs({k: _number_or_word(v) for k, v in (s.split("=", 1) for s in args.set)})
    if args.calibrate_lexical:
        calibrate_lexical(args.split)
        return 0
    if args.calibrate:
        calibrate(args.split)
        return 0
    queries = split_of(load_negative(), args.split)
    shares = zero_hits(queries)
    print(f"## Negative set, {args.split} split ({len(queries)} queries): share with 0 hits\n")
    kinds = ["all", *sorted({q["kind"] for q in queries})]
    print(
        "| mode | "
        + " | ".join(f"{k} (n={sum(1 for q in queries if k in ('all', q['kind']))})" for k in kinds)
        + " |"
    )
    print("|---|" + "---|" * len(kinds))
    ok = True
    for mode in MODES:
        cells = []
        for kind in kinds:
            values = shares[(mode, kind)]
            cells.append(f"{sum(values) / len(values):.3f}")
        ok &= sum(shares[(mode, "all")]) / len(shares[(mode, "all")]) >= 0.95
        print(f"| {mode} | " + " | ".join(cells) + " |")
    print()
    phrases = [q["q"] for q in queries if q["kind"] == "phrase"] + list(PHRASE_CHECKS)
    rows = phrase_check(phrases)
    print("## Quoted phrases: hits (total) and hits of the top 100 without the phrase\n")
    print("| phrase | " + " | ".join(MODES) + " |")
    print("|---|" + "---|" * len(MODES))
    for phrase in phrases:
        cells = [f"{n} / {bad} without" for p, _, n, bad in rows if p == phrase]
        print(f"| {phrase} | " + " | ".join(cells) + " |")
    clean = all(bad == 0 for *_, bad in rows)
    print()
    print(f"{'PASS' if ok else 'FAIL'} every mode: >= 95 % of the queries with 0 hits")
    print(f"{'PASS' if clean else 'FAIL'} quoted phrases: every hit in every mode contains the phrase")
    return 0 if ok and clean else 1


if __name__ == "__main__":
    sys.exit(main())
