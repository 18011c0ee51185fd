"""Tools that answer in one call, and a lean catalog, over real HTTP against the real sample corpus.

Cases:
- tools/list on the wire is at most 60 kB, every tool keeps its description and input schema, and every
  advertised outputSchema is an outline that the real structuredContent of a call validates against;
- a vote's tally by party on the vote (get_vote), equal to the positions it lists;
- one member's position on one roll call in one list_member_votes call; filters by congress and position;
- a bare LIS id (S429) names a member in get_legislator and resolve_entity; govtrack:<id> too;
- fetch metadata is typed (truncated is a boolean) and a roll call's title is its citation, not its id;
- count by caucus (independents with their caucus) and over committee-memberships (a /v1 resource).
"""

import json
from collections import Counter

import pytest
from jsonschema import Draft202012Validator

from tests.mcp.conftest import http, mcp_client, rpc

pytestmark = pytest.mark.anyio

CATALOG_LIMIT = 60_000  # bytes of the tools/list JSON-RPC response body


async def _call(url: str, name: str, arguments: dict) -> dict:
    async with mcp_client(url) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        result = await client.call_tool(name, arguments)
    assert result.is_error is False, (name, result.content)
    # structuredContent validates against the advertised (outlined) outputSchema
    errors = list(Draft202012Validator(listed[name].output_schema).iter_errors(result.structured_content))
    assert errors == [], (name, [e.message for e in errors][:3])
    return result.structured_content


def test_tools_list_is_lean_and_keeps_descriptions_and_inputs(josh_server):
    response = rpc(josh_server.url, "tools/list")
    assert len(response.content) <= CATALOG_LIMIT, len(response.content)
    tools = {t["name"]: t for t in response.json()["result"]["tools"]}
    assert len(tools) == 22 + 2  # + list_notices and get_notice, the test fixture app's (tests/fixture_app)
    count = tools["count"]["description"]
    assert '"congress": 119, "bill_id": "hjres:119:24"' in count and 'caucus (e.g. "Democrat")' in count
    members = tools["list_member_votes"]["inputSchema"]["properties"]
    assert {"id", "congress", "chamber", "since", "until", "vote", "bill_id", "position"} <= set(members)
    assert members["position"]["anyOf"][0]["enum"] == ["yes", "no", "present", "not_voting", "other"]
    dossier = tools["get_bill_dossier"]["outputSchema"]
    assert len(json.dumps(dossier)) < 3000 and "$defs" not in dossier
    assert "name, party, state, position" in json.dumps(
        tools["get_vote"]["outputSchema"]["properties"]["positions"]
    )


async def test_every_tool_result_validates_against_its_outline(josh_server):
    from tests.mcp.test_tools import CASES

    for name, (arguments, _) in CASES.items():
        await _call(josh_server.url, name, arguments)


async def test_get_vote_carries_the_tally_by_party(josh_server):
    vote = await _call(josh_server.url, "get_vote", {"id": "senate:119:2025:162"})
    by_party: dict[str, Counter] = {}
    for p in vote["positions"]:
        by_party.setdefault(p["party"], Counter())[p["normalized"]] += 1
    assert vote["party_totals"] == {party: dict(c) for party, c in sorted(by_party.items())}
    assert vote["party_totals"] == {"D": {"no": 40, "not_voting": 5}, "I": {"no": 2}, "R": {"yes": 53}}


async def test_one_members_position_on_one_roll_call_in_one_call(josh_server):
    page = await _call(
        josh_server.url, "list_member_votes", {"id": "S354", "vote": "s162-119.2025"}
    )  # Baldwin by her Senate LIS id
    assert page["pagination"]["total"] == 1
    assert (page["results"][0]["vote"]["id"], page["results"][0]["position"]) == (
        "senate:119:2025:162",
        "Nay",
    )
    noes = await _call(
        josh_server.url,
        "list_member_votes",
        {"id": "B001230", "congress": 119, "position": "no", "limit": 250},
    )
    assert noes["pagination"]["total"] == len(noes["results"]) > 0
    assert {r["normalized"] for r in noes["results"]} == {"no"}
    assert {r["vote"]["congress"] for r in noes["results"]} == {119}


async def test_any_crosswalk_id_resolves(josh_server):
    banks = await _call(josh_server.url, "get_legislator", {"id": "S429"})
    assert (banks["id"], banks["name"], banks["lis_id"]) == ("B001299", "Jim Banks", "S429")
    assert banks["terms"][-1]["phone"]  # contact details, as the description says
    hits = await _call(josh_server.url, "resolve_entity", {"query": "S429", "entity_type": "legislators"})
    assert [h["id"] for h in hits["results"]] == ["B001299"]
    cantwell = await _call(josh_server.url, "get_legislator", {"id": "govtrack:300018"})
    assert cantwell["id"] == "C000127"


