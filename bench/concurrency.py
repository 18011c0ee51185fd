"""python -m bench concurrency [--backend sqlite|postgres|both] [--workers 1,2] [--readers 16] [--duration 30]

16 readers and 1 writer against ``python -m josh.serve --workers N`` on loopback, for each N and engine
(issue 18): how throughput moves with app workers on SQLite and on PostgreSQL.

* Corpus: bench/load.py's small substrate (legislators, 40 vote files, bills, SAPs, GAO reports; bills and
  GAO embedded with the fast ``hashing`` encoder) in a SQLite file under $JOSH_BENCH_DIR/concurrency;
  PostgreSQL gets a copy of it (``manage.py copy_to_postgres``) on bench/pg.py's throwaway server.
* Readers: threads with a keep-alive connection each, cycling through lookups (a legislator, a bill, the
  vote list), lexical and hybrid searches. Rate limiting is off (JOSH_RATE_LIMIT=off): the readers all come
  from 127.0.0.1 and the point is the engine, not the budget.
* Writer: bench/load.py's ingest loop (real write transactions: upserts, ingest runs) for the whole run.
* Printed per run: requests/s, p50 / p95 per kind, errors, the writer's completed ingests, and the load
  average before and after, since the readers, the writer, the server and PostgreSQL share the machine's
  cores (the readers are threads of this one Python process).
"""

import argparse
import os
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from bench import load, speed

ROOT = Path(__file__).resolve().parents[1]
SEARCHES = (
    "water",
    "veterans health",
    "tax credit",
    "clean water act",
    "child online safety",
    "appropriations",
)


def _mix(ids: dict) -> list[tuple[str, str, str, None]]:
    """(kind, method, path, body): lookups, lexical and hybrid searches, evenly interleaved."""
    mix = []
    for i, q in enumerate(SEARCHES):
        mix.append(
            ("lookup", "GET", f"/v1/legislators/{ids['legislators'][i % len(ids['legislators'])]}", None)
        )
        mix.append(("lexical", "GET", f"/v1/search?q={q}&mode=lexical&limit=10", None))
        mix.append(("lookup", "GET", f"/v1/bills/{ids['bills'][i % len(ids['bills'])]}", None))
        mix.append(("hybrid", "GET", f"/v1/search?q={q}&mode=hybrid&limit=10", None))
        mix.append(("lookup", "GET", "/v1/votes?limit=5", None))
    return mix


def _serve(env: dict, workers: int, log_path: Path) -> tuple[subprocess.Popen, str]:
    proc, url, _log = load.start_josh(["josh.serve", "--workers", str(workers)], env, log_path, wait_s=120)
    return proc, url


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def run_once(env: dict, data_dir: Path, workers: int, readers: int, duration: float) -> dict:
    server, url = _serve(env, workers, data_dir / f"serve-{workers}.log")
    stop = threading.Event()
    try:
        ids = {
            "legislators": [r["id"] for r in httpx.get(url + "/v1/legislators?limit=20").json()["results"]],
            "bills": [r["id"] for r in httpx.get(url + "/v1/bills?limit=20").json()["results"]],
        }
        mix = _mix(ids)
        for _, _, path, _ in mix:  # one untimed pass: the first request of each kind loads caches
            httpx.get(url + path, timeout=60)
        load_before = os.getloadavg()[0]
        writer = load.Writer(data_dir, env, stop)
        writer.start()
        out, errors = [], []
        threads = [
            threading.Thread(target=load._client, args=(url, mix, i * 3, stop, out, errors), daemon=True)
            for i in range(readers)
        ]
        started = time.perf_counter()
        for t in threads:
            t.start()
        time.sleep(duration)
        stop.set()
        for t in threads:
            t.join(35)
        wall = time.perf_counter() - started
        load_after = os.getloadavg()[0]
        writer.join(300)
    finally:
        stop.set()
        _stop(server)
    kinds = {}
    for kind in ("lookup", "lexical", "hybrid"):
        values = [ms for k, ms in out if k == kind]
        if values:
            kinds[kind] = {"n": len(values), "p50": speed.pct(values, 50), "p95": speed.pct(values, 95)}
    return {
        "workers": workers,
        "requests": len(out),
        "rps": len(out) / wall,
        "errors": len(errors),
        "error_sample": errors[:3],
        "writer_runs": writer.runs,
        "writer_failures": writer.failures,
        "kinds": kinds,
        "load": (load_before, load_after),
        "wall": wall,
    }


