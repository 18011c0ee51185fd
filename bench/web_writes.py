"""python -m bench web-writes [--backend sqlite|postgres|both] [--idle 20] [--ingest 60] [--clients 4]

Web requests during the longest ingest (issue 32, docs/ACCESS.md "Web requests never wait on an ingest"):
``JOSH_AUTH=apikey``, 4 clients each with its own API key cycling through REST lookups and MCP ``fetch``
calls, and a logged-in admin saving a correction (the add form, then its POST) one after another. First
``--idle`` seconds with nothing writing, then ``--ingest`` seconds while one ingest holds the writer: a real
``run_ingest`` of 40 roll-call-vote files whose ``on_file`` hook spreads them over the whole window, so its
batch transaction (SQLite's write lock; PostgreSQL's advisory lock) stays open the whole time.

Printed per engine and kind: requests, errors, p50 / p95 idle and during the ingest, and the ratio of the
p95s (goal: 0 errors, at most 2x). Then what became of the corrections saved during the ingest: each must be
applied (by the ingest as it finished), none pending or failed. Corpus: bench/load.py's substrate under
$JOSH_BENCH_DIR/web-writes (PostgreSQL: a copy on bench/pg.py's throwaway server). One uvicorn process;
the clients are threads of this process, on the same cores as the server.
"""

import argparse
import itertools
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx

from bench import load, speed

ROOT = Path(__file__).resolve().parents[1]
PASSWORD = "bench-curator-password"
KINDS = ("rest", "mcp", "admin-form", "admin-save")

SETUP = f"""
import django; django.setup()
from django.contrib.auth import get_user_model
from apps.access.services import api_key_issue
User = get_user_model()
User.objects.filter(username="curator").delete()
User.objects.create_superuser("curator", "c@example.org", {PASSWORD!r})
print("KEYS", " ".join(api_key_issue(name=f"client {{i}}")[1] for i in range(8)))
"""

# One ingest whose batch transaction stays open for HOLD_S seconds: its files are spread over the window.
HOLD = """
import os, sys, time
from pathlib import Path
import django; django.setup()
from django.conf import settings
from apps.core.services.ingest import run_ingest
votes = sorted((Path(settings.CORPUS_DIR) / "votes").rglob("*.json"))[:40]
hold_s = float(os.environ["BENCH_HOLD_S"])
end = time.monotonic() + hold_s

def pace(path, seen=[0]):
    seen[0] += 1
    if seen[0] == 1:
        print("holding", flush=True)
    time.sleep(max(end - time.monotonic(), 0) / max(len(votes) - seen[0] + 1, 1))

result = run_ingest(slug="roll-call-votes", paths=votes, on_file=pace)
print("done", result.status, result.files_total, flush=True)
"""


def _setup_site(env: dict) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", SETUP], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    if done.returncode != 0:
        raise SystemExit(done.stderr[-3000:])
    return next(x for x in done.stdout.splitlines() if x.startswith("KEYS ")).split()[1:]


def _mix(ids: dict) -> list[tuple[str, str, str, dict | None]]:
    mix = []
    for i in range(6):
        mix.append(
            ("rest", "GET", f"/v1/legislators/{ids['legislators'][i % len(ids['legislators'])]}", None)
        )
        mix.append(("rest", "GET", f"/v1/bills/{ids['bills'][i % len(ids['bills'])]}", None))
        mix.append(("rest", "GET", "/v1/votes?limit=5", None))
        call = {"name": "fetch", "arguments": {"id": ids["bills"][i % len(ids["bills"])]}}
        mix.append(
            ("mcp", "POST", "/mcp", {"jsonrpc": "2.0", "id": i, "method": "tools/call", "params": call})
        )
    return mix


class Recorder:
    def __init__(self):
        self.phase = "warm"
        self.samples: list[tuple[str, str, float]] = []  # (phase, kind, ms)
        self.errors: list[tuple[str, str]] = []  # (phase, text)
        self.lock = threading.Lock()

    def add(self, kind: str, ms: float, error: str | None = None) -> None:
        with self.lock:
            if self.phase == "warm":
                return
            self.samples.append((self.phase, kind, ms))
            if error:
                self.errors.append((self.phase, f"{kind}: {error[:200]}"))


