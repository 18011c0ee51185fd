"""python bench/load.py [--clients 8] [--duration 60] [--encoder hashing] [--data-dir DIR] [--keep]

Load on loopback while an ingest writes (issue 9). Not run in CI.

1. In a throw-away data dir (never var/): migrate, ingest legislators, 40 vote files, bills, SAPs and GAO
   reports, embed bills and GAO with ``--encoder`` (default ``hashing``: fast, the same code path).
2. Start ``uvicorn josh.asgi:application`` (one process, the a2wsgi thread pool) on a free 127.0.0.1 port.
3. Start a writer: ``manage.py ingest`` of sources not yet loaded (committees, all roll-call votes, federal
   register, CRS, executive orders), then re-ingests in a loop (IngestRun rows and upserts: real write
   transactions) until the run ends.
4. ``--clients`` threads, each with its own keep-alive connection, loop over a fixed mix: ``/v1/search``
   (lexical, semantic, hybrid), lookups (``/v1/legislators/{id}``, ``/v1/bills/{id}``, ``/v1/votes``) and MCP
   ``tools/call`` (``search``, ``fetch``) for ``--duration`` seconds.
5. Print throughput, p50 / p95 / p99 / max per kind, errors (any non-2xx, MCP ``isError``, transport errors),
   and every "database is locked" seen in a response or in the server and writer logs.

Bounded: duration <= 600 s, 30 s per request, the writer loop stops with the clients; loopback only; the
server and writer are stopped and the temp dir removed on exit (unless --keep).
"""

import argparse
import itertools
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
QUERIES = (
    "water",
    "veterans health",
    "tax credit",
    "clean water act",
    "child online safety",
    "appropriations",
)
MCP_HEADERS = {
    "content-type": "application/json",
    "accept": "application/json, text/event-stream",
    "mcp-protocol-version": "2025-11-25",
}
SETUP = """
from pathlib import Path
from django.conf import settings
from apps.core.plans import get_plan
from apps.core.services.ingest import run_ingest
from apps.search.embedding import embed_source
votes = sorted((Path(settings.CORPUS_DIR) / "votes").rglob("*.json"))[:40]
for slug, paths in (("legislators", None), ("roll-call-votes", votes), ("bills", None),
                    ("statements-of-administration-policy", None), ("gao-reports", None)):
    print(slug, run_ingest(slug=slug, paths=paths).status)
for slug in ("bills", "gao-reports"):
    embed_source(get_plan(slug))
"""
WRITES = ("committees", "roll-call-votes", "federal-register", "crs-reports", "executive-orders")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _env(data_dir: Path, encoder: str) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOSH_")}
    env.update(
        DJANGO_SETTINGS_MODULE="josh.settings",
        JOSH_DATA_DIR=str(data_dir),
        JOSH_ENCODER=encoder,
        JOSH_LOG_LEVEL="WARNING",
    )
    return env


def _setup(data_dir: Path, env: dict) -> None:
    if (data_dir / "josh.sqlite3").exists():
        return
    run = dict(cwd=ROOT, env=env, check=True, timeout=900)
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], **run)
    subprocess.run(
        [sys.executable, "-c", "import django; django.setup()\n" + SETUP], capture_output=True, **run
    )


