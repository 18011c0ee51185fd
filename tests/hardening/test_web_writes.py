"""Web requests never wait on an ingest (docs/ACCESS.md "Web requests never wait on an ingest").

The deployment shape: Josh under uvicorn, ``JOSH_AUTH=apikey``, over an SQLite data file and its web-state
file (or, run under scripts/with_postgres.py, the PostgreSQL database of ``JOSH_DATABASE_URL``).
A child process runs a real ingest and stops inside its first batch transaction (the runner's ``on_file``
hook), holding the writer lock and SQLite's write lock as a long ingest does. While it holds them, keyed
REST and MCP requests, an admin login (and a wrong password, counted by the lockout) and a curator's
correction all answer normally; the correction is pending, and the ingest applies it as it finishes.
"""

import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.migrated import ingested

ROOT = Path(__file__).resolve().parents[2]
PASSWORD = "a-long-curator-password"

# One Python child reads the database through the ORM for the whole test (the web-state file or PostgreSQL
# alike, beside the server and the held ingest): it answers each expression written to its stdin with a line
# ``ORM <json>``. Each read is its own autocommit query, so it sees what the server and the ingest committed;
# one child pays django.setup() once instead of once per read (~1.5 s of CPU each). ``setup()`` makes the
# curator and the API key before the server starts.
ORM_SHELL = (
    f"PASSWORD = {PASSWORD!r}\n"
    """
import json, sys
import django; django.setup()
from django.contrib.auth import get_user_model
from apps.access.services import api_key_issue
from apps.access.models import ApiKey
from apps.core.services.writer_lock import current_holder
from apps.curation.models import Correction, CorrectionEvent, QueuedChange
from axes.models import AccessAttempt


def setup():
    for model in (ApiKey, CorrectionEvent, Correction, QueuedChange, AccessAttempt):  # PostgreSQL outlives a run
        model.objects.all().delete()
    get_user_model().objects.filter(username="curator").delete()
    get_user_model().objects.create_superuser("curator", "c@example.org", PASSWORD)
    return api_key_issue(name="agent")[1]


for line in sys.stdin:
    print("ORM", json.dumps(eval(line), default=str), flush=True)
"""
)

# The held ingest: the same file again, stopped after its first file inside the batch's transaction.
HOLD = """
import sys
import django; django.setup()
from apps.core.services.ingest import run_ingest

def hold(path):
    print("holding", flush=True)
    sys.stdin.readline()

result = run_ingest(slug="legislators", on_file=hold)
print("done", result.status, flush=True)
"""


def _env(data_dir: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("JOSH_") or k == "JOSH_DATABASE_URL"}
    env.update(
        DJANGO_SETTINGS_MODULE="josh.settings",  # the two-file layout (the tests' settings keep one database)
        JOSH_DATA_DIR=str(data_dir),
        JOSH_AUTH="apikey",
        JOSH_RATE_LIMIT="off",
        JOSH_ENCODER="hashing",
        JOSH_HEAVY_LANE_PROCESSES="0",
        JOSH_LOG_LEVEL="WARNING",
    )
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Orm:
    """The ORM child (``ORM_SHELL``): ``orm(expression)`` is the expression's value (JSON), read there."""

    def __init__(self, env: dict, log: Path) -> None:
        self.log = log
        self._stderr = open(log, "w")  # noqa: SIM115 (closed in close())
        self.proc = subprocess.Popen(
            [sys.executable, "-c", ORM_SHELL],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._stderr,
            text=True,
        )

    def __call__(self, expression: str):
        self.proc.stdin.write(expression + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line.startswith("ORM "), (expression, line, self.log.read_text()[-2000:])
        return json.loads(line.removeprefix("ORM "))

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(30)
        self._stderr.close()


@pytest.fixture(scope="module")
def legislators_data(tmp_path_factory, pytestconfig):
    """A migrated data folder with the legislators sample ingested: the server's data before the test. The
    ingest is the setting, not the subject (the held ingest below is), so a later run copies the folder back
    (``loaded_data_dir``, keyed by everything the rows depend on; on PostgreSQL it just loads)."""
    data_dir = tmp_path_factory.mktemp("web-writes")
    ingested(pytestconfig, data_dir, _env(data_dir), "legislators")
    return data_dir


@pytest.fixture
def site(tmp_path, legislators_data):
    data_dir = tmp_path / "data"
    shutil.copytree(legislators_data, data_dir)
    env = _env(data_dir)
    orm = Orm(env, tmp_path / "orm.log")
    port = _free_port()
    log = open(tmp_path / "uvicorn.log", "w")  # noqa: SIM115 (closed after the server stops)
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "josh.asgi:application", "--port", str(port), "--lifespan", "on"],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    try:
        key = orm("setup()")  # while the server starts: the key is first used once it answers
        while True:
            try:
                if httpx.get(url + "/healthz", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline and server.poll() is None, (
                tmp_path / "uvicorn.log"
            ).read_text()
            time.sleep(0.2)
        yield type("Site", (), {"url": url, "key": key, "env": env, "data_dir": data_dir, "orm": orm})()
    finally:
        server.terminate()
        server.wait(15)
        log.close()
        orm.close()


def _csrf(client: httpx.Client, path: str) -> str:
    page = client.get(path)
    assert page.status_code == 200, (path, page.status_code, page.text[:500])
    return re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page.text).group(1)


