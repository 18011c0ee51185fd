"""python bench/mcp_latency.py [--requests N] [--warmup W] [--encoder NAME] [--keep] [--data-dir DIR]

Latency of the MCP ``search`` tool over HTTP, end to end, on the bundled sample corpus, in a throw-away data
dir (never var/):

1. migrate, ingest every source with a sample, embed (``manage.py embed``) with the chosen encoder;
2. start the real server (``uvicorn josh.asgi:application``, one process) on a free loopback port;
3. POST ``tools/call search`` N times (one keep-alive connection, sequential, a fixed rotation of queries),
   and the same queries as ``GET /v1/search`` for comparison; print p50 / p95 / p99 / max for both.

``--data-dir DIR`` reuses a directory a previous run kept (``--keep``), skipping step 1 (embedding the whole
sample with the default MiniLM encoder takes tens of minutes on 2 busy cores).

Every loop is bounded (N <= 5000, 30 s per request) and the server is stopped and the temp dir removed on exit.
"""

import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
QUERIES = (
    "child online safety",
    "tax relief for small businesses",
    "Laken Riley Act",
    "drug price negotiation medicare",
    "appropriations continuing resolution",
    "export controls notification",
    "border security detention",
    "clean air act emissions",
    "veterans health care",
    "H.R. 1",
)
LOAD = """
import time, django
django.setup()
from django.core.management import call_command
from apps.core.plans import all_plans
from apps.core.services.ingest import run_ingest
call_command("migrate", interactive=False, verbosity=0)
started = time.perf_counter()
for plan in all_plans():
    if plan.has_sample:
        run_ingest(slug=plan.slug)
ingested = time.perf_counter()
call_command("embed", verbosity=0)
print(f"ingest {ingested - started:.1f}s, embed {time.perf_counter() - ingested:.1f}s", flush=True)
"""


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def percentiles(samples_ms: list[float]) -> dict[str, float]:
    ordered = sorted(samples_ms)

    def pick(p: float) -> float:
        return ordered[min(len(ordered) - 1, round(p * (len(ordered) - 1)))]

    return {"n": len(ordered), "p50": pick(0.50), "p95": pick(0.95), "p99": pick(0.99), "max": ordered[-1],
            "mean": statistics.fmean(ordered)}  # fmt: skip


def mcp_search(client: httpx.Client, url: str, query: str, rpc_id: int) -> None:
    body = {"jsonrpc": "2.0", "id": rpc_id, "method": "tools/call",
            "params": {"name": "search", "arguments": {"query": query, "limit": 10}}}  # fmt: skip
    response = client.post(url + "/mcp", json=body)
    response.raise_for_status()
    result = response.json()["result"]
    if result.get("isError"):
        raise RuntimeError(f"search {query!r} failed: {result['content'][0]['text'][:300]}")


def rest_search(client: httpx.Client, url: str, query: str, rpc_id: int) -> None:
    client.get(url + "/v1/search", params={"q": query, "limit": 10}).raise_for_status()


def measure(client, url, call, requests: int, warmup: int) -> dict[str, float]:
    for i in range(warmup):
        call(client, url, QUERIES[i % len(QUERIES)], i)
    samples = []
    for i in range(requests):
        started = time.perf_counter()
        call(client, url, QUERIES[i % len(QUERIES)], i)
        samples.append((time.perf_counter() - started) * 1000)
    return percentiles(samples)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=300)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--encoder", default=None, help="JOSH_ENCODER for the run (default: Josh's default)")
    parser.add_argument("--keep", action="store_true", help="keep the temp data dir")
    parser.add_argument(
        "--data-dir", type=Path, help="reuse a prepared data dir (kept by --keep); never var/"
    )
    args = parser.parse_args(argv)
    args.requests = max(1, min(args.requests, 5000))
    reuse = args.data_dir is not None
    data_dir = args.data_dir.resolve() if reuse else Path(tempfile.mkdtemp(prefix="josh-mcp-bench-"))
    if reuse and data_dir == (ROOT / "var").resolve():
        parser.error("--data-dir must not be var/")
    env = {**os.environ, "JOSH_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "josh.settings",
           "JOSH_LOG_LEVEL": "WARNING"}  # fmt: skip
    if args.encoder:
        env["JOSH_ENCODER"] = args.encoder
    server = None
    try:
        if not reuse:
            load = subprocess.run([sys.executable, "-c", LOAD], cwd=ROOT, env=env, capture_output=True, text=True,
                                  timeout=3600)  # fmt: skip
            if load.returncode != 0:
                print(load.stderr[-3000:], file=sys.stderr)
                return 1
            print("setup:", load.stdout.strip().splitlines()[-1])
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        cmd = [sys.executable, "-m", "uvicorn", "josh.asgi:application", "--host", "127.0.0.1", "--port",
               str(port), "--lifespan", "on", "--no-access-log", "--log-level", "warning"]  # fmt: skip
        server = subprocess.Popen(cmd, cwd=ROOT, env=env)
        deadline = time.monotonic() + 60
        while True:
            try:
                if httpx.get(url + "/v1/sources", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline or server.poll() is not None:
                print("server did not start", file=sys.stderr)
                return 1
            time.sleep(0.2)
        headers = {"content-type": "application/json", "accept": "application/json, text/event-stream",
                   "mcp-protocol-version": "2025-11-25"}  # fmt: skip
        with httpx.Client(headers=headers, timeout=30) as client:
            mcp = measure(client, url, mcp_search, args.requests, args.warmup)
            rest = measure(client, url, rest_search, args.requests, args.warmup)
        encoder = args.encoder or "default"
        print(
            f"\nsearch latency over HTTP (hybrid, limit 10, {len(QUERIES)} queries rotating, encoder {encoder})"
        )
        print(f"{'surface':<22}{'n':>6}{'p50 ms':>10}{'p95 ms':>10}{'p99 ms':>10}{'max ms':>10}")
        for name, row in (("MCP tools/call search", mcp), ("REST GET /v1/search", rest)):
            print(
                f"{name:<22}{row['n']:>6}{row['p50']:>10.1f}{row['p95']:>10.1f}{row['p99']:>10.1f}{row['max']:>10.1f}"
            )
        print(json.dumps({"mcp_search": mcp, "rest_search": rest}))
        return 0
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(10)
            except subprocess.TimeoutExpired:
                server.kill()
        if not args.keep and not reuse:
            shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
