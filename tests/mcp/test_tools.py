"""Every registered tool, called once over real HTTP against Josh serving the real sample corpus."""

import json
import warnings

import pytest

from tests.mcp.conftest import TEST_ONLY_TOOLS, mcp_client, rpc

pytestmark = pytest.mark.anyio

# One call per tool, with an assertion on a real fact from corpus/. A new tool must add its case here.
CASES = {
    "list_sources": ({}, lambda s: {"legislators", "committees"} <= {x["slug"] for x in s["sources"]}),
    "get_legislator": ({"id": "S000033"}, lambda s: s["name"] == "Bernard Sanders" and s["state"] == "VT"),
    "get_committee": ({"id": "hswm00"}, lambda s: s["name"] == "House Committee on Ways and Means"),
    "list_committee_members": (
        {"id": "HSWM", "limit": 3},
        lambda s: (
            (s["results"][0]["member"]["id"], s["results"][0]["role"]) == ("S001195", "Chair")
            and s["pagination"]["limit"] == 3
            and s["pagination"]["next_cursor"]
        ),
    ),
    "list_member_votes": (
        {"id": "M000133", "limit": 2},
        lambda s: (
            s["results"][0]["vote"]["id"] == "senate:119:2025:228" and s["results"][0]["position"] == "Nay"
        ),
    ),
    "get_vote": (
        {"id": "senate:119:2025:162"},
        lambda s: s["chamber"] == "senate" and len(s["positions"]) >= 98,
    ),
    "resolve_entity": (
        {"query": "Sen. Markey MA", "entity_type": "legislators", "limit": 3},
        lambda s: s["results"][0]["id"] == "M000133" and s["results"][0]["name"] == "Edward J. Markey",
    ),
    "search": ({"query": "child protection"}, lambda s: s["mode"] == "hybrid" and s["results"]),
    "lexical_search": (
        {"query": "tax", "source": "bills"},
        lambda s: (
            "hr:117:6658" in [h["id"] for h in s["results"]]
            and {h["source"] for h in s["results"]} == {"bills"}
        ),
    ),
    "semantic_search": ({"query": "drug prices for seniors", "limit": 5}, lambda s: s["mode"] == "semantic"),
    "get_bill": (
        {"id": "H.J.Res. 24-119"},
        lambda s: s["id"] == "hjres:119:24" and s["law_refs"][0]["id"] == "pl:119:7",
    ),
    "list_cosponsors": (
        {"id": "hjres:119:24"},
        lambda s: s["count"] == 10 and s["bill_id"] == "hjres:119:24",
    ),
    "list_bill_actions": ({"id": "hjres:119:24", "limit": 5}, lambda s: s["results"][0]["seq"] == 0),
    "get_bill_text": (
        {"id": "s:118:1325"},
        lambda s: s["version_code"] == "rs" and s["text"].startswith("A BILL") and len(s["text"]) > 30000,
    ),
    "count": (
        {"resource": "bills", "group_by": "policy_area"},
        lambda s: s["aggregate"] == "count" and s["total"]["count"] == sum(g["count"] for g in s["groups"]),
    ),
    "sum": (
        {"resource": "bills", "sum_field": "cosponsor_count", "group_by": "congress"},
        lambda s: s["aggregate"] == "sum" and s["total"]["sum"] is not None,
    ),
    "time_series": (
        {"resource": "votes", "bucket_by_time": "voted_at", "time_interval": "year"},
        lambda s: s["time_interval"] == "year" and s["groups"][0]["period"],
    ),
    "get_bill_dossier": ({"id": "hjres:119:24"}, lambda s: s["id"] == "hjres:119:24"),
    "get_legislator_dossier": ({"id": "S000033"}, lambda s: s["legislator"]["name"] == "Bernard Sanders"),
    "get_committee_dossier": (
        {"id": "HSWM"},
        lambda s: s["committee"]["name"] == "House Committee on Ways and Means",
    ),
    "get_public_law_dossier": ({"id": "pl:119:7"}, lambda s: s["law"]["id"] == "pl:119:7"),
    "fetch": ({"id": "S000033"}, lambda s: s["title"] == "Bernard Sanders" and "VT" in s["text"]),
}


async def test_every_tool_once_with_real_data(josh_server):
    async with mcp_client(josh_server.url) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools if t.name not in TEST_ONLY_TOOLS}
        assert set(listed) <= set(CASES), f"tools without a test case: {set(listed) - set(CASES)}"
        for name in listed:
            arguments, check = CASES[name]
            result = await client.call_tool(name, arguments)
            assert result.is_error is False, (name, result.content)
            assert check(result.structured_content), (name, json.dumps(result.structured_content)[:1500])
            assert json.loads(result.content[0].text) == result.structured_content


