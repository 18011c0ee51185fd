"""python bench/registry_latency.py [--requests N] [--warmup W] [--keep]

Measures the registry end to end on the bundled sample, in a throw-away data dir (never var/):

1. migrate + ingest the five registry sources (legislators, legislators-social-media, committees,
   committee-memberships, roll-call-votes) from corpus/, printing each source's ingest time and row counts;
2. start the real server (``uvicorn josh.asgi:application``, one process) on a free loopback port;
3. GET /v1/committees/HSWM/members N times over HTTP (one keep-alive connection, sequential) and print
   p50 / p95 / p99 / max latency, and the server's CPU time per request. Target: p95 <= 5 ms.

With ``--compare`` it also serves the same app through ``shared_thread_application`` (below): identical to
josh.asgi except that Django's sync code runs on one persistent thread instead of a new thread per request.
Django's ASGIHandler opens a ``ThreadSensitiveContext`` per request, so every request gets a fresh thread and
therefore a fresh SQLite connection (open + sqlite-vec load + schema parse + cold page cache); the comparison
shows what that costs.

Every loop is bounded and the server is stopped (and the temp dir removed) on the way out.
"""

import argparse
import json
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
SOURCES = (
    "legislators",
    "legislators-social-media",
    "committees",
    "committee-memberships",
    "roll-call-votes",
)
PATH = "/v1/committees/HSWM/members"
P95_TARGET_MS = 5.0

INGEST = """
import json, time, django
django.setup()
from django.core.management import call_command
from apps.core.services.ingest import run_ingest
from apps.core.plans import get_plan
call_command("migrate", interactive=False, verbosity=0)
out = []
for slug in {sources!r}:
    started = time.perf_counter()
    result = run_ingest(slug=slug)
    out.append({{"slug": slug, "seconds": time.perf_counter() - started, "records": result.records,
                "inserted": result.inserted, "errors": len(result.errors),
                "rows": get_plan(slug).model_class().objects.count()}})
from apps.registry.models import LegislatorIdentifier, Term, VotePosition
out.append({{"children": {{"terms": Term.objects.count(), "identifiers": LegislatorIdentifier.objects.count(),
            "vote_positions": VotePosition.objects.count()}}}})
print("RESULT" + json.dumps(out))
"""


def shared_thread_application():
    """uvicorn --factory target: josh.asgi's app with Django's sync code kept on one persistent thread."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
    import django
    from django.core.handlers.asgi import ASGIHandler

    django.setup(set_prefix=False)

    class SharedThreadASGIHandler(ASGIHandler):
        async def __call__(self, scope, receive, send):
            if scope["type"] != "http":
                raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
            await self.handle(scope, receive, send)  # no per-request ThreadSensitiveContext

    from josh.asgi import compose

    return compose(SharedThreadASGIHandler())


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def ingest(env: dict) -> list[dict]:
    proc = subprocess.run(
        [sys.executable, "-c", INGEST.format(sources=SOURCES)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    line = next((ln for ln in proc.stdout.splitlines() if ln.startswith("RESULT")), None)
    if proc.returncode != 0 or line is None:
        sys.exit(f"ingest failed:\n{proc.stdout}\n{proc.stderr}")
    return json.loads(line[len("RESULT") :])


def wait_ready(client: httpx.Client, server: subprocess.Popen, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"server exited early with {server.returncode}")
        try:
            if client.get(PATH).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    sys.exit(f"server not ready after {timeout_s}s")


def measure(client: httpx.Client, *, requests: int, warmup: int) -> list[float]:
    for _ in range(warmup):
        client.get(PATH).raise_for_status()
    samples = []
    for _ in range(requests):
        started = time.perf_counter()
        response = client.get(PATH)
        samples.append((time.perf_counter() - started) * 1000)
        if response.status_code != 200:
            sys.exit(f"GET {PATH} -> {response.status_code}: {response.text[:200]}")
    return samples


def cpu_seconds(pid: int) -> float:
    """User + system CPU the server process has used (Linux /proc), so the figure does not depend on how
    busy the rest of the machine is."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def percentile(samples: list[float], pct: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(pct / 100 * (len(ordered) - 1)))]


def stop(server: subprocess.Popen) -> None:
    if server.poll() is None:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(timeout=5)


def serve_and_measure(app: list[str], env: dict, requests: int, warmup: int, label: str) -> float:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", *app, "--host", "127.0.0.1", "--port", str(port),
         "--no-access-log", "--log-level", "warning"],
        cwd=ROOT, env=env,
    )  # fmt: skip
    try:
        with httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10) as client:
            wait_ready(client, server)
            measure(client, requests=0, warmup=max(0, min(warmup, 5000)))
            cpu_before = cpu_seconds(server.pid)
            samples = measure(client, requests=requests, warmup=0)
            cpu_ms = (cpu_seconds(server.pid) - cpu_before) * 1000 / requests
    finally:
        stop(server)
    p50, p95, p99 = (percentile(samples, p) for p in (50, 95, 99))
    print(
        f"[{label}] GET {PATH} over HTTP, {requests} requests (1 keep-alive connection, sequential): "
        f"p50 {p50:.2f} ms, p95 {p95:.2f} ms, p99 {p99:.2f} ms, max {max(samples):.2f} ms, "
        f"mean {statistics.fmean(samples):.2f} ms; server CPU {cpu_ms:.2f} ms/request "
        f"(load average {os.getloadavg()[0]:.1f})"
    )
    return p95


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=2000, help="timed requests (max 20000)")
    parser.add_argument("--warmup", type=int, default=100)
    parser.add_argument("--keep", action="store_true", help="keep the temp data dir")
    parser.add_argument("--compare", action="store_true", help="also measure the shared-thread variant")
    args = parser.parse_args(argv)
    requests = max(1, min(args.requests, 20_000))
    data_dir = Path(tempfile.mkdtemp(prefix="josh-registry-bench-"))
    env = {**os.environ, "JOSH_DATA_DIR": str(data_dir), "DJANGO_SETTINGS_MODULE": "josh.settings"}
    env.pop("JOSH_DATABASE", None)
    try:
        started = time.perf_counter()
        rows = ingest(env)
        print(f"ingest (migrate + 5 sources) in {time.perf_counter() - started:.1f}s, data dir {data_dir}")
        print(f"{'source':<24}{'seconds':>9}{'records':>9}{'inserted':>10}{'rows':>8}{'errors':>8}")
        for row in rows[:-1]:
            print(
                f"{row['slug']:<24}{row['seconds']:>9.2f}{row['records']:>9}{row['inserted']:>10}"
                f"{row['rows']:>8}{row['errors']:>8}"
            )
        print("child rows: " + ", ".join(f"{k} {v}" for k, v in rows[-1]["children"].items()))
        p95 = serve_and_measure(
            ["josh.asgi:application"], env, requests, args.warmup, "josh.asgi:application"
        )
        if args.compare:
            serve_and_measure(
                ["--factory", "bench.registry_latency:shared_thread_application"],
                env,
                requests,
                args.warmup,
                "shared-thread variant",
            )
        print(f"p95 target <= {P95_TARGET_MS} ms (josh.asgi): {'met' if p95 <= P95_TARGET_MS else 'NOT met'}")
        return 0 if p95 <= P95_TARGET_MS else 1
    finally:
        if not args.keep:
            shutil.rmtree(data_dir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
