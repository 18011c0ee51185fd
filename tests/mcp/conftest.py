"""Fixtures: the real ASGI application (Django + the /mcp router) served by uvicorn on a loopback port.

Tools run on Django's sync thread while the test runs in another, so tests use ``transactional_db``
(docs/MCP.md, "Threads"). Each app gets a fresh MCP server: a session manager runs only once.
"""

import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import httpx2
import pytest
import uvicorn
from django.core.asgi import get_asgi_application
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from apps.core.plans import all_plans
from apps.core.resources import all_resources
from apps.core.services.ingest import run_ingest
from apps.mcp_bridge.asgi import build_mcp_asgi
from tests import sample_snapshot
from tests.migrated import migrated

# The tools of resources declared by test-only apps (tests/fixture_app, tested in tests/core/test_resources.py):
# never served in production, and without rows in the served sample.
TEST_ONLY_TOOLS = {t.name for r in all_resources() if not r.app.startswith("apps.") for t, *_ in r.tools()}
RPC_HEADERS = {"content-type": "application/json", "accept": "application/json, text/event-stream"}


@pytest.fixture
def anyio_backend():
    return "asyncio"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class LiveServer:
    def __init__(self, app):
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(app, host="127.0.0.1", port=self.port, lifespan="on", log_level="warning")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self):
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("uvicorn did not start")
            time.sleep(0.02)
        return self

    def __exit__(self, *exc):
        self.server.should_exit = True
        self.thread.join(5)


# No keep-alive: each request opens and closes its own connection, as ``httpx.get`` does.
_TRANSPORT = httpx.HTTPTransport(limits=httpx.Limits(max_keepalive_connections=0))


def http(timeout: float = 30) -> httpx.Client:
    """A client like the one ``httpx.get`` makes (its own cookie jar, no connection kept), on one shared
    transport: ``httpx.get`` builds a transport per call, and its TLS context (certifi's bundle loaded, even
    for plain http) cost ~36 ms of CPU a request."""
    return httpx.Client(transport=_TRANSPORT, timeout=timeout)


@pytest.fixture(scope="module")
def served_app():
    """One app under uvicorn for a module's tests, built before any test's fixtures change a setting (a
    module fixture is set up first): what a per-test server built ahead of the test's own changes saw.
    Building the app and stopping uvicorn cost ~0.4 s a test; the served app is stateless between requests."""
    with LiveServer(build_mcp_asgi(get_asgi_application())) as server:
        yield server


@pytest.fixture
def live(transactional_db, served_app):
    """Josh served over real HTTP: ``live.url`` + '/mcp'."""
    return served_app


@pytest.fixture
def sample_data(transactional_db):
    """Every registered plan's sample files, ingested (dependencies first)."""
    results = {plan.slug: run_ingest(slug=plan.slug) for plan in all_plans() if plan.has_sample}
    return results


LOAD_SCRIPT = """
import django
django.setup()
from django.core.management import call_command
from apps.core.plans import all_plans
from apps.core.resources import all_resources
from apps.core.services.ingest import run_ingest
for plan in all_plans():
    if plan.has_sample:
        result = run_ingest(slug=plan.slug)
        print(plan.slug, result.status, result.records, flush=True)
try:
    call_command("embed", verbosity=0)
except Exception as exc:  # no embed command yet: semantic legs return nothing
    print("embed skipped:", exc)
"""


@pytest.fixture(scope="session")
def josh_server(tmp_path_factory, request):
    """Josh under uvicorn in its own process, over a file database holding every sample corpus: the
    deployment shape (real socket, lifespan, a worker process), loaded once per session, and on SQLite
    copied from the last run's load when none of its inputs changed (tests/sample_snapshot.py,
    ``loaded_data_dir``: the migrate and the load took ~40 s of CPU; a new load starts from the cached
    migrated folder, tests/migrated.py). ``josh_server.url`` + '/mcp' for MCP,
    + '/v1/...' for REST."""
    data_dir = tmp_path_factory.mktemp("josh-mcp-data")
    env = {
        **os.environ,
        "JOSH_DATA_DIR": str(data_dir),
        "DJANGO_SETTINGS_MODULE": "josh.settings_test",
        "JOSH_DB_THREAD_POOL": "1",  # the served process runs MCP calls on the DB thread pool, as in production
        "JOSH_HEAVY_LANE_PROCESSES": "1",  # and searches in a heavy-lane worker process (apps/core/lane.py)
        "JOSH_LOG_LEVEL": "WARNING",
        # A public host name besides loopback: URLs in results must follow the Host a call came in on.
        "JOSH_ALLOWED_HOSTS": "127.0.0.1,localhost,josh.example.org",
        "JOSH_PUBLIC_BASE_URL": "",
    }
    root = Path(__file__).resolve().parents[2]

    def migrate_and_load() -> None:
        migrated(request.config, data_dir, env)  # the cached migrated folder: no migrate from nothing
        load = subprocess.run(
            [sys.executable, "-c", LOAD_SCRIPT], cwd=root, env=env, capture_output=True, text=True
        )
        assert load.returncode == 0, load.stderr[-3000:]

    sample_snapshot.loaded_data_dir(
        data_dir,
        migrate_and_load,
        slugs=[plan.slug for plan in all_plans() if plan.has_sample],
        script=Path(__file__).read_text(),  # the load script and the served process's settings above
        folder=sample_snapshot.cache_folder(request.config, "josh-served"),
    )
    port = _free_port()
    log = open(data_dir / "uvicorn.log", "w")
    cmd = [
        sys.executable,
        "-m",
        "uvicorn",
        "josh.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
    ]
    proc = subprocess.Popen(
        [*cmd, "--lifespan", "on"], cwd=root, env=env, stdout=log, stderr=subprocess.STDOUT
    )
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90  # it listens once its heavy-lane worker has warmed up
    poll = http(timeout=2)  # one client: httpx.get cost ~0.1 s CPU a poll
    while True:
        try:
            if poll.get(url + "/v1/sources").status_code == 200:
                break
        except httpx.TransportError:
            pass
        if time.monotonic() > deadline or proc.poll() is not None:
            proc.kill()
            raise RuntimeError("uvicorn did not start: " + (data_dir / "uvicorn.log").read_text()[-2000:])
        time.sleep(0.2)
    server = type("JoshServer", (), {"url": url, "data_dir": data_dir})()
    yield server
    proc.terminate()
    proc.wait(10)
    log.close()


def mcp_client(url: str, *, token: str | None = None) -> Client:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    http = httpx2.AsyncClient(headers=headers, timeout=30)
    return Client(streamable_http_client(url + "/mcp", http_client=http), mode="legacy")


def rpc(url: str, method: str, params: dict | None = None, *, headers: dict | None = None, rpc_id=1):
    """One raw JSON-RPC POST to /mcp; returns the httpx response."""
    body = {"jsonrpc": "2.0", "id": rpc_id, "method": method, "params": params or {}}
    hdrs = {**RPC_HEADERS, "mcp-protocol-version": "2025-11-25", **(headers or {})}
    return http().post(url + "/mcp", json=body, headers=hdrs)
