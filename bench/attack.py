"""python bench/attack.py [--data-dir DIR] [--budget-ms 2000] [--victims 60] [--attacks a,b] [--no-ingest] [--no-pin]
                         [--keep]

The hardening bench (issue 14): replays each attack of the adversarial review against a real server and
prints what the victim and the operator see. Not run in CI.

1. A throw-away copy of a demo data dir (``--data-dir``, made by ``manage.py setup_demo``; without it one is
   made with ``setup_demo --skip-embed``), plus one synthetic GAO report with 16,000 hits of one word.
2. ``python -m josh.serve`` (the production entry point, one worker) on a free 127.0.0.1 port, with
   ``JOSH_FORWARDED_ALLOW_IPS=127.0.0.1`` so each simulated client has its own address (X-Forwarded-For):
   the victim 198.51.100.10, the attacker 203.0.113.66.
3. Attacks, each for a bounded number of requests, the victim looking up one legislator alone and then while
   the attacker runs (in its own process, as a real attacker is: attacker threads beside the victim's client
   made it wait for that process's GIL): an expensive any-term query of 32 common words and prefixes on 9
   connections (REST and MCP ``search``), a snippet-heavy query (the 16k-hit record), 1 MiB request heads
   sent as fast as they go and 64 MiB ones sent slowly (both from the attacker's own loopback address,
   127.0.0.66, as a remote attacker has its own), an /v1/openapi.json flood; then, on a server restarted with ``JOSH_RATE_LIMIT=30/m`` (and no concurrency
   cap, to isolate the limiter), 60 simultaneous lookups and 20 simultaneous searches (5 units each); then,
   with no server, 6 overlapping ``manage.py ingest`` runs and a ``kill -9`` during an ingest followed by a
   restart.
4. Prints one table: victim p50 / p95 alone and under each attack (goal p95 <= 2x alone), the CPU seconds the
   server (with its heavy lane) and the attacker's process used meanwhile, the load average, the time to 503
   of the expensive query against its budget (goal <= budget + 10 %), rate-limit over-admission (goal
   <= 5 %), overlapping ingests (crashes, lost runs), and whether the killed run is marked aborted.

The attacker's process runs on a core of its own (the last one), the server and the victim on the others
(``--no-pin``: everyone everywhere). A remote attacker spends its own CPU, not the server's: on a 2-core
machine an unpinned attacker's client (httpx, gzip) took a whole core from the server and the victim, which
measured the bench more than the server. What the server spends on the attack is still counted in full, and
the attacker's request count and CPU seconds are printed with each row.

Loopback only; every loop is bounded; the server is stopped and the temp dir removed on exit (unless --keep).
"""

import argparse
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
VICTIM, ATTACKER = "198.51.100.10", "203.0.113.66"
PIN = [True]  # whether the attacker runs on a core of its own (main() sets it from --no-pin)
ATTACKER_PEER = "127.0.0.66"  # the raw-socket attacker's own source address (any 127/8 address is loopback)
VICTIM_PATH = "/v1/legislators/A000055"
COMMON = (
    "act secretary federal state states program section united shall under any such subsection title "
    "public general person service services health national provide report fund amount year"
).split()
EXPENSIVE_Q = " ".join(COMMON[:26] + ["admin*", "prov*", "stat*", "fed*", "sec*", "gen*"])
MCP_HEADERS = {
    "content-type": "application/json",
    "accept": "application/json, text/event-stream",
    "mcp-protocol-version": "2025-11-25",
}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