def _client(url: str, key: str, mix, offset: int, stop: threading.Event, rec: Recorder) -> None:
    headers = {"X-Api-Key": key}
    mcp_headers = {**load.MCP_HEADERS, "authorization": f"Bearer {key}"}
    with httpx.Client(base_url=url, timeout=60, headers=headers) as http:
        for kind, method, path, body in itertools.islice(itertools.cycle(mix), offset, None):
            if stop.is_set():
                return
            started = time.perf_counter()
            error = None
            try:
                if method == "GET":
                    response = http.get(path)
                else:
                    response = http.post(path, json=body, headers=mcp_headers)
                if response.status_code != 200:
                    error = f"{path} {response.status_code}: {response.text[:150]}"
                elif kind == "mcp" and response.json().get("result", {}).get("isError"):
                    error = f"{path} isError: {response.text[:150]}"
            except httpx.HTTPError as exc:
                error = f"{path}: {type(exc).__name__}: {exc}"
            rec.add(kind, (time.perf_counter() - started) * 1000, error)


def _token(text: str) -> str:
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', text).group(1)


FIELDS = ("nickname", "middle_name", "suffix")


def _admin(url: str, members: list[str], ct: str, stop: threading.Event, rec: Recorder, saved: list) -> None:
    """Saves a correction after another, each on a record and field not corrected yet (the add form refuses
    a second correction of one field: that one is changed on its own page)."""
    with httpx.Client(base_url=url, timeout=60) as http:
        page = http.get("/admin/login/")
        login = http.post(
            "/admin/login/?next=/admin/",
            data={"csrfmiddlewaretoken": _token(page.text), "username": "curator", "password": PASSWORD},
        )
        if login.status_code != 302:
            raise SystemExit(f"admin login failed: {login.status_code} {login.text[:300]}")
        add = f"/admin/curation/correction/add/?content_type={ct}"
        for n in itertools.count():
            if stop.is_set():
                return
            started = time.perf_counter()
            form = http.get(add)
            rec.add("admin-form", (time.perf_counter() - started) * 1000, None if form.status_code == 200 else
                    f"form {form.status_code}: {form.text[:150]}")  # fmt: skip
            if form.status_code != 200:
                continue
            value = f"Bench {n}"
            member_pk, field = members[n % len(members)], FIELDS[n // len(members) % len(FIELDS)]
            started = time.perf_counter()
            post = http.post(
                add,
                data={
                    "csrfmiddlewaretoken": _token(form.text),
                    "content_type": ct,
                    "object_id": member_pk,
                    "field": field,
                    "value": value,
                    "reason": "bench/web_writes.py",
                },
            )
            ok = post.status_code == 302
            error = None if ok else f"save {post.status_code}: {_refusal(post.text)}"
            rec.add("admin-save", (time.perf_counter() - started) * 1000, error)
            if ok:
                saved.append((rec.phase, value))
            elif "errorlist" in post.text:  # say which field the form refused, not only that it did
                rec.add(
                    "admin-save",
                    0,
                    "form: " + re.sub(r"<[^>]+>", " ", post.text.split('class="errorlist', 1)[1])[:160],
                )


def _refusal(html: str) -> str:
    """What an admin page that did not redirect says: its error list, else its start."""
    if 'class="errorlist' in html:
        return (
            "form: "
            + re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.split('class="errorlist', 1)[1]))[:160]
        )
    return html[:150]