def start_josh(
    module_args: list[str], env: dict, log_path: Path, wait_s: float
) -> tuple[subprocess.Popen, str, object]:
    """``python -m <module_args> --port <free port>`` (uvicorn or josh.serve), up once /v1/sources answers 200
    within ``wait_s``: (process, base URL, its open log). bench/concurrency.py starts its servers here too."""
    port = _free_port()
    log = open(log_path, "w")  # noqa: SIM115 - the caller closes it with the process
    proc = subprocess.Popen(
        [sys.executable, "-m", *module_args, "--port", str(port)],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(url + "/v1/sources", timeout=2).status_code == 200:
                return proc, url, log
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit(f"{module_args[0]} did not start: " + log_path.read_text()[-2000:])


def _start_server(data_dir: Path, env: dict) -> tuple[subprocess.Popen, str, object]:
    uvicorn = [
        "uvicorn",
        "josh.asgi:application",
        "--host",
        "127.0.0.1",
        "--no-access-log",
        "--lifespan",
        "on",
    ]
    return start_josh(uvicorn, env, data_dir / "uvicorn.log", wait_s=60)


class Writer(threading.Thread):
    """Runs ingests one after another until stopped; counts runs and keeps their output."""

    def __init__(self, data_dir: Path, env: dict, stop: threading.Event):
        super().__init__(daemon=True)
        self.env, self.stop, self.runs, self.failures = env, stop, 0, []
        self.log = open(data_dir / "writer.log", "w")

    def run(self):
        order = itertools.chain(
            WRITES, itertools.cycle(("roll-call-votes", "statements-of-administration-policy"))
        )
        for slug in order:
            if self.stop.is_set():
                return
            done = subprocess.run(
                [sys.executable, "manage.py", "ingest", slug, "--no-progress"],
                cwd=ROOT,
                env=self.env,
                capture_output=True,
                text=True,
                timeout=600,
            )
            self.log.write(done.stdout + done.stderr)
            self.runs += 1
            if done.returncode != 0:
                self.failures.append(f"{slug}: rc {done.returncode}: {done.stderr[-300:]}")


def _requests(ids: dict) -> list[tuple[str, str, str, dict | None]]:
    """(kind, method, path, json body) — the fixed mix each client cycles through."""
    mix = []
    for i, q in enumerate(QUERIES):
        mode = ("lexical", "semantic", "hybrid")[i % 3]
        mix.append(("search", "GET", f"/v1/search?q={q}&mode={mode}&limit=10", None))
        mix.append(
            ("lookup", "GET", f"/v1/legislators/{ids['legislators'][i % len(ids['legislators'])]}", None)
        )
        mix.append(("lookup", "GET", f"/v1/bills/{ids['bills'][i % len(ids['bills'])]}", None))
        mix.append(("lookup", "GET", "/v1/votes?limit=5", None))
        call = {"name": "search", "arguments": {"query": q, "limit": 5}}
        if i % 2:
            call = {"name": "fetch", "arguments": {"id": ids["bills"][i % len(ids["bills"])]}}
        body = {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": call}
        mix.append(("mcp", "POST", "/mcp", body))
    return mix


def _client(url, mix, offset, stop, out, errors):
    with httpx.Client(base_url=url, timeout=30) as http:
        for kind, method, path, body in itertools.islice(itertools.cycle(mix), offset, None):
            if stop.is_set():
                return
            started = time.perf_counter()
            try:
                if method == "GET":
                    response = http.get(path)
                else:
                    response = http.post(path, json=body, headers=MCP_HEADERS)
                elapsed = (time.perf_counter() - started) * 1000
                text = response.text
                failed = response.status_code >= 300 or "database is locked" in text
                if kind == "mcp" and not failed:
                    failed = bool(response.json().get("result", {}).get("isError"))
                if failed:
                    errors.append(f"{kind} {path} {response.status_code}: {text[:200]}")
            except httpx.HTTPError as exc:
                elapsed = (time.perf_counter() - started) * 1000
                errors.append(f"{kind} {path}: {type(exc).__name__}: {exc}")
            out.append((kind, elapsed))


def _pct(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--duration", type=float, default=60)
    parser.add_argument("--encoder", default="hashing")
    parser.add_argument("--data-dir", type=Path)
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args(argv)
    duration = min(max(args.duration, 1), 600)
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="josh-load-"))
    data_dir.mkdir(parents=True, exist_ok=True)
    env = _env(data_dir, args.encoder)
    server = log = None
    stop = threading.Event()
    try:
        print(f"setup in {data_dir} ...", flush=True)
        _setup(data_dir, env)
        server, url, log = _start_server(data_dir, env)
        ids = {
            "legislators": [r["id"] for r in httpx.get(url + "/v1/legislators?limit=20").json()["results"]],
            "bills": [r["id"] for r in httpx.get(url + "/v1/bills?limit=20").json()["results"]],
        }
        mix = _requests(ids)
        writer = Writer(data_dir, env, stop)
        writer.start()
        out, errors = [], []
        threads = [
            threading.Thread(target=_client, args=(url, mix, i * 3, stop, out, errors), daemon=True)
            for i in range(args.clients)
        ]
        started = time.perf_counter()
        for t in threads:
            t.start()
        time.sleep(duration)
        stop.set()
        for t in threads:
            t.join(35)
        wall = time.perf_counter() - started
        writer.join(120)
        logs = (data_dir / "uvicorn.log").read_text() + (data_dir / "writer.log").read_text()
        locked = logs.count("database is locked") + sum("database is locked" in e for e in errors)
        report = {
            "clients": args.clients,
            "duration_s": round(wall, 1),
            "requests": len(out),
            "throughput_rps": round(len(out) / wall, 1),
            "errors": len(errors),
            "database_is_locked": locked,
            "writer_ingest_runs": writer.runs,
            "writer_failures": writer.failures,
            "latency_ms": {},
        }
        for kind in ("search", "lookup", "mcp", "all"):
            values = [ms for k, ms in out if kind in (k, "all")]
            if values:
                report["latency_ms"][kind] = {
                    "n": len(values),
                    "p50": round(statistics.median(values), 1),
                    "p95": round(_pct(values, 95), 1),
                    "p99": round(_pct(values, 99), 1),
                    "max": round(max(values), 1),
                }
        print(json.dumps(report, indent=2))
        for error in errors[:20]:
            print("error:", error)
        return 0 if not errors and not locked and not writer.failures else 1
    finally:
        stop.set()
        if server is not None:
            server.terminate()
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                server.kill()
        if log is not None:
            log.close()
        if not args.keep and args.data_dir is None:
            shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