async def test_roll_calls_and_topics_resolve_by_name(josh_server):
    """resolve_entity over votes (as people name a roll call) and topics (policy areas, subjects)."""
    for query, expected in (
        ("House roll call 77 of 2025", ["house:119:2025:77"]),
        ("senate vote 16 117th congress 1st session", ["senate:117:2021:16"]),
        ("s162-119.2025", ["senate:119:2025:162"]),
    ):
        hits = await _call(
            josh_server.url, "resolve_entity", {"query": query, "entity_type": "roll-call-votes"}
        )
        assert [h["id"] for h in hits["results"]] == expected, query
    arguments = {"query": "Hegseth", "entity_type": "roll-call-votes", "filters": {"category": "nomination"}}
    hits = await _call(josh_server.url, "resolve_entity", arguments)
    assert [h["id"] for h in hits["results"]] == ["senate:119:2025:15"]
    topics = await _call(
        josh_server.url, "resolve_entity", {"query": "energy", "entity_type": "topic-taxonomy"}
    )
    assert topics["results"][0]["id"] == "topic:policy-area:energy"


async def test_how_many_senate_votes_in_2025_were_on_nominations_is_one_count(josh_server):
    filters = {"chamber": "senate", "since": "2025-01-01", "until": "2025-12-31", "category": "nomination"}
    counted = await _call(josh_server.url, "count", {"resource": "votes", "filters": filters})
    listed = http().get(josh_server.url + "/v1/votes", params={**filters, "limit": 250}).json()
    assert counted["total"]["count"] == listed["pagination"]["total"] == len(listed["results"]) == 29


async def test_fetch_metadata_is_typed_and_titled(josh_server):
    doc = await _call(josh_server.url, "fetch", {"id": "house:119:2025:77"})
    assert doc["metadata"]["truncated"] is False and doc["metadata"]["text_chars"] == len(doc["text"])
    assert doc["title"].startswith("U.S. House Roll Call Vote 77, 119th Congress")


async def test_count_by_caucus_and_committee_seats(josh_server):
    senate = await _call(
        josh_server.url,
        "count",
        {"resource": "legislators", "group_by": "caucus", "filters": {"chamber": "senate", "current": True}},
    )
    assert {g["key"]: g["count"] for g in senate["groups"]} == {"Republican": 53, "Democrat": 47}
    seats = await _call(
        josh_server.url,
        "count",
        {"resource": "committee-memberships", "group_by": "title", "filters": {"committee": "HSWM"}},
    )
    assert {g["key"]: g["count"] for g in seats["groups"]}["Chair"] == 1
    rest = http().get(josh_server.url + "/v1/committee-memberships?committee=HSWM&group_by=title")
    assert rest.json()["groups"] == seats["groups"]  # the same resource, the same answer on /v1


async def test_a_citation_of_no_record_is_flagged_by_the_search_tools(josh_server):
    """ "89 FR 99999" parses as a citation but names nothing held: the answer says so (citation.resolved false,
    with the hint) instead of silently answering with word matches; a held citation is resolved."""
    hint = (
        "“89 FR 99999” reads as a Federal Register page citation, but Josh holds no Federal Register document "
        "printed on page 99999 of volume 89. The hits match its words, not the citation: check the numbers "
        "(GET /v1/sources lists what is loaded)."
    )
    for name in ("search", "lexical_search"):
        body = await _call(josh_server.url, name, {"query": "89 FR 99999"})
        assert body["citation"] == {"text": "89 FR 99999", "kind": "fr_page", "resolved": False, "hint": hint}
    held = await _call(josh_server.url, "lexical_search", {"query": "89 FR 9838"})
    assert held["citation"] == {"text": "89 FR 9838", "kind": "fr_page", "resolved": True, "hint": None}
    words = await _call(josh_server.url, "lexical_search", {"query": "drinking water"})
    assert words["citation"] is None


async def test_search_takes_the_facets_and_counts_the_whole_result(josh_server):
    """The Federal Register reader's question in one call: one agency's notices about safety, newest first."""
    args = {"query": "safety", "sort": "newest", "limit": 50}
    wide = await _call(josh_server.url, "search", args)
    agency = "DEPARTMENT OF TRANSPORTATION"
    narrow = await _call(josh_server.url, "search", {**args, "agency": agency, "document_type": "notice"})
    assert 0 < narrow["total"] <= wide["facets"]["agency"][agency]
    assert narrow["facets"]["agency"] == {agency: narrow["total"]}
    assert narrow["facets"]["document_type"] == {"notice": narrow["total"]}
    assert {h["source"] for h in narrow["results"]} == {"federal-register"}
    assert "bills" in narrow["excluded_by_filters"]
    days = [h["citation"]["published_at"] for h in narrow["results"]]
    assert days == sorted(days, reverse=True)
