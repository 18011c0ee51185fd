"""Parity: for the same arguments, MCP structuredContent == the REST JSON body (one selector behind both)."""

import httpx
import pytest

from tests.mcp.conftest import rpc

# (tool, arguments, REST path)
CASES = [
    ("get_legislator", {"id": "S000033"}, "/v1/legislators/S000033"),
    ("get_legislator", {"id": "lis:S313"}, "/v1/legislators/lis:S313"),
    ("get_committee", {"id": "HSWM"}, "/v1/committees/HSWM"),
    ("get_committee", {"id": "HSWM01"}, "/v1/committees/HSWM01"),
    ("list_committee_members", {"id": "HSWM"}, "/v1/committees/HSWM/members"),
    ("list_committee_members", {"id": "SSFI", "limit": 5}, "/v1/committees/SSFI/members?limit=5"),
    ("list_member_votes", {"id": "M000133", "limit": 10}, "/v1/legislators/M000133/votes?limit=10"),
    ("get_vote", {"id": "senate:119:2025:162"}, "/v1/votes/senate:119:2025:162"),
    ("get_bill", {"id": "hjres:119:24"}, "/v1/bills/hjres:119:24"),
    ("get_bill", {"id": "hr1865-116"}, "/v1/bills/hr1865-116"),
    ("list_cosponsors", {"id": "hjres:119:24"}, "/v1/bills/hjres:119:24/cosponsors"),
    ("list_bill_actions", {"id": "hjres:119:24", "limit": 5}, "/v1/bills/hjres:119:24/actions?limit=5"),
    ("get_bill_text", {"id": "s:118:1325"}, "/v1/bills/s:118:1325/body"),
    ("get_bill_text", {"id": "s:118:1325", "version": "rs"}, "/v1/bills/s:118:1325/body?version=rs"),
    ("list_sources", {}, "/v1/sources"),
    (
        "resolve_entity",
        {"query": "Sen. Markey MA", "entity_type": "legislators"},
        "/v1/legislators?q=Sen. Markey MA",
    ),
    ("resolve_entity", {"query": "ways means", "entity_type": "committees"}, "/v1/committees?q=ways means"),
    (
        "resolve_entity",
        {"query": "defense", "entity_type": "regulations-dot-gov-dockets", "limit": 5},
        "/v1/dockets?q=defense&limit=5",
    ),
    ("search", {"query": "child protection"}, "/v1/search?q=child protection"),
    ("lexical_search", {"query": "tax", "source": "bills"}, "/v1/search?q=tax&source=bills&mode=lexical"),
    (
        "semantic_search",
        {"query": "drug prices", "limit": 5},
        "/v1/search?q=drug prices&mode=semantic&limit=5",
    ),
]


def _strip_volatile(body):
    """took_ms is a timing; the MCP hits add ``url`` (ChatGPT's contract) when REST hits lack it."""
    if isinstance(body, dict) and "took_ms" in body:
        body = {k: v for k, v in body.items() if k != "took_ms"}
        body["results"] = [{k: v for k, v in hit.items() if k != "url"} for hit in body["results"]]
    return body


@pytest.mark.parametrize(("tool", "arguments", "path"), CASES, ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_mcp_structured_content_equals_rest_json(josh_server, tool, arguments, path):
    rest = httpx.get(josh_server.url + path, timeout=30)
    assert rest.status_code == 200, rest.text[:500]
    result = rpc(josh_server.url, "tools/call", {"name": tool, "arguments": arguments}).json()["result"]
    assert result["isError"] is False, result
    mcp = result["structuredContent"]
    if tool == "list_sources":
        mcp = mcp["sources"]
    if tool == "resolve_entity":
        assert mcp.pop("entity_type") == arguments["entity_type"]
    assert _strip_volatile(mcp) == _strip_volatile(rest.json())


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
    rest = httpx.get(josh_server.url + path, timeout=30).json()["error"]
    result = rpc(josh_server.url, "tools/call", {"name": tool, "arguments": arguments}).json()["result"]
    assert result["isError"] is True
    meta = result["_meta"]
    assert (meta["code"], meta["message"]) == (rest["code"], rest["message"])
    hint = {k: v for k, v in meta["hint"].items() if k != "use_tool"}
    assert hint == rest.get("hint", {})
