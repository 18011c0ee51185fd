"""Parity over the served process: searches that need its embedded sample are the same on REST, browse and
MCP, and MCP errors carry the REST envelope."""

import pytest

from apps.browse.links import strip_links
from tests.mcp.conftest import http, rpc

# Searches whose semantic leg needs the embedded sample only the served process holds; every other route is
# checked in process, three ways, by tests/browse/test_parity.py. (tool, arguments, path under /v1 and /browse)
CASES = [
    ("search", {"query": "child protection"}, "/search?q=child protection"),
    ("semantic_search", {"query": "drug prices", "limit": 5}, "/search?q=drug prices&mode=semantic&limit=5"),
]


def _strip_volatile(body):
    """took_ms is a timing; the MCP hits add ``url`` (ChatGPT's contract) when REST hits lack it; REST and
    browse carry the entity cards (apps.search.entities), which the MCP search tools leave to resolve_entity
    (as tests/browse/test_parity.py says)."""
    body = {k: v for k, v in body.items() if k not in ("took_ms", "_links", "entities")}
    body["results"] = [
        {k: v for k, v in hit.items() if k not in ("url", "_links")} for hit in body["results"]
    ]
    return body


@pytest.mark.parametrize(("tool", "arguments", "path"), CASES, ids=[c[0] for c in CASES])
def test_served_search_is_the_same_on_rest_browse_and_mcp(josh_server, tool, arguments, path):
    rest = http().get(f"{josh_server.url}/v1{path}")
    assert rest.status_code == 200, rest.text[:500]
    assert rest.json()["results"], "the served sample is embedded: semantic hits exist"
    browse = http().get(f"{josh_server.url}/browse{path}&format=json").json()
    result = rpc(josh_server.url, "tools/call", {"name": tool, "arguments": arguments}).json()["result"]
    assert result["isError"] is False, result
    expected = _strip_volatile(rest.json())
    assert _strip_volatile(strip_links(browse)) == expected
    assert _strip_volatile(result["structuredContent"]) == expected


@pytest.mark.parametrize(
    ("tool", "arguments", "path"),
    [
        ("get_legislator", {"id": "Z999999"}, "/v1/legislators/Z999999"),
        ("get_committee", {"id": "HSZZ"}, "/v1/committees/HSZZ"),
        ("get_bill", {"id": "hr:119:99999"}, "/v1/bills/hr:119:99999"),
        ("get_bill", {"id": "H.R. 5"}, "/v1/bills/H.R. 5"),
        ("search", {"query": "x", "source": "legislators"}, "/v1/search?q=x&source=legislators"),
        (
            "list_committee_members",
            {"id": "HSWM", "cursor": "nope"},
            "/v1/committees/HSWM/members?cursor=nope",
        ),
    ],
)
def test_errors_carry_the_rest_envelope(josh_server, tool, arguments, path):
    rest = http().get(josh_server.url + path).json()["error"]
    result = rpc(josh_server.url, "tools/call", {"name": tool, "arguments": arguments}).json()["result"]
    assert result["isError"] is True
    meta = result["_meta"]
    assert (meta["code"], meta["message"]) == (rest["code"], rest["message"])
    hint = {k: v for k, v in meta["hint"].items() if k != "use_tool"}
    assert hint == rest.get("hint", {})
