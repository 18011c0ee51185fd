"""The transport: handshake, version, landing page, status codes, Host/Origin checks, validation errors."""

import pytest
from mcp import Client

from tests.mcp.conftest import RPC_HEADERS, http, mcp_client, rpc

pytestmark = pytest.mark.anyio

INIT = {
    "protocolVersion": "2025-11-25",
    "capabilities": {},
    "clientInfo": {"name": "josh-tests", "version": "1"},
}


async def test_sdk_client_negotiates_2025_11_25(live):
    async with mcp_client(live.url) as client:
        init = client.session.initialize_result
        assert init.protocol_version == "2025-11-25"
        assert init.server_info.name == "josh"
        assert init.server_info.version == "0.1.0"
        assert init.capabilities.tools is not None
        tools = await client.list_tools()
    names = {t.name for t in tools.tools}
    assert {"list_sources", "fetch"} <= names


async def test_default_sdk_client_is_gated_to_2025_11_25(live):
    """mcp's Client probes the 2026-07-28 era first; the version gate's 400 makes it fall back to initialize."""
    async with Client(live.url + "/mcp") as client:
        assert client.protocol_version == "2025-11-25"
        assert (await client.call_tool("fetch", {"id": "zz:1"})).is_error is True


def test_initialize_is_stateless_json(live):
    response = rpc(live.url, "initialize", INIT, headers={"mcp-protocol-version": "2025-11-25"})
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("application/json")
    assert "mcp-session-id" not in response.headers
    assert len(response.headers["x-request-id"]) == 32
    result = response.json()["result"]
    assert result["protocolVersion"] == "2025-11-25"
    assert result["serverInfo"]["name"] == "josh"


def test_every_tool_is_read_only_and_described(live):
    tools = rpc(live.url, "tools/list").json()["result"]["tools"]
    for tool in tools:
        assert len(tool["description"]) > 80, tool["name"]
        assert tool["annotations"]["readOnlyHint"] is True
        assert tool["annotations"]["destructiveHint"] is False
        assert tool["inputSchema"]["type"] == "object"
        assert tool["outputSchema"]["type"] == "object"
        for name, prop in tool["inputSchema"].get("properties", {}).items():
            assert prop.get("description"), f"{tool['name']}.{name} has no description"


@pytest.mark.parametrize(
    ("method", "headers", "status"),
    [
        ("GET", {"accept": "text/event-stream"}, 405),
        ("DELETE", {}, 405),
        ("PUT", {}, 405),
    ],
)
def test_non_post_methods_get_405(live, method, headers, status):
    response = http().request(method, live.url + "/mcp", headers=headers)
    assert response.status_code == status
    assert response.headers["allow"] == "POST, OPTIONS"


def test_browser_get_shows_the_landing_page(live):
    response = http().get(live.url + "/mcp", headers={"accept": "text/html,application/xhtml+xml"})
    assert response.status_code == 200
    page = response.text
    assert "Claude Code" in page and ".mcp.json" in page and "ChatGPT" in page and "Claude.ai" in page
    assert f"{live.url}/mcp" in page  # the serving host's endpoint (JOSH_PUBLIC_BASE_URL unset)


def test_bad_host_gets_421(live):
    response = http().post(live.url + "/mcp", json={}, headers={**RPC_HEADERS, "host": "evil.example"})
    assert response.status_code == 421
    assert response.json()["error"]["data"]["code"] == "bad_host"


def test_foreign_origin_gets_403_and_same_origin_passes(live, settings):
    settings.PUBLIC_BASE_URL = "http://127.0.0.1:8000"
    bad = rpc(live.url, "ping", headers={"origin": "http://evil.example"})
    assert bad.status_code == 403
    host = live.url.removeprefix("http://")
    good = rpc(live.url, "ping", headers={"origin": f"http://{host}"})
    assert good.status_code == 200
    assert good.headers["access-control-allow-origin"] == f"http://{host}"
    public = rpc(live.url, "ping", headers={"origin": "http://127.0.0.1:8000"})
    assert public.status_code == 200


def test_unsupported_protocol_version_gets_400(live):
    response = rpc(live.url, "tools/list", headers={"mcp-protocol-version": "2026-07-28"})
    assert response.status_code == 400


def test_trailing_slash_is_served_like_mcp(live):
    body = {"jsonrpc": "2.0", "id": 1, "method": "ping", "params": {}}
    response = http().post(live.url + "/mcp/", json=body, headers=RPC_HEADERS)
    assert response.status_code == 200
    assert response.json()["result"] == {}


def test_unknown_tool_is_invalid_params(live):
    error = rpc(live.url, "tools/call", {"name": "nope", "arguments": {}}).json()["error"]
    assert error["code"] == -32602
    assert error["data"]["field"] == "name"
    assert "fetch" in error["data"]["valid_tools"]


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({}, "id"),
        ({"id": 5}, "id"),
        ({"id": ""}, "id"),
        ({"id": "x" * 201}, "id"),
        ({"id": "a", "x": 1}, "x"),
    ],
)
def test_bad_arguments_are_invalid_params_naming_the_field(live, arguments, field):
    error = rpc(live.url, "tools/call", {"name": "fetch", "arguments": arguments}).json()["error"]
    assert error["code"] == -32602
    assert error["data"] == {"field": field, "tool": "fetch"}
    assert error["message"].startswith(f"{field}: ")


def test_bad_date_is_invalid_params_naming_the_field(live):
    call = {"name": "search", "arguments": {"query": "x", "since": "last tuesday"}}
    error = rpc(live.url, "tools/call", call).json()["error"]
    assert error["code"] == -32602
    assert error["data"] == {"field": "since", "tool": "search"}


def test_oversized_body_is_refused_with_413(live, settings):
    padding = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)
    call = {"name": "fetch", "arguments": {"id": padding}}
    response = rpc(live.url, "tools/call", call)
    assert response.status_code == 413


def test_notifications_are_accepted_with_202(live):
    body = {"jsonrpc": "2.0", "method": "notifications/initialized"}
    response = http().post(live.url + "/mcp", json=body, headers=RPC_HEADERS)
    assert response.status_code == 202


def test_cors_preflight(live):
    host = live.url.removeprefix("http://")
    response = http().options(
        live.url + "/mcp",
        headers={"origin": f"http://{host}", "access-control-request-method": "POST"},
    )
    assert response.status_code == 204
    assert "mcp-protocol-version" in response.headers["access-control-allow-headers"]