def _engines(backend: str) -> tuple[str, ...]:
    return ("sqlite", "postgres") if backend == "both" else (backend,)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench concurrency", description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--workers", default="1,2", help="comma list of josh.serve worker counts")
    parser.add_argument("--readers", type=int, default=16)
    parser.add_argument("--duration", type=float, default=30, help="seconds per run (at most 300)")
    args = parser.parse_args(argv)
    duration = min(max(args.duration, 5), 300)
    bench_dir = Path(os.environ.get("JOSH_BENCH_DIR", "/tmp/josh-bench"))
    data_dir = bench_dir / "concurrency"
    data_dir.mkdir(parents=True, exist_ok=True)
    env = {**load._env(data_dir, "hashing"), "JOSH_RATE_LIMIT": "off", "JOSH_HEAVY_LANE_PROCESSES": "0"}
    print(f"setup in {data_dir} (bench/load.py's substrate) ...", flush=True)
    load._setup(data_dir, env)
    # The substrate as set up, so every engine and every run starts from the same rows (the writer changes them).
    pristine = data_dir / "pristine.sqlite3"
    if not pristine.exists():
        shutil.copy(data_dir / "josh.sqlite3", pristine)
    rows = []
    for engine in _engines(args.backend):
        for workers in [int(w) for w in args.workers.split(",")]:
            shutil.copy(pristine, data_dir / "josh.sqlite3")
            for stale in data_dir.glob("josh.sqlite3-*"):
                stale.unlink()
            if engine == "sqlite":
                result = run_once(env, data_dir, workers, args.readers, duration)
            else:
                from bench import pg

                pgdata = data_dir / "pg"
                shutil.rmtree(pgdata, ignore_errors=True)
                with pg.server(pgdata) as url:
                    pg_env = {**env, "JOSH_DATABASE_URL": url}
                    subprocess.run(
                        [sys.executable, "manage.py", "copy_to_postgres", str(pristine)],
                        cwd=ROOT, env=pg_env, check=True, capture_output=True, timeout=900,
                    )  # fmt: skip
                    result = run_once(pg_env, data_dir, workers, args.readers, duration)
            result["engine"] = engine
            rows.append(result)
            print(_line(result), flush=True)
    print(table(rows, args.readers, duration))
    return 0 if all(not r["errors"] and not r["writer_failures"] for r in rows) else 1


def _line(r: dict) -> str:
    return f"{r['engine']} workers={r['workers']}: {r['rps']:.1f} req/s, {r['errors']} errors, writer {r['writer_runs']} ingests"


def table(rows: list[dict], readers: int, duration: float) -> str:
    lines = [
        f"### Concurrency: {readers} readers + 1 writer, loopback, {duration:.0f} s per run, {os.cpu_count()} cores",
        "| engine | workers | req/s | lookup p50 / p95 ms | lexical p50 / p95 ms | hybrid p50 / p95 ms | errors "
        "| writer ingests (failures) | load avg before → after |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        cells = [
            f"{r['kinds'][k]['p50']:.0f} / {r['kinds'][k]['p95']:.0f}" if k in r["kinds"] else "—"
            for k in ("lookup", "lexical", "hybrid")
        ]
        lines.append(
            f"| {r['engine']} | {r['workers']} | {r['rps']:.1f} | {' | '.join(cells)} | {r['errors']} | "
            f"{r['writer_runs']} ({len(r['writer_failures'])}) | {r['load'][0]:.2f} → {r['load'][1]:.2f} |"
        )
    for r in rows:
        for error in r["error_sample"] + r["writer_failures"][:2]:
            lines.append(f"- {r['engine']} workers={r['workers']}: {error[:200]}")
    return "\n".join(lines)
