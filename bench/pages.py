"""python bench/pages.py [--requests N] [--warmup W]

Server time of every explorer page on the demo corpus (run ``make up`` or ``manage.py setup_demo`` first;
JOSH_DATA_DIR picks the data dir). Each page is requested N times through Django's full stack, in this
process (middleware, access policy, selectors, templates; no socket), after W warm-up requests, and the table
gives p50 / p95 / max wall time and p95 CPU time of this process (every thread: the query encoder's too),
which does not grow when the rest of the machine is busy as wall time does. Target: p95 <= 150 ms.
"""

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_MS = 150.0
PAGES = (
    ("home", "/"),
    ("search, hybrid", "/search?q=walk-in+freezer+efficiency"),
    ("search, lexical, filtered", "/search?q=energy&mode=lexical&source=bills"),
    ("search, page 3", "/search?q=energy+efficiency&page=3"),
    ("bill", "/bills/hjres:119:24"),
    ("vote", "/votes/senate:119:2025:162"),
    ("legislator", "/legislators/B000740"),
    ("committee", "/committees/HSWM"),
    ("CRS report", "/crs-reports/crs:R48914"),
    ("FR document", "/federal-register/fr:2024-02930"),
    ("bill list + charts", "/bills"),
    ("vote list + charts", "/votes"),
    ("legislator list + chart", "/legislators"),
    ("FR list + charts", "/federal-register"),
    ("committee list", "/committees?q=ways+means"),
    ("search CSV (REST)", "/v1/search?q=walk-in+freezer+efficiency&format=csv"),
    ("bill list CSV (REST)", "/v1/bills?limit=250&format=csv"),
)


def percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def measure(client, path: str, *, requests: int, warmup: int) -> tuple[int, list[float], list[float]]:
    status = 0
    for _ in range(warmup):
        status = _get(client, path)[0]
    wall, cpu = [], []
    for _ in range(requests):
        status, wall_ms, cpu_ms = _get(client, path)
        wall.append(wall_ms)
        cpu.append(cpu_ms)
    return status, wall, cpu


def _get(client, path: str) -> tuple[int, float, float]:
    started, started_cpu = time.perf_counter(), time.process_time()
    response = client.get(path)
    if response.streaming:
        b"".join(response.streaming_content)
    return (
        response.status_code,
        (time.perf_counter() - started) * 1000,
        (time.process_time() - started_cpu) * 1000,
    )


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--warmup", type=int, default=3)
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
    import django

    django.setup()
    from django.test import Client

    client = Client(raise_request_exception=False)
    rows, worst = [], 0.0
    for name, path in PAGES:
        status, wall, cpu = measure(client, path, requests=args.requests, warmup=args.warmup)
        p95 = percentile(wall, 95)
        worst = max(worst, p95)
        rows.append((name, path, status, percentile(wall, 50), p95, max(wall), percentile(cpu, 95)))
    width = max(len(r[0]) for r in rows)
    print(f"{'page':<{width}}  status  p50 ms  p95 ms  max ms  p95 cpu ms  path")
    for name, path, status, p50, p95, top, cpu95 in rows:
        flag = "" if p95 <= TARGET_MS else "  over target"
        print(
            f"{name:<{width}}  {status:>6}  {p50:6.1f}  {p95:6.1f}  {top:6.1f}  {cpu95:10.1f}  {path}{flag}"
        )
    print(
        f"\n{args.requests} requests per page after {args.warmup} warm-up; target p95 <= {TARGET_MS:.0f} ms; "
        f"worst p95 {worst:.1f} ms"
    )
    return 0 if worst <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
