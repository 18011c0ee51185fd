"""Hybrid with the legs one after the other vs at once (``SEARCH_PARALLEL_LEGS``), same process, same queries.

    JOSH_DATA_DIR=<a data dir after `manage.py setup_demo`> python -m bench.parallel_legs [--n 60] [--rounds 2]
        [--postgres]

``--postgres``: after the SQLite run, the same database is copied (``manage.py copy_to_postgres``) into a
throwaway PostgreSQL + pgvector (scripts/with_postgres.py) and the same queries run there, in the same
command, so both engines are measured under the same load.

Each query runs in both settings back to back, in alternating order (so a change of load hits both alike), with
the query-vector cache cleared before every search (the encoding is part of a fresh query's cost). Prints p50 /
p95 of each, their ratio, and the load average before and after; checks that both answer the same ranking.
"""

import argparse
import os
import statistics
import sys
import time


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.parallel_legs")
    parser.add_argument("--n", type=int, default=60, help="test-split eval queries to run")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--postgres", action="store_true", help="then the same on a PostgreSQL copy")
    args = parser.parse_args(argv)
    from bench.negative import _setup, _with_knobs

    _setup()
    from apps.search import selectors
    from bench.eval import load_queries
    from bench.eval import split as split_of

    queries = [q["q"] for q in split_of(load_queries(), "test")][: args.n]
    selectors.warm()
    times: dict[int, list[float]] = {0: [], 1: []}
    same = 0
    load_before = os.getloadavg()
    for r in range(args.rounds):
        for i, q in enumerate(queries):
            ranked = {}
            for parallel in (0, 1) if (i + r) % 2 == 0 else (1, 0):
                _with_knobs({"SEARCH_PARALLEL_LEGS": parallel})
                selectors._query_vector.cache_clear()
                started = time.perf_counter()
                page = selectors.search(q=q, mode="hybrid", limit=10)
                times[parallel].append((time.perf_counter() - started) * 1000)
                ranked[parallel] = [h.id for h in page.results]
            same += ranked[0] == ranked[1]
    load_after = os.getloadavg()
    p = {k: (statistics.median(v), _p95(v)) for k, v in times.items()}
    from django.db import connection

    print(
        f"hybrid on {connection.vendor}, {len(queries)} test queries x {args.rounds} rounds, "
        "query vector encoded each time"
    )
    print(f"load average (1/5/15 min) before {load_before}, after {load_after}; cores {os.cpu_count()}")
    print("| legs | p50 ms | p95 ms |\n|---|---|---|")
    print(f"| one after the other | {p[0][0]:.1f} | {p[0][1]:.1f} |")
    print(f"| at once (SEARCH_PARALLEL_LEGS=1) | {p[1][0]:.1f} | {p[1][1]:.1f} |")
    print(f"ratio at once / one after the other: p50 {p[1][0] / p[0][0]:.2f}, p95 {p[1][1] / p[0][1]:.2f}")
    print(f"same top 10 in both: {same} of {len(queries) * args.rounds}")
    if args.postgres:
        return _on_postgres(args)
    return 0


def _on_postgres(args) -> int:
    """The same bench on a throwaway PostgreSQL holding a copy of this SQLite database."""
    import subprocess
    from pathlib import Path

    from django.conf import settings
    from django.db import connections

    source = str(settings.DATABASES["default"]["NAME"])
    connections.close_all()
    root = Path(__file__).resolve().parent.parent
    python = sys.executable
    script = (
        f"{python} manage.py copy_to_postgres {source} > /dev/null && "
        f"{python} -m bench.parallel_legs --n {args.n} --rounds {args.rounds}"
    )
    print("\nPostgreSQL (the same database, copied with copy_to_postgres):", flush=True)
    return subprocess.call([python, "scripts/with_postgres.py", "sh", "-c", script], cwd=root)


def _p95(values: list[float]) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(0.95 * len(values)))]


if __name__ == "__main__":
    sys.exit(main())