def _orm(site, expression: str):
    return site.orm(expression)


@pytest.mark.slow
def test_keyed_requests_admin_login_and_a_correction_answer_while_an_ingest_holds_the_writer(site):
    keyed = {"X-Api-Key": site.key}
    pk = None
    member = httpx.get(site.url + "/v1/legislators", params={"limit": 1}, headers=keyed).json()["results"][0]
    held = subprocess.Popen(
        [sys.executable, "-c", HOLD],
        cwd=ROOT,
        env=site.env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert held.stdout.readline().strip() == "holding", held.stderr.read()[-3000:]
        holder = _orm(site, "current_holder()")
        assert holder["pid"] == held.pid and holder["source"] == "legislators"

        # REST and MCP with a key: the key's first use stamps last_used, in the web-state file.
        listing = httpx.get(site.url + "/v1/legislators", params={"limit": 5}, headers=keyed, timeout=60)
        assert listing.status_code == 200, listing.text[:500]
        assert listing.json()["results"][0]["id"] == member["id"]
        call = {"jsonrpc": "2.0", "id": 1, "method": "tools/call"}
        call["params"] = {"name": "fetch", "arguments": {"id": member["id"]}}
        mcp = httpx.post(
            site.url + "/mcp",
            json=call,
            headers={
                "authorization": f"Bearer {site.key}",
                "accept": "application/json, text/event-stream",
                "mcp-protocol-version": "2025-11-25",
            },
            timeout=60,
        )
        assert mcp.status_code == 200, mcp.text[:500]
        assert mcp.json()["result"].get("isError") is not True, mcp.text[:500]
        assert member["id"] in mcp.json()["result"]["content"][0]["text"]
        assert _orm(site, "[k.last_used is not None for k in ApiKey.objects.all()]") == [True]

        with httpx.Client(base_url=site.url, timeout=60) as admin:
            token = _csrf(admin, "/admin/login/")
            wrong = admin.post(
                "/admin/login/?next=/admin/",
                data={"csrfmiddlewaretoken": token, "username": "curator", "password": "wrong"},
            )
            assert wrong.status_code == 200 and "Please enter the correct username" in wrong.text
            attempts = "list(AccessAttempt.objects.values_list('username', 'failures_since_start'))"
            assert _orm(site, attempts) == [["curator", 1]]
            token = _csrf(admin, "/admin/login/")
            login = admin.post(
                "/admin/login/?next=/admin/",
                data={"csrfmiddlewaretoken": token, "username": "curator", "password": PASSWORD},
            )
            assert login.status_code == 302 and login.headers["location"] == "/admin/", login.text[:500]

            found = admin.get("/admin/registry/legislator/", params={"q": member["id"]})
            assert found.status_code == 200, found.text[:500]
            pk = re.search(r'href="/admin/registry/legislator/(\d+)/change/', found.text).group(1)
            record_page = admin.get(f"/admin/registry/legislator/{pk}/change/")
            assert record_page.status_code == 200  # a record's admin page reads beside the ingest
            assert "Correct a field" in record_page.text
            add = "/admin/curation/correction/add/"
            saved = admin.post(
                add,
                data={
                    "csrfmiddlewaretoken": _csrf(admin, add),
                    "record": member["id"],
                    "field": "nickname",
                    "value": "Queued Nickname",
                    "reason": "saved while an ingest writes",
                },
            )
            assert saved.status_code == 302, saved.text[:2000]
            assert saved.headers["location"] == "/admin/curation/queuedchange/"
            queue = admin.get("/admin/curation/queuedchange/")
            assert queue.status_code == 200 and "pending" in queue.text
        queued = "list(QueuedChange.objects.values_list('action', 'object_id', 'field', 'value', 'status'))"
        assert _orm(site, queued) == [["correct", pk, "nickname", "Queued Nickname", "pending"]]
        before = httpx.get(site.url + f"/v1/legislators/{member['id']}", headers=keyed, timeout=60).json()
        assert before["nickname"] != "Queued Nickname"
        assert held.poll() is None  # every answer above came while the ingest held the writer
    finally:
        out, err = held.communicate("\n", timeout=120)
    assert held.returncode == 0 and "done" in out, err[-3000:]

    # The ingest applied the queued correction once it had released the writer lock.
    assert _orm(site, "list(QueuedChange.objects.values_list('status', 'error'))") == [["applied", ""]]
    after = httpx.get(site.url + f"/v1/legislators/{member['id']}", headers=keyed, timeout=60).json()
    assert after["nickname"] == "Queued Nickname"
    corrections = "list(Correction.objects.values_list('object_id', 'field', 'value', 'reason'))"
    assert _orm(site, corrections) == [[pk, "nickname", "Queued Nickname", "saved while an ingest writes"]]
