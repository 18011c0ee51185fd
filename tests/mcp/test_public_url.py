"""Every absolute URL Josh emits starts with the serving request's scheme and Host — or JOSH_PUBLIC_BASE_URL,
which wins when set (apps.core.public_url): the /mcp landing page, RFC 9728 metadata, the 401 challenge, and
the ``api_url`` of MCP fetch and search results."""

import pytest
from django.core.asgi import get_asgi_application

from apps.mcp_bridge.asgi import build_mcp_asgi
from tests.mcp.conftest import LiveServer, http, rpc

HOST = "josh.example.org:9000"
BASE = f"http://{HOST}"
CONFIGURED = "https://josh.example.net"
METADATA_PATHS = ["/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp"]


@pytest.fixture
def example_host(settings):
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "josh.example.org", "josh.example.net"]
    settings.PUBLIC_BASE_URL = ""
    return settings


def _landing(client) -> str:
    response = client.get("/mcp", headers={"host": HOST, "accept": "text/html"})
    assert response.status_code == 200
    return response.content.decode()


def test_landing_page_names_the_host_that_served_it(client, example_host):
    page = _landing(client)
    assert f"claude mcp add --transport http josh {BASE}/mcp" in page
    assert f"&quot;url&quot;: &quot;{BASE}/mcp&quot;" in page  # the .mcp.json snippet (HTML-escaped)
    assert "127.0.0.1" not in page


@pytest.mark.parametrize("path", METADATA_PATHS)
def test_protected_resource_metadata_names_the_host_that_served_it(client, example_host, path):
    document = client.get(path, headers={"host": HOST}).json()
    assert document["resource"] == f"{BASE}/mcp"
    assert document["resource_documentation"] == f"{BASE}/mcp"


def test_a_configured_public_url_wins_over_the_host(client, example_host):
    example_host.PUBLIC_BASE_URL = CONFIGURED
    page = _landing(client)
    assert f"claude mcp add --transport http josh {CONFIGURED}/mcp" in page
    assert HOST not in page
    for path in METADATA_PATHS:
        assert client.get(path, headers={"host": HOST}).json()["resource"] == f"{CONFIGURED}/mcp"


def test_forwarded_host_and_proto_count_only_from_a_trusted_proxy(client, example_host):
    forwarded = {"host": HOST, "x-forwarded-host": "josh.example.net", "x-forwarded-proto": "https"}
    untrusted = client.get(METADATA_PATHS[1], headers=forwarded).json()
    assert untrusted["resource"] == f"{BASE}/mcp"
    # JOSH_TRUST_X_FORWARDED_HOST=1 and JOSH_TRUST_X_FORWARDED_PROTO=1:
    example_host.USE_X_FORWARDED_HOST = True
    example_host.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    trusted = client.get(METADATA_PATHS[1], headers=forwarded).json()
    assert trusted["resource"] == "https://josh.example.net/mcp"


@pytest.fixture
def oauth_live(transactional_db, example_host):
    example_host.JOSH = {**example_host.JOSH, "AUTH": "oauth"}
    example_host.JOSH_OAUTH_ISSUER = "https://auth.example.org"
    with LiveServer(build_mcp_asgi(get_asgi_application())) as server:
        yield server


def _challenge(server) -> str:
    response = rpc(server.url, "tools/list", headers={"host": HOST})
    assert response.status_code == 401
    return response.headers["www-authenticate"]


def test_mcp_401_points_at_the_metadata_on_the_host_it_was_sent_to(oauth_live, example_host):
    assert f'resource_metadata="{BASE}/.well-known/oauth-protected-resource/mcp"' in _challenge(oauth_live)
    example_host.PUBLIC_BASE_URL = CONFIGURED
    assert f'resource_metadata="{CONFIGURED}/.well-known/oauth-protected-resource/mcp"' in _challenge(
        oauth_live
    )
    rest = http().get(oauth_live.url + "/v1/sources", headers={"host": HOST}).headers["www-authenticate"]
    assert f'resource_metadata="{CONFIGURED}/.well-known/oauth-protected-resource"' in rest


def test_fetch_and_search_results_name_the_host_the_call_came_in_on(josh_server):
    fetch = {"name": "fetch", "arguments": {"id": "S. 1325-118"}}
    for headers, base in (({"host": HOST}, BASE), ({}, josh_server.url)):
        document = rpc(josh_server.url, "tools/call", fetch, headers=headers).json()["result"]
        assert document["structuredContent"]["metadata"]["api_url"] == f"{base}/v1/bills/s:118:1325"
    call = {"name": "lexical_search", "arguments": {"query": "freezer", "limit": 5}}
    hits = rpc(josh_server.url, "tools/call", call, headers={"host": HOST}).json()["result"]
    hits = hits["structuredContent"]["results"]
    assert hits
    for hit in hits:  # a hit cites its source's URL, or failing that its record on this Josh
        assert hit["url"] == (hit["citation"].get("url") or f"{BASE}/v1/{hit['resource']}/{hit['id']}")
