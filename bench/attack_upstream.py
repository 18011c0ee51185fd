"""python bench/attack_upstream.py [--attacks a,b] [--root DIR] [--keep]

The hostile-upstream and hostile-file bench (issue 32, items 1, 2 and 7), beside bench/attack.py: each attack
of the review, run as the review ran it, and what it costs now.

1. ``manage.py migrate`` into a throw-away data dir (a fresh copy per attack); a hostile upstream
   (bench/hostile_server.py) on 127.0.0.1, and a second one on another port standing for "another host".
2. Each attack runs in its own child process (``sync_source`` against the hostile upstream, or ``run_ingest``
   of a crafted file from bench/hostile_files.py), every upstream URL setting pointed at the hostile server,
   no pacing, no retries, and a 10 s request deadline (``JOSH_SYNC_DEADLINE_S``; the default is 600 s) so
   the slow drip ends within the bench. The parent reads the child's peak RSS from ``wait4``.
3. Prints one table: the attack, what the review saw before (issue 32's numbers), the outcome now (the
   recorded failure or refusal), the child's peak RSS (goal <= 512 MiB) and its wall time.

``--root DIR`` runs the children against another checkout (e.g. the code before the fix) for a live
"before"; beware, the old code really does hold the 1.5 GiB body and the bombs in memory, and the deep YAML
kills its process. Loopback only; every loop is bounded; the temp dir is removed on exit (unless --keep).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.hostile_files import (  # noqa: E402
    alias_yaml,
    corrupt_archive,
    corrupt_member,
    deep_yaml,
    gzip_bomb,
    sparse_file,
    zip_bomb,
)
from bench.hostile_server import Hostile  # noqa: E402

CORPUS = ROOT / "corpus"
REAL = CORPUS / "bill-status" / "v3-119th" / "BILLSTATUS-119hjres24.xml"
REAL_2 = CORPUS / "bill-status" / "v3-119th" / "BILLSTATUS-119sjres11.xml"
JSON = {"Content-Type": "application/json"}
KEY = "bench-secret-key"
URL_SETTINGS = (
    "GOVINFO_BULK_URL GOVINFO_API_URL GOVINFO_CONTENT_URL FEDERAL_REGISTER_URL LEGISLATORS_URL ECFR_URL "
    "EXECUTIVE_ORDERS_URL VOTES_API_URL VOTES_RAW_URL USCODE_URL REGULATIONS_GOV_URL LDA_API_URL HOUSE_DOCS_URL"
).split()
LEGISLATOR_FILES = (
    "legislators-current.yaml",
    "committees-current.yaml",
    "committees-historical.yaml",
    "committee-membership-current.yaml",
    "legislators-social-media.yaml",
)


def _chunks(total: int, chunk: bytes = b"x" * 65536):
    for _ in range(total // len(chunk)):
        yield chunk


def _drip(seconds: float = 120.0):
    yield b'{"titles": ['
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        time.sleep(0.5)
        yield b" "


# ---- the attacks: each sets the upstream's answers (or writes files) and names what the child runs ------


def path_traversal(up, other, work):
    files = [
        {"justFileName": name, "link": f"{up.base}/f/{i}", "folder": False}
        for i, name in enumerate(["../x.xml", str(work / "abs" / "x.xml"), REAL.name])
    ]
    for i in range(3):
        up.routes[f"/f/{i}"] = (200, {}, REAL.read_bytes())
    up.routes["/json/BILLSTATUS/119/hr"] = (200, JSON, json.dumps({"files": files}).encode())
    return {"kind": "sync", "slug": "bills"}


def escaped(work) -> str:
    outside = [p for p in (work / "data" / "sync" / "x.xml", work / "abs" / "x.xml") if p.exists()]
    return f"; written outside: {len(outside)}"


def huge_body(up, other, work):
    up.routes["/data/executive_orders.csv"] = lambda: (200, {}, _chunks(3 * 2**29))  # 1.5 GiB, no length
    return {"kind": "sync", "slug": "executive-orders"}


def gzip_bomb_listing(up, other, work):
    bomb = gzip_bomb(2253)  # 2.2 GB decoded from about 2.3 MB
    up.routes["/api/versioner/v1/titles.json"] = (200, {**JSON, "Content-Encoding": "gzip"}, bomb)
    return {"kind": "sync", "slug": "ecfr-and-cfr"}


def slow_drip(up, other, work):
    up.routes["/api/versioner/v1/titles.json"] = lambda: (200, JSON, _drip())
    return {"kind": "sync", "slug": "ecfr-and-cfr"}


def key_via_next_page(up, other, work):
    page = {"packages": [], "nextPage": f"{other.base}/published/2025-01-01?offsetMark=2"}
    up.routes["/published/2025-01-01"] = (200, JSON, json.dumps(page).encode())
    other.routes["/published/2025-01-01"] = (200, JSON, b'{"packages": []}')
    return {"kind": "sync", "slug": "bill-text", "since": "2025-01-01"}


def key_via_redirect(up, other, work):
    up.routes["/published/2025-01-01"] = (302, {"Location": f"{other.base}/published/2025-01-01"}, b"")
    other.routes["/published/2025-01-01"] = (200, JSON, b'{"packages": []}')
    return {"kind": "sync", "slug": "bill-text", "since": "2025-01-01"}


def keys_seen(other) -> str:
    keyed = sum(1 for _, headers in other.seen if headers.get("x-api-key") == KEY)
    return f"; other host: {len(other.seen)} requests, {keyed} with the key"


def redirect_loop(up, other, work):
    up.routes["/data/executive_orders.csv"] = (302, {"Location": "/data/executive_orders.csv"}, b"")
    return {"kind": "sync", "slug": "executive-orders"}


def html_listing_in_sync_all(up, other, work):
    up.routes["/api/versioner/v1/titles.json"] = (200, {"Content-Type": "text/html"}, b"<html>login</html>")
    up.routes["/api/v1/documents.json"] = (200, JSON, b'["an", "odd", "shape"]')
    up.routes["/data/executive_orders.csv"] = (
        200,
        {"ETag": '"1"'},
        (CORPUS / "federal-register" / "executive_orders.csv").read_bytes(),
    )
    return {"kind": "sync-all"}


def zip_bomb_file(up, other, work):
    path = zip_bomb(work / "bills.zip", member="BILLSTATUS-119hr9999.xml", decoded_mib=500)
    return {"kind": "ingest", "slug": "bills", "paths": [str(path)], "size": path.stat().st_size}


def sparse_2gb(up, other, work):
    return {
        "kind": "ingest",
        "slug": "bills",
        "paths": [str(sparse_file(work / "BILLSTATUS-119hr1.xml", gib=2))],
    }


def deep(up, other, work):
    path = deep_yaml(work / "legislators-current.yaml", levels=200_000)
    return {"kind": "ingest", "slug": "legislators", "paths": [str(path)], "size": path.stat().st_size}


def aliases(up, other, work):
    path = alias_yaml(work / "legislators-current.yaml")
    return {"kind": "ingest", "slug": "legislators", "paths": [str(path)], "size": path.stat().st_size}


def symlink(up, other, work):
    (work / "private").mkdir()
    (work / "private" / REAL_2.name).write_bytes(REAL_2.read_bytes())
    (work / "in").mkdir()
    (work / "in" / REAL.name).write_bytes(REAL.read_bytes())
    (work / "in" / "BILLSTATUS-119hr1.xml").symlink_to(work / "private" / REAL_2.name)
    return {"kind": "ingest", "slug": "bills", "paths": [str(work / "in")]}


def corrupt_zip(up, other, work):
    (work / "in").mkdir()
    corrupt_archive(work / "in" / "a.zip", members={REAL_2.name: REAL_2.read_bytes()})
    (work / "in" / REAL.name).write_bytes(REAL.read_bytes())
    return {"kind": "ingest", "slug": "bills", "paths": [str(work / "in")]}


def corrupt_zip_member(up, other, work):
    path = corrupt_member(
        work / "a.zip",
        good={REAL.name: REAL.read_bytes()},
        bad=("BILLSTATUS-119hr2.xml", REAL_2.read_bytes()),
    )
    return {"kind": "ingest", "slug": "bills", "paths": [str(path)]}


def poisoned_sync(up, other, work):
    poison = deep_yaml(work / "poison.yaml", levels=200_000).read_bytes()
    for name in LEGISLATOR_FILES:
        body = (
            poison
            if name == "legislators-current.yaml"
            else (CORPUS / "congress-legislators" / name).read_bytes()
        )
        up.routes[f"/{name}"] = (200, {}, body)
    return {"kind": "sync", "slug": "legislators", "times": 2}


# name: (what issue 32 reported before the fix, set-up, extra check after the child)
ATTACKS = {
    "path-traversal": ("wrote ../x.xml and /abs/x.xml outside the folder", path_traversal, escaped),
    "1.5GiB-body": ("3.3 GB RSS", huge_body, None),
    "gzip-bomb": ("2.2 GB RSS", gzip_bomb_listing, None),
    "slow-drip": ("outlived the timeout", slow_drip, None),
    "key-via-nextPage": ("X-Api-Key sent to the other host", key_via_next_page, "keys"),
    "key-via-redirect": ("X-Api-Key sent to the other host", key_via_redirect, "keys"),
    "redirect-loop": ("traceback, sync all stopped", redirect_loop, None),
    "html-listing/sync-all": ("traceback, sync all stopped", html_listing_in_sync_all, None),
    "zip-bomb": ("522 KB zip: 2.7 GB RSS, 99 s", zip_bomb_file, None),
    "2GB-sparse-file": ("4.3 GB RSS", sparse_2gb, None),
    "deep-yaml": ("segfault (libyaml)", deep, None),
    "alias-yaml": ("57 KB -> 100,000 rows", aliases, None),
    "symlink-in-folder": ("followed: a local file became searchable", symlink, None),
    "corrupt-zip": ("whole ingest aborted, no run recorded", corrupt_zip, None),
    "corrupt-zip-member": ("whole ingest aborted, no run recorded", corrupt_zip_member, None),
    "poisoned-sync-x2": ("segfault, and every later sync again", poisoned_sync, None),
}


# ---- the child: one attack, in a process of its own -------------------------------------------------------


def child(spec: dict) -> None:
    sys.path.insert(0, os.getcwd())  # the checkout under test (--root), ahead of this file's own
    import django

    django.setup()
    from datetime import date

    from apps.core.services.ingest import run_ingest
    from apps.sync.fetchers import get_fetcher
    from apps.sync.models import SyncState
    from apps.sync.services import sync_source

    if spec["kind"] == "ingest":
        r = run_ingest(slug=spec["slug"], paths=spec["paths"])
        problems = [p["message"] for p in r.errors] + [
            f"{p['record']}: {p['message']}" for p in r.quarantined
        ]
        notes = [w["message"] for w in r.warnings if "symlink" in w["message"]]
        said = (problems + notes + [""])[0]
        print(json.dumps(f"run {r.run_id} {r.status}, {r.records} records loaded; {said}"))
        return
    if spec["kind"] == "sync-all":
        import io

        from django.core.management import call_command

        out = io.StringIO()
        try:
            call_command("sync", "all", stdout=out)
        except Exception as exc:  # the command's own CommandError naming the failed sources is expected
            print(f"(sync all: {exc})", file=sys.stderr)
        failed = SyncState.objects.exclude(last_error="").count()
        synced = list(
            SyncState.objects.filter(last_error="", files_fetched__gt=0).values_list("source", flat=True)
        )
        print(json.dumps(f"{failed} sources failed, each recorded; went on and synced {', '.join(synced)}"))
        return
    outcomes = []
    for _ in range(spec.get("times", 1)):
        since = {"since": date.fromisoformat(spec["since"])} if spec.get("since") else {}
        try:
            result = sync_source(get_fetcher(spec["slug"]), **since)
            runs = ", ".join(f"{r.source} {r.status}" for r in result.ingests)
            refused = len(getattr(result, "refused", []))
            outcomes.append(
                f"synced: {len(result.fetched)} fetched, {refused} names refused; {runs}".strip("; ")
            )
        except Exception as exc:
            outcomes.append(f"recorded failure: {getattr(exc, 'message', exc)}")
    state = SyncState.objects.filter(source=spec["slug"]).first()
    last = f" [SyncState.last_error set: {bool(state and state.last_error)}]" if state else ""
    print(json.dumps(" | ".join(outcomes) + last))


# ---- the parent -------------------------------------------------------------------------------------------


def _env(root: Path, data_dir: Path, up: Hostile) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOSH_")}
    env.update(
        DJANGO_SETTINGS_MODULE="josh.settings",
        PYTHONPATH=str(root),
        JOSH_DATA_DIR=str(data_dir),
        JOSH_ENCODER="hashing",
        JOSH_LOG_LEVEL="CRITICAL",
        JOSH_SYNC_MIN_INTERVAL_S="0",
        JOSH_SYNC_RETRIES="0",
        JOSH_SYNC_DEADLINE_S="10",
        JOSH_SYNC_CONGRESSES="119",
        JOSH_GOVINFO_API_KEY=KEY,
        JOSH_SYNC_HOUSE_COMMITTEES="XX00",
    )
    env.update({f"JOSH_{name}": up.base for name in URL_SETTINGS})
    return env


def run_one(name: str, root: Path, template: Path, work: Path) -> dict:
    before, setup, check = ATTACKS[name]
    work.mkdir()
    shutil.copytree(template, work / "data")
    with Hostile() as up, Hostile() as other:
        spec = setup(up, other, work)
        out_path = work / "child.out"
        started = time.perf_counter()
        with out_path.open("w") as out, open(work / "child.err", "w") as err:
            proc = subprocess.Popen(
                [sys.executable, str(Path(__file__).resolve()), "--child", json.dumps(spec)],
                cwd=root,
                env=_env(root, work / "data", up),
                stdout=out,
                stderr=err,
            )
            _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - started
        code = os.waitstatus_to_exitcode(status)
        lines = out_path.read_text().strip().splitlines()
        outcome = json.loads(lines[-1]) if code == 0 and lines else f"process died (exit {code})"
        if check == "keys":
            outcome += keys_seen(other)
        elif check is not None:
            outcome += check(work)
    return {
        "attack": name,
        "before": before,
        "outcome": outcome,
        "rss_mib": usage.ru_maxrss / 1024,
        "wall_s": wall,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--attacks", default=",".join(ATTACKS), help="comma-separated, from: " + ", ".join(ATTACKS)
    )
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose code the children run")
    parser.add_argument("--keep", action="store_true")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(json.loads(args.child))
        return
    temp = Path(tempfile.mkdtemp(prefix="josh-attack-upstream-"))
    try:
        template = temp / "template"
        done = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--verbosity", "0"],
            cwd=args.root,
            env=_env_plain(template),
            capture_output=True,
            text=True,
        )
        if done.returncode:
            sys.exit(done.stderr)
        rows = []
        for name in args.attacks.split(","):
            row = run_one(name, args.root, template, temp / name.replace("/", "-"))
            rows.append(row)
            print(
                f"{row['attack']:<22} {row['rss_mib']:>7.0f} MiB {row['wall_s']:>6.1f} s  {row['outcome']}",
                file=sys.stderr,
            )
        _table(rows, args.root)
    finally:
        if args.keep:
            print(f"kept {temp}", file=sys.stderr)
        else:
            shutil.rmtree(temp, ignore_errors=True)


def _env_plain(data_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOSH_")}
    env.update(DJANGO_SETTINGS_MODULE="josh.settings", JOSH_DATA_DIR=str(data_dir), JOSH_LOG_LEVEL="ERROR")
    return env


def _table(rows: list[dict], root: Path) -> None:
    print(
        f"\nissue 32 attacks, code at {root} (children's peak RSS by wait4; goal <= 512 MiB, a recorded failure)\n"
    )
    print("| attack | before (issue 32) | outcome now | peak RSS | wall |")
    print("| --- | --- | --- | ---: | ---: |")
    for row in rows:
        outcome = row["outcome"].replace("|", "/")
        print(
            f"| {row['attack']} | {row['before']} | {outcome} | {row['rss_mib']:.0f} MiB | {row['wall_s']:.1f} s |"
        )


if __name__ == "__main__":
    main()
