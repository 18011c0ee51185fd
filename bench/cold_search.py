"""python -m bench cold-search [--baseline ROOT] [--modes lexical,hybrid] [--warm 3] [--queries ...]

The first search of a fresh process against the same search warm, for name-like and common-word queries, on
the database the environment names (``JOSH_DATA_DIR`` / ``JOSH_DATABASE`` for SQLite, ``JOSH_DATABASE_URL``
for PostgreSQL, e.g. under scripts/with_postgres.py after ``manage.py copy_to_postgres``). Each (code, query,
mode) runs in a new interpreter that calls ``apps.search.selectors.search`` as served, heavy lane included and
under the configured budget, so the cold number is what the first caller of a process that never called
``lane.start()`` waited (the worker's start used to be paid inside it: docs/DEVELOPING.md "Serving and
threads"); the warm ones run after ``lane.start()`` has returned (a worker is warm). ``--baseline ROOT``: the same runs with another checkout's code (e.g. the main branch's), in the same
run, for a before/after on one machine. An outcome marked ``lex``: a hybrid search answered by its lexical leg
alone (``degraded.semantic``: the encoder was still loading in that process). Prints the load average before and after: the numbers are only
comparable at a similar load.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

QUERIES = ["Sen. Markey", "Elizabeth Warren", "Rep. Ocasio-Cortez", "federal", "health care"]

# Runs in the fresh interpreter, with the code under test first on sys.path (no import from this repo's bench).
CHILD = r"""
import json, os, sys, time
q, mode, warm = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
import django
django.setup()
from apps.search.selectors import search

def once():
    started = time.perf_counter()
    try:
        page = search(q=q, mode=mode, limit=10)
        outcome = f"{page.total} hits"
        if page.degraded is not None and page.degraded.semantic:  # hybrid answered by the lexical leg alone
            outcome += " lex"
    except Exception as exc:  # a JoshError's code (query_timeout) is the outcome the caller saw
        outcome = getattr(exc, "code", type(exc).__name__)
    return round((time.perf_counter() - started) * 1000, 1), outcome

cold = once()
from apps.core import lane
lane.start()  # warm means served by a warmed-up worker, as after a server's start (both codes have it)
warms = [once() for _ in range(warm)]
print(json.dumps({"cold": cold, "warm": warms}))
os._exit(0)  # no wait for a lane worker still warming up
"""


def _run(root: Path, q: str, mode: str, warm: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(
        [sys.executable, "-c", CHILD, q, mode, str(warm)],
        cwd=root, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if not lines:
        return {"cold": (None, f"failed: {done.stderr.strip().splitlines()[-1:]}"), "warm": []}
    return json.loads(lines[-1])


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench cold-search", description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", type=Path, help="another checkout's root, measured the same way")
    parser.add_argument("--modes", default="lexical,hybrid")
    parser.add_argument("--warm", type=int, default=3, help="warm searches after the cold one (median shown)")
    parser.add_argument("--queries", nargs="*", default=QUERIES)
    args = parser.parse_args(argv)
    roots = {"this": Path(__file__).resolve().parent.parent}
    if args.baseline:
        roots["baseline"] = args.baseline.resolve()
    engine = "postgresql" if os.environ.get("JOSH_DATABASE_URL") else "sqlite"
    print(f"engine {engine}; load average before {_load()}")
    print(
        f"{'code':<9} {'mode':<8} {'query':<20} {'cold ms':>9} {'cold outcome':<15} {'warm ms (median)':>17}"
    )
    for mode in args.modes.split(","):
        for q in args.queries:
            for name, root in roots.items():
                r = _run(root, q, mode, args.warm)
                cold_ms, outcome = r["cold"]
                warm_ms = statistics.median(ms for ms, _ in r["warm"]) if r["warm"] else None
                print(f"{name:<9} {mode:<8} {q:<20} {cold_ms!s:>9} {outcome:<15} {warm_ms!s:>17}", flush=True)
    print(f"load average after {_load()}")
    return 0