class Server:
    """``python -m josh.serve`` in its own process, stopped on exit."""

    def __init__(self, data_dir: Path, **env: str):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "JOSH_DATA_DIR": str(data_dir),
            "JOSH_FORWARDED_ALLOW_IPS": "127.0.0.1",
            "JOSH_LOG_LEVEL": "ERROR",
            **env,
        }
        self.log = open(data_dir / f"serve-{self.port}.log", "w")  # noqa: SIM115 (closed in __exit__)

    def __enter__(self):
        cmd = [sys.executable, "-m", "josh.serve", "--port", str(self.port), "--workers", "1"]
        self.proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=self.log, stderr=subprocess.STDOUT)
        self.pin = PIN[0]
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                if httpx.get(self.url + "/healthz", timeout=2).status_code in (200, 503):
                    return self
            except httpx.TransportError:
                time.sleep(0.2)
        self.proc.kill()
        raise RuntimeError("josh.serve did not start")

    def __exit__(self, *exc):
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        self.log.close()


def victim_run(url: str, n: int) -> list[float]:
    """``n`` sequential lookups by the victim on one keep-alive connection: seconds each (a failure is
    recorded as its time too; a lookup must not fail, so failures are counted apart)."""
    times = []
    with httpx.Client(base_url=url, headers={"x-forwarded-for": VICTIM}, timeout=60) as client:
        for _ in range(n):
            started = time.perf_counter()
            response = client.get(VICTIM_PATH)
            times.append(time.perf_counter() - started)
            if response.status_code != 200:
                times[-1] = float("inf")
    return times


def attack_loop(stop: threading.Event, fn, connections: int) -> dict:
    """Run ``fn(client)`` on ``connections`` threads until ``stop``; collect (status, seconds)."""
    results: list[tuple[int, float]] = []
    lock = threading.Lock()

    def worker():
        with httpx.Client(headers={"x-forwarded-for": ATTACKER}, timeout=120) as client:
            for _ in range(10_000):  # bounded even if stop never comes
                if stop.is_set():
                    return
                started = time.perf_counter()
                try:
                    status = fn(client)
                except httpx.HTTPError:
                    status = 0
                with lock:
                    results.append((status, time.perf_counter() - started))

    threads = [threading.Thread(target=worker, daemon=True) for _ in range(connections)]
    for t in threads:
        t.start()
    return {"threads": threads, "results": results}


def cores() -> tuple[set[int], set[int]]:
    """(server and victim cores, attacker cores): the last core for the attacker, when there are two or more."""
    available = list(range(os.cpu_count() or 1))  # not this process's affinity: the bench narrows its own
    if len(available) < 2:
        return set(available), set(available)
    return set(available[:-1]), {available[-1]}


def attacker_main(name: str, url: str, connections: int, pin: bool = True) -> None:
    """The attacker's own process (``--attacker``): loop until stdin closes, then print the (status, seconds)
    of every request as JSON. A separate process, as a real attacker is: attacker threads in the victim's
    process would make the victim's client wait for that process's GIL, which is no part of the server."""
    if pin:
        os.sched_setaffinity(0, cores()[1])
    stop = threading.Event()
    attack = attack_loop(stop, ATTACKS[name](url), connections)
    sys.stdin.read()
    stop.set()
    for t in attack["threads"]:
        t.join(130)
    spent = os.times()
    print(json.dumps({"results": list(attack["results"]), "cpu_s": spent.user + spent.system}))


def cpu_s(pid: int) -> float:
    """CPU seconds of process ``pid`` and its live children (the server and its heavy-lane workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total, pids = 0.0, [pid]
    for task in Path(f"/proc/{pid}/task").iterdir():
        pids += [int(c) for c in (task / "children").read_text().split()]
    for one in pids:
        fields = Path(f"/proc/{one}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    return total


def under_attack(
    server: "Server", victims: int, name: str, connections: int
) -> tuple[list[float], list, dict]:
    """The victim's lookups while ``name`` runs in its own process; with the CPU seconds the server (and its
    lane) and the attacker's process used meanwhile: on a shared 2-core machine the attacker's own CPU is
    taken from the server too, which a remote attacker's would not be."""
    cmd = [
        sys.executable,
        __file__,
        "--attacker",
        name,
        "--url",
        server.url,
        "--connections",
        str(connections),
        *([] if server.pin else ["--no-pin"]),
    ]
    server_cpu, started = cpu_s(server.proc.pid), time.perf_counter()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        time.sleep(1.0)  # let the attacker fill its connections before the victim starts
        times = victim_run(server.url, victims)
        server_cpu = cpu_s(server.proc.pid) - server_cpu
        out, _ = proc.communicate("", timeout=300)
    finally:
        if proc.poll() is None:
            proc.kill()
    report = json.loads(out)
    cpu = {"wall_s": round(time.perf_counter() - started, 1), "server_cpu_s": round(server_cpu, 1),
           "attacker_cpu_s": round(report["cpu_s"], 1)}  # fmt: skip
    return times, [tuple(r) for r in report["results"]], cpu


