"""Josh over real HTTP in a chosen access mode: REST (/v1), the browsable API (/browse/) and MCP (/mcp).

Each test gets its own rate-limit counters file so budgets never leak between tests;
the mode is set before the app is built because the MCP server reads it at startup.
"""

import uuid

import httpx
import pytest
from django.core.asgi import get_asgi_application

from apps.access.services import api_key_issue
from apps.mcp_bridge.asgi import build_mcp_asgi
from tests.mcp.conftest import RPC_HEADERS, LiveServer, http

SURFACES = ("rest", "browse", "mcp")
# Paths under the serving host: without JOSH_PUBLIC_BASE_URL, absolute URLs use the request's own host.
MCP_METADATA = "/.well-known/oauth-protected-resource/mcp"
ROOT_METADATA = "/.well-known/oauth-protected-resource"


@pytest.fixture
def anyio_backend():
    return "asyncio"


@pytest.fixture(autouse=True)
def ratelimit_counters(settings, tmp_path):
    settings.RATE_LIMIT_DIR = tmp_path / f"ratelimit-{uuid.uuid4().hex}"


@pytest.fixture
def frozen_rate_window(frozen_clock):
    """The counters' clock stands still, so a test's requests can never straddle a window boundary (windows are
    fixed: a budget spent at 11:59:59.9 is whole again at 12:00:00)."""
    return frozen_clock


@pytest.fixture(scope="module")
def served_modes():
    """The module's live servers, one per auth mode, closed when its tests are done."""
    servers: dict[str, LiveServer] = {}
    yield servers
    for server in servers.values():
        server.__exit__(None, None, None)


@pytest.fixture
def josh(transactional_db, settings, frozen_rate_window, served_modes):
    """``josh(auth, rate=None)`` → a live server in that mode.

    Only the auth mode (and the issuer it implies) is fixed when the app is built: the MCP server's token
    verifier and auth settings. The rate, the counters file and the mode's checks are read per request, so
    a module's tests share one server per mode (building the app and stopping uvicorn cost ~0.4 s a test)."""

    def start(auth: str, rate: str | None = None) -> LiveServer:
        settings.JOSH = {**settings.JOSH, "AUTH": auth, "RATE_LIMIT": rate}
        settings.JOSH_OAUTH_ISSUER = "https://auth.example.org" if auth == "oauth" else ""
        if auth not in served_modes:
            served_modes[auth] = LiveServer(build_mcp_asgi(get_asgi_application())).__enter__()
        return served_modes[auth]

    return start


@pytest.fixture
def issue(transactional_db):
    """``issue(name)`` → (ApiKey, raw key)."""
    return lambda name="agent": api_key_issue(name=name)


def call(server: LiveServer, surface: str, headers: dict | None = None) -> httpx.Response:
    """One request to ``surface``: GET /v1/sources, GET /browse/ (JSON), or an MCP tools/list POST."""
    headers = headers or {}
    if surface == "rest":
        return http().get(server.url + "/v1/sources", headers=headers)
    if surface == "browse":
        return http().get(server.url + "/browse/?format=json", headers=headers)
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/list", "params": {}}
    hdrs = {**RPC_HEADERS, "mcp-protocol-version": "2025-11-25", **headers}
    return http().post(server.url + "/mcp", json=body, headers=hdrs)


def assert_ok(response: httpx.Response, surface: str) -> None:
    assert response.status_code == 200, response.text[:500]
    if surface == "mcp":
        assert "fetch" in {tool["name"] for tool in response.json()["result"]["tools"]}
    elif surface == "rest":
        assert isinstance(response.json(), list)
    else:
        assert response.json()  # the browse root's resource table


def envelope(response: httpx.Response) -> dict:
    """The error envelope without its per-request id (asserted present)."""
    error = response.json()["error"]
    assert error.pop("request_id") == response.headers["x-request-id"]
    return error