def _queue_states(env: dict) -> dict:
    code = (
        "import django, json; django.setup()\n"
        "from django.db.models import Count\n"
        "from apps.curation.models import QueuedChange\n"
        "print('STATES', json.dumps(dict(QueuedChange.objects.values_list('status').annotate(n=Count('pk')))))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True)
    line = next((x for x in done.stdout.splitlines() if x.startswith("STATES ")), "STATES {}")
    return json.loads(line.removeprefix("STATES "))


def run_engine(env: dict, data_dir: Path, clients: int, idle_s: float, ingest_s: float) -> dict:
    keys = _setup_site(env)
    server, url, log = _start(env, data_dir / "uvicorn.log")
    rec, stop, saved = Recorder(), threading.Event(), []
    try:
        keyed = {"X-Api-Key": keys[-1]}
        ids = {
            "legislators": [r["id"] for r in httpx.get(url + "/v1/legislators?limit=20", headers=keyed).json()["results"]],
            "bills": [r["id"] for r in httpx.get(url + "/v1/bills?limit=20", headers=keyed).json()["results"]],
        }  # fmt: skip
        members, ct = _record_keys(url)
        mix = _mix(ids)
        threads = [
            threading.Thread(target=_client, args=(url, keys[i], mix, i * 5, stop, rec), daemon=True)
            for i in range(clients)
        ]
        threads.append(
            threading.Thread(target=_admin, args=(url, members, ct, stop, rec, saved), daemon=True)
        )
        for t in threads:
            t.start()
        time.sleep(3)  # warm: first requests load caches, untimed
        rec.phase = "idle"
        time.sleep(idle_s)
        holder = subprocess.Popen(
            [sys.executable, "-c", HOLD],
            cwd=ROOT,
            env={**env, "BENCH_HOLD_S": str(ingest_s)},
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        if holder.stdout.readline().strip() != "holding":
            raise SystemExit("the ingest did not start: " + holder.stderr.read()[-2000:])
        rec.phase = "ingest"
        ingest_out, ingest_err = holder.communicate(timeout=ingest_s + 300)
        rec.phase = "after"
        stop.set()
        for t in threads:
            t.join(60)
    finally:
        stop.set()
        server.terminate()
        server.wait(30)
        log.close()
    return {
        "samples": rec.samples,
        "errors": rec.errors,
        "saved_during_ingest": sum(1 for phase, _ in saved if phase == "ingest"),
        "ingest": (ingest_out.strip().splitlines() or ["?"])[-1],
        "ingest_rc": holder.returncode,
        "ingest_err": ingest_err[-500:],
        "queue": _queue_states(env),
    }


def _start(env: dict, log_path: Path) -> tuple[subprocess.Popen, str, object]:
    """uvicorn on a free port, up once the open /healthz answers (every /v1 path wants a key here)."""
    port = load._free_port()
    log = open(log_path, "w")  # noqa: SIM115 - closed with the process
    cmd = ["uvicorn", "josh.asgi:application", "--no-access-log", "--lifespan", "on", "--port", str(port)]
    proc = subprocess.Popen(
        [sys.executable, "-m", *cmd], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            if httpx.get(url + "/healthz", timeout=2).status_code == 200:
                return proc, url, log
        except httpx.TransportError:
            pass
        time.sleep(0.2)
    proc.kill()
    raise SystemExit("uvicorn did not start: " + log_path.read_text()[-2000:])


def _record_keys(url: str) -> tuple[list[str], str]:
    """Legislators' admin primary keys (the changelist's first page) and the content type id the correction
    form takes."""
    with httpx.Client(base_url=url, timeout=60) as http:
        page = http.get("/admin/login/")
        http.post(
            "/admin/login/?next=/admin/",
            data={"csrfmiddlewaretoken": _token(page.text), "username": "curator", "password": PASSWORD},
        )
        pks: list[str] = []
        for page in range(1, 7):  # up to 600 records x 3 fields: more corrections than a run saves
            found = http.get("/admin/registry/legislator/", params={"p": page}).text
            pks.extend(re.findall(r'href="/admin/registry/legislator/(\d+)/change/', found))
        pks = list(dict.fromkeys(pks))
        change = http.get(f"/admin/registry/legislator/{pks[0]}/change/").text
        return pks, re.search(r"content_type=(\d+)", change).group(1)


def summarize(engine: str, result: dict) -> list[dict]:
    rows = []
    for kind in KINDS:
        idle = [ms for phase, k, ms in result["samples"] if phase == "idle" and k == kind]
        busy = [ms for phase, k, ms in result["samples"] if phase == "ingest" and k == kind]
        errors = [
            e for phase, e in result["errors"] if e.startswith(kind + ":") and phase in ("idle", "ingest")
        ]
        if not idle or not busy:
            continue
        rows.append(
            {
                "engine": engine,
                "kind": kind,
                "n_idle": len(idle),
                "n_ingest": len(busy),
                "errors_idle": sum(1 for phase, e in result["errors"] if phase == "idle" and e.startswith(kind + ":")),
                "errors_ingest": sum(1 for phase, e in result["errors"] if phase == "ingest" and e.startswith(kind + ":")),
                "idle": (speed.pct(idle, 50), speed.pct(idle, 95)),
                "busy": (speed.pct(busy, 50), speed.pct(busy, 95)),
                "error_sample": errors[:2],
            }
        )  # fmt: skip
    return rows


def table(rows: list[dict], results: dict, args) -> str:
    lines = [
        f"### Web requests during an ingest: {args.clients} keyed clients + 1 admin saving corrections, "
        f"{args.idle:.0f} s idle then {args.ingest:.0f} s of one ingest holding the writer, {os.cpu_count()} cores",
        "| engine | kind | requests idle / ingest | errors idle / ingest | idle p50 / p95 ms | ingest p50 / p95 ms "
        "| p95 ratio |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        ratio = r["busy"][1] / r["idle"][1] if r["idle"][1] else float("inf")
        lines.append(
            f"| {r['engine']} | {r['kind']} | {r['n_idle']} / {r['n_ingest']} | {r['errors_idle']} / "
            f"{r['errors_ingest']} | {r['idle'][0]:.0f} / {r['idle'][1]:.0f} | {r['busy'][0]:.0f} / "
            f"{r['busy'][1]:.0f} | {ratio:.2f}x |"
        )
    for engine, res in results.items():
        lines.append(
            f"- {engine}: ingest `{res['ingest']}` (rc {res['ingest_rc']}); corrections saved during it: "
            f"{res['saved_during_ingest']}; curators' changes after: {res['queue']}"
        )
        for r in rows:
            if r["engine"] == engine:
                lines.extend(f"  - {e}" for e in r["error_sample"])
    return "\n".join(lines)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench web-writes", description=__doc__.split("\n\n")[0])
    parser.add_argument("--backend", choices=("sqlite", "postgres", "both"), default="sqlite")
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--idle", type=float, default=20, help="seconds measured with nothing writing")
    parser.add_argument("--ingest", type=float, default=60, help="seconds the ingest holds the writer")
    args = parser.parse_args(argv)
    data_dir = Path(os.environ.get("JOSH_BENCH_DIR", "/tmp/josh-bench")) / "web-writes"
    data_dir.mkdir(parents=True, exist_ok=True)
    env = {
        **load._env(data_dir, "hashing"),
        "JOSH_AUTH": "apikey",
        "JOSH_RATE_LIMIT": "off",
        "JOSH_HEAVY_LANE_PROCESSES": "0",
    }
    print(f"setup in {data_dir} (bench/load.py's substrate) ...", flush=True)
    load._setup(data_dir, env)
    pristine = data_dir / "pristine.sqlite3"
    if not pristine.exists():
        shutil.copy(data_dir / "josh.sqlite3", pristine)
    rows, results = [], {}
    engines = ("sqlite", "postgres") if args.backend == "both" else (args.backend,)
    for engine in engines:
        shutil.copy(pristine, data_dir / "josh.sqlite3")
        for stale in [*data_dir.glob("josh.sqlite3-*"), *data_dir.glob("josh-web.sqlite3*")]:
            stale.unlink()
        if engine == "sqlite":
            subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env=env, check=True)
            results[engine] = run_engine(env, data_dir, args.clients, args.idle, args.ingest)
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
                results[engine] = run_engine(pg_env, data_dir, args.clients, args.idle, args.ingest)
        rows.extend(summarize(engine, results[engine]))
        print(f"{engine}: done", flush=True)
    print(table(rows, results, args))
    clean = all(r["errors_idle"] == r["errors_ingest"] == 0 for r in rows)
    applied = all(set(res["queue"]) <= {"applied"} and res["ingest_rc"] == 0 for res in results.values())
    return 0 if clean and applied else 1