def expensive_rest(url):
    return lambda c: (
        c.get(url + "/v1/search", params={"q": EXPENSIVE_Q, "mode": "lexical", "limit": 20}).status_code
    )


def expensive_mcp(url):
    body = {
        "jsonrpc": "2.0",
        "id": 1,
        "method": "tools/call",
        "params": {"name": "search", "arguments": {"query": EXPENSIVE_Q, "limit": 20}},
    }

    def call(c):
        response = c.post(url + "/mcp", json=body, headers=MCP_HEADERS)
        if response.status_code != 200:
            return response.status_code
        answer = response.json()
        if "error" in answer:  # refused by the protocol layer: not a search at all
            return 400
        return 503 if "query_timeout" in json.dumps(answer.get("result", {})) else 200

    return call


def snippet_heavy(url):
    return lambda c: c.get(url + "/v1/search", params={"q": "turbine", "mode": "lexical"}).status_code


def _raw_head_attack(url, piece: bytes, pieces: int, pause_s: float, peer: str):
    """A connection from the attacker's own loopback address (as a remote attacker has its own: the server's
    per-peer guards see it, not the proxy address the other clients come through) sending a request head that
    never ends, ``piece`` by ``piece``; the status the server answered, 0 if it answered none."""
    port = int(url.rsplit(":", 1)[1])

    def send(_client):
        with socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(peer, 0)) as s:
            try:
                s.sendall(b"GET /v1/sources HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
                for _ in range(pieces):  # until the server closes
                    s.sendall(piece)
                    if pause_s:
                        time.sleep(pause_s)
                head = s.recv(64)
            except OSError:
                head = b""
        return int(head.split()[1]) if head.startswith(b"HTTP/1.1") else 0

    return send


def huge_header(url):
    return _raw_head_attack(url, b"a" * 4096, 256, 0.0, ATTACKER_PEER)  # 1 MiB as fast as it goes


def slow_header(url):
    # From another address: the fast attacker's penalty (josh.http_guard) must not decide this row.
    return _raw_head_attack(url, b"a" * 1024, 65_536, 0.05, "127.0.0.67")  # a 64 MiB head at 20 KiB/s


def openapi_flood(url):
    return lambda c: c.get(url + "/v1/openapi.json").status_code


# name -> (attack, connections, label): each attacker runs in its own process (``attacker_main``).
ATTACKS = {
    "expensive-rest": expensive_rest,
    "expensive-mcp": expensive_mcp,
    "snippets": snippet_heavy,
    "header": huge_header,
    "slow-header": slow_header,
    "openapi": openapi_flood,
}
PLAN = (
    ("expensive OR query x9 (REST)", "expensive-rest", 9),
    ("expensive OR query x9 (MCP)", "expensive-mcp", 9),
    ("snippet-heavy query x9", "snippets", 9),
    ("1 MiB header x4", "header", 4),
    ("slow 64 MiB header x4", "slow-header", 4),
    ("openapi.json flood x4", "openapi", 4),
)


def load_average() -> float:
    return round(os.getloadavg()[0], 2)


def time_to_503(url: str, budget_s: float, clients: int = 4, each: int = 3) -> dict:
    """The expensive query from ``clients`` addresses at once (REST and MCP), ``each`` times per client, on a
    server whose budget is shorter than the query: every answer should be a 503 within budget + 10 %."""
    out = {}
    for name, make in (("rest", expensive_rest), ("mcp", expensive_mcp)):
        results, lock = [], threading.Lock()

        def client(i, make=make, results=results, lock=lock):
            with httpx.Client(headers={"x-forwarded-for": f"192.0.2.{i + 1}"}, timeout=120) as c:
                for _ in range(each):
                    started = time.perf_counter()
                    status = make(url)(c)
                    with lock:
                        results.append((status, time.perf_counter() - started))

        threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(300)
        slowest = max(t for _, t in results)
        out[name] = {
            "statuses": {str(s): [x for x, _ in results].count(s) for s in {x for x, _ in results}},
            "p50_s": round(_pct([t for _, t in results], 0.5), 3),
            "slowest_s": round(slowest, 3),
            "slowest_vs_budget": round(slowest / budget_s, 2),
        }
    return out


def rate_burst(url: str, n: int = 60, path: str = VICTIM_PATH, address: str = ATTACKER) -> dict:
    """``n`` simultaneous ``path`` requests from one address: how many the limiter let through (anything
    but a 429: a search let through may still end in a 503 on a busy machine)."""
    barrier = threading.Barrier(n)
    statuses: list = [None] * n

    def one(i):
        with httpx.Client(headers={"x-forwarded-for": address}, timeout=60) as client:
            client.get(url + "/healthz")  # connect first, so the burst is the requests themselves
            barrier.wait()
            statuses[i] = client.get(url + path).status_code

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    return {"admitted": n - statuses.count(429), "refused": statuses.count(429)}


def manage(data_dir: Path, *args: str, **popen) -> subprocess.Popen:
    env = {**os.environ, "JOSH_DATA_DIR": str(data_dir), "JOSH_LOG_LEVEL": "ERROR"}
    return subprocess.Popen(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, **popen,
    )  # fmt: skip


def runs(data_dir: Path) -> list[tuple]:
    with sqlite3.connect(data_dir / "josh.sqlite3", timeout=30) as db:
        return db.execute("SELECT id, source, status, pid FROM core_ingestrun ORDER BY id").fetchall()


def overlapping_ingests(data_dir: Path, n: int = 6) -> dict:
    before = {r[0] for r in runs(data_dir)}
    procs = [manage(data_dir, "ingest", "gao-reports", "--no-progress") for _ in range(n)]
    outs = [(p.wait(300), *p.communicate()) for p in procs]
    new = [r for r in runs(data_dir) if r[0] not in before]
    ran = sum(1 for code, out, _err in outs if code == 0 and "gao-reports" in out)
    refused = sum(1 for _code, _out, err in outs if "Another ingest is running" in err)
    crashed = sum(1 for _code, _out, err in outs if "Traceback" in err or "database is locked" in err)
    return {"processes": n, "ran": ran, "refused": refused, "crashed": crashed, "lost_runs": ran - len(new),
            "left_running": sum(1 for r in new if r[2] == "running")}  # fmt: skip


def kill_during_ingest(data_dir: Path, url_env: dict) -> dict:
    before = {r[0] for r in runs(data_dir)}
    proc = manage(data_dir, "ingest", "roll-call-votes", "--no-progress")
    deadline = time.monotonic() + 120
    victim = None
    while time.monotonic() < deadline and victim is None:
        victim = next((r for r in runs(data_dir) if r[0] not in before and r[2] == "running"), None)
        time.sleep(0.05)
    time.sleep(0.5)  # let it write part of the source
    proc.send_signal(signal.SIGKILL)
    proc.wait(30)
    proc.communicate()
    status_before = next(r[2] for r in runs(data_dir) if r[0] == victim[0])
    restart = manage(data_dir, "ingest", "gao-reports", "--no-progress")
    restart.wait(300)
    restart.communicate()
    status_after = next(r[2] for r in runs(data_dir) if r[0] == victim[0])
    with Server(data_dir, **url_env) as server:
        state = httpx.get(server.url + "/v1/sources/roll-call-votes", timeout=30).json()["ingest_state"]
    return {"killed_run": victim[0], "status_before_restart": status_before, "status_after_restart": status_after,
            "sources_state": state}  # fmt: skip


def heavy_report(path: Path) -> None:
    body = "Wind turbine siting.\n\n" + ("turbine " * 16_000) + "\n"
    path.write_text(
        "# Turbines: A Synthetic Report With Sixteen Thousand Hits\n\n"
        "**Report:** GAO-26-999999 | **Published:** 2026-01-15 | **Source:** "
        "[U.S. Government Accountability Office](https://www.gao.gov/products/gao-26-999999)\n\n---\n\n"
        "## Highlights\n\n### What GAO Found\n\n" + body,
        encoding="utf-8",
    )


def prepare(source: Path | None, work: Path) -> None:
    if source:
        shutil.copy2(source / "josh.sqlite3", work / "josh.sqlite3")
    else:
        setup = manage(work, "setup_demo", "--skip-embed")
        if setup.wait(900):
            raise RuntimeError(setup.communicate()[1][-2000:])
    heavy_report(work / "gao-26-999999.md")
    load = manage(work, "ingest", "gao-reports", str(work / "gao-26-999999.md"), "--no-progress")
    if load.wait(300):
        raise RuntimeError(load.communicate()[1][-2000:])


def row(name: str, base: list[float], times: list[float], attack: list, budget_s: float, load: float) -> dict:
    finite = [t for t in times if t != float("inf")]
    statuses = [s for s, _ in attack]
    timeouts = [t for s, t in attack if s == 503]
    return {
        "attack": name,
        "base_p50_ms": round(_pct(base, 0.5) * 1000, 1),
        "base_p95_ms": round(_pct(base, 0.95) * 1000, 1),
        "victim_p50_ms": round(_pct(finite, 0.5) * 1000, 1),
        "victim_p95_ms": round(_pct(finite, 0.95) * 1000, 1),
        "p95_ratio": round(_pct(finite, 0.95) / _pct(base, 0.95), 2),
        "victim_failed": len(times) - len(finite),
        "attacker": {str(s): statuses.count(s) for s in sorted(set(statuses))},
        "max_503_s": round(max(timeouts), 2) if timeouts else None,
        "max_503_vs_budget": round(max(timeouts) / budget_s, 2) if timeouts else None,
        "attacker_max_s": round(max((t for _, t in attack), default=0), 2),
        "load": load,
    }


def print_report(args, rows: list[dict], out: dict) -> None:
    print(f"budget {args.budget_ms} ms, victim GET {VICTIM_PATH} x{args.victims}")
    header = ("attack", "victim alone p50 / p95 ms", "under attack p50 / p95 ms", "p95 / alone", "victim failed",
              "attacker statuses", "slowest 503 s (x budget)", "slowest attacker s",
              "CPU s server / attacker (wall s)", "load avg")  # fmt: skip
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    for r in rows:
        slowest = f"{r['max_503_s']} ({r['max_503_vs_budget']}x)" if r["max_503_s"] is not None else "-"
        cells = (r["attack"], f"{r['base_p50_ms']} / {r['base_p95_ms']}", f"{r['victim_p50_ms']} / {r['victim_p95_ms']}",
                 r["p95_ratio"], r["victim_failed"], json.dumps(r["attacker"]), slowest, r["attacker_max_s"],
                 f"{r['server_cpu_s']} / {r['attacker_cpu_s']} ({r['wall_s']})", r["load"])  # fmt: skip
        print("| " + " | ".join(str(c) for c in cells) + " |")
    for key, value in out.items():
        print(f"{key}: {json.dumps(value)}")


def run_attacks(args, work: Path, env: dict, rows: list, out: dict) -> None:
    """Each attack with the victim's own baseline measured just before it, on the same server, so the ratio
    compares like with like on a machine whose load drifts."""
    budget_s = args.budget_ms / 1000
    with Server(work, **env) as server:
        url = server.url
        victim_run(url, 5)  # warm the victim's path
        for label, name, connections in PLAN:
            if args.attacks and name not in args.attacks:
                continue
            base = victim_run(url, args.victims)
            times, attack, cpu = under_attack(server, args.victims, name, connections)
            rows.append({**row(label, base, times, attack, budget_s, load_average()), **cpu})
        single = []
        with httpx.Client(timeout=120, headers={"x-forwarded-for": "192.0.2.1"}) as client:
            for _ in range(3):
                started = time.perf_counter()
                status = expensive_rest(url)(client)
                single.append((status, round(time.perf_counter() - started, 2)))
        out["expensive_query_alone_status_s"] = single


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--data-dir", type=Path, help="a demo data dir to copy (made by manage.py setup_demo)"
    )
    parser.add_argument("--budget-ms", type=int, default=2000, help="JOSH_QUERY_TIME_LIMIT_MS of the server")
    parser.add_argument(
        "--short-budget-ms",
        type=int,
        default=250,
        help="budget for the time-to-503 run (below the query's cost)",
    )
    parser.add_argument("--victims", type=int, default=60, help="victim lookups per measurement")
    parser.add_argument("--attacks", type=lambda v: v.split(","), help=f"a subset of {','.join(ATTACKS)}")
    parser.add_argument("--no-ingest", action="store_true", help="skip the rate-limit and ingest checks")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--no-pin", action="store_true", help="do not give the attacker a core of its own")
    parser.add_argument("--attacker", choices=ATTACKS, help=argparse.SUPPRESS)  # the attacker's own process
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--connections", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.attacker:
        return attacker_main(args.attacker, args.url, args.connections, pin=not args.no_pin)
    PIN[0] = not args.no_pin
    if PIN[
        0
    ]:  # the server (started from here) and the victim's client share the cores the attacker does not use
        os.sched_setaffinity(0, cores()[0])
    args.victims = min(args.victims, 500)
    work = Path(tempfile.mkdtemp(prefix="josh-attack-"))
    rows, out = [], {"load_average_at_start": load_average(), "attacker_on_its_own_core": PIN[0]}
    try:
        prepare(args.data_dir, work)
        env = {"JOSH_QUERY_TIME_LIMIT_MS": str(args.budget_ms), "JOSH_RATE_LIMIT": "off"}
        run_attacks(args, work, env, rows, out)
        os.sched_setaffinity(0, set(range(os.cpu_count() or 1)))  # no attacker from here on: every core again
        # A budget shorter than the expensive query takes here, so that it must end in a 503.
        short = {**env, "JOSH_QUERY_TIME_LIMIT_MS": str(args.short_budget_ms)}
        with Server(work, **short) as server:
            victim_run(server.url, 5)
            out[f"time_to_503_budget_{args.short_budget_ms}ms"] = time_to_503(
                server.url, args.short_budget_ms / 1000
            )
        if not args.no_ingest:
            with Server(work, JOSH_RATE_LIMIT="30/m", JOSH_CLIENT_CONCURRENCY="0") as server:
                burst = rate_burst(server.url)
                # Weighted: a search takes 5 units (JOSH_RATE_COST_SEARCH), so 30/m admits 6 searches.
                searches = rate_burst(
                    server.url, 20, "/v1/search?q=energy&mode=lexical&limit=5", "203.0.113.67"
                )
            burst["over_admission_pct"] = round(max(burst["admitted"] - 30, 0) / 30 * 100, 1)
            out["rate_limit_30_per_min_60_simultaneous"] = burst
            searches["over_admission_pct"] = round(max(searches["admitted"] - 6, 0) / 6 * 100, 1)
            out["rate_limit_30_per_min_20_simultaneous_searches_cost_5"] = searches
            out["overlapping_ingests"] = overlapping_ingests(work)
            out["kill_9_during_ingest"] = kill_during_ingest(work, env)
        out["load_average_at_end"] = load_average()
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    print_report(args, rows, out)


if __name__ == "__main__":
    main()
