"""Fixtures: the real ASGI application (Django + the /mcp router) served by uvicorn on a loopback port.

Tools run on Django's sync thread while the test runs in another, so tests use ``transactional_db``
(../shared/notes/mcp.md §3.3). Each app gets a fresh MCP server: a session manager runs only once.
"""

import socket
import threading
import time

import httpx
import httpx2
import pytest
import uvicorn
from django.core.asgi import get_asgi_application
from mcp import Client
from mcp.client.streamable_http import streamable_http_client

from apps.core.plans import all_plans
from apps.core.services.ingest import run_ingest
from apps.mcp_bridge.asgi import build_mcp_asgi

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


@pytest.fixture
def live(transactional_db):
    """Josh served over real HTTP: ``live.url`` + '/mcp'."""
    with LiveServer(build_mcp_asgi(get_asgi_application())) as server:
        yield server


@pytest.fixture
def sample_data(transactional_db):
    """Every registered plan's sample files, ingested (dependencies first)."""
    results = {plan.slug: run_ingest(slug=plan.slug) for plan in all_plans() if plan.has_sample}
    return results


def mcp_client(url: str, *, token: str | None = None) -> Client:
    headers = {"authorization": f"Bearer {token}"} if token else {}
    http = httpx2.AsyncClient(headers=headers, timeout=30)
    return Client(streamable_http_client(url + "/mcp", http_client=http), mode="legacy")


def rpc(url: str, method: str, params: dict | None = None, *, headers: dict | None = None, rpc_id=1):
    """One raw JSON-RPC POST to /mcp; returns the httpx response."""
    body = {"jsonrpc": "2.0", "id": rpc_id, "method": method, "params": params or {}}
    hdrs = {**RPC_HEADERS, "mcp-protocol-version": "2025-11-25", **(headers or {})}
    return httpx.post(url + "/mcp", json=body, headers=hdrs, timeout=30)