async def test_search_then_fetch_round_trips_for_every_searchable_source(josh_server):
    sources = rpc(josh_server.url, "tools/call", {"name": "list_sources", "arguments": {}}).json()
    searchable = [
        s["slug"] for s in sources["result"]["structuredContent"]["sources"] if s["searchable"] and s["count"]
    ]
    assert {"bills", "federal-register", "crs-reports"} <= set(searchable)
    not_served = []
    async with mcp_client(josh_server.url) as client:
        for slug in searchable:
            page = await client.call_tool("lexical_search", {"query": "the", "source": slug, "limit": 1})
            assert page.is_error is False, (slug, page.content)
            hits = page.structured_content["results"]
            assert hits, f"no hit in {slug}"
            hit = hits[0]
            assert hit["url"].startswith("http") and hit["title"] and hit["id"]
            document = await client.call_tool("fetch", {"id": hit["id"]})
            if document.is_error and document.meta["code"] == "resource_not_served":
                not_served.append(slug)  # its app has no REST resource route yet
                continue
            assert document.is_error is False, (slug, hit["id"], document.content)
            doc = document.structured_content
            assert doc["id"] == hit["id"], slug
            assert doc["title"] and doc["text"] and doc["url"].startswith("http"), slug
            assert doc["metadata"]["source"] == slug
    if not_served:
        warnings.warn(f"fetch cannot serve these sources yet (no REST route): {not_served}", stacklevel=1)
    assert len(not_served) < len(searchable)


def test_registry_source_in_search_points_to_resolve_entity(josh_server):
    call = {"name": "search", "arguments": {"query": "markey", "source": "legislators"}}
    result = rpc(josh_server.url, "tools/call", call).json()["result"]
    assert result["isError"] is True
    assert result["_meta"]["code"] == "source_not_searchable"
    assert result["_meta"]["hint"]["use_tool"] == "resolve_entity"
    assert result["_meta"]["hint"]["offending_sources"] == ["legislators"]
    assert len(result["_meta"]["request_id"]) == 32


def test_saps_answer_semantic_search(josh_server):
    # SAPs are body-bearing (chunked and embedded), so the vector leg searches them like any body source
    call = {
        "name": "semantic_search",
        "arguments": {"query": "veto", "source": "statements-of-administration-policy"},
    }
    result = rpc(josh_server.url, "tools/call", call).json()["result"]
    assert result["isError"] is False
    hits = result["structuredContent"]["results"]
    assert hits and {h["source"] for h in hits} == {"statements-of-administration-policy"}
    assert all(h["explain"]["semantic_rank"] for h in hits)


def test_unknown_record_is_record_not_found(josh_server):
    result = rpc(
        josh_server.url, "tools/call", {"name": "get_legislator", "arguments": {"id": "Z999999"}}
    ).json()
    assert result["result"]["isError"] is True
    assert result["result"]["_meta"]["code"] == "record_not_found"


def test_source_enums_come_from_the_live_schema(josh_server):
    tools = {t["name"]: t for t in rpc(josh_server.url, "tools/list").json()["result"]["tools"]}
    sources = rpc(josh_server.url, "tools/call", {"name": "list_sources", "arguments": {}}).json()
    shapes = {s["slug"]: s["shape"] for s in sources["result"]["structuredContent"]["sources"]}
    body = [s for s, shape in shapes.items() if shape == "body"]
    short = [s for s, shape in shapes.items() if shape == "short-body"]

    def first_enum(tool, field):
        prop = tools[tool]["inputSchema"]["properties"][field]
        stack = [prop]
        while stack:
            node = stack.pop(0)
            if "enum" in node:
                return node["enum"]
            stack += node.get("anyOf", [])
        return None

    assert sorted(first_enum("semantic_search", "source")) == sorted(body)
    assert sorted(first_enum("search", "source")) == sorted(body + short)
    assert sorted(first_enum("lexical_search", "source")) == sorted(body + short)
    resolvable = first_enum("resolve_entity", "entity_type")
    assert {"legislators", "committees"} <= set(resolvable)
    assert {shapes[slug] for slug in resolvable} == {"registry"}
    assert "legislators" not in first_enum("search", "source")
    assert "bills" in tools["semantic_search"]["description"]


def test_fetch_a_bill_returns_its_text_and_a_public_url(josh_server):
    call = {"name": "fetch", "arguments": {"id": "S. 1325-118"}}
    doc = rpc(josh_server.url, "tools/call", call).json()["result"]["structuredContent"]
    assert doc["id"] == "s:118:1325"
    assert doc["text"].startswith("A BILL") and len(doc["text"]) > 30000
    assert doc["url"].startswith("https://")
    assert doc["metadata"]["kind"] == "bill" and doc["metadata"]["source"] == "bills"
