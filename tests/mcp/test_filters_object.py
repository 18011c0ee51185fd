"""Every tool takes its narrowing arguments flat or in one ``filters`` object (docs/MCP.md, "Flat arguments or
a `filters` object"): the same answer either way, on a search tool (flat by declaration) and on ``count``
(a ``filters`` object by declaration); one key given both ways with two values is an isError naming it."""

import json

import pytest
from jsonschema import Draft202012Validator

from tests.mcp.conftest import mcp_client, rpc
from tests.search.conftest import BILLS, make_bill

pytestmark = pytest.mark.anyio


@pytest.fixture
def bills(transactional_db):
    for row in BILLS:
        make_bill(*row)


async def _calls(live, *calls: tuple[str, dict]) -> list:
    async with mcp_client(live.url) as client:
        return [await client.call_tool(name, arguments) for name, arguments in calls]


async def test_a_search_tool_takes_a_filters_object_as_its_flat_arguments(live, bills):
    flat, nested, both = await _calls(
        live,
        ("lexical_search", {"query": "water", "source": "bills", "congress": 118}),
        ("lexical_search", {"query": "water", "filters": {"source": "bills", "congress": 118}}),
        (
            "lexical_search",
            {"query": "water", "congress": 118, "filters": {"source": "bills", "congress": 118}},
        ),
    )
    ids = [h["id"] for h in flat.structured_content["results"]]
    assert ids and {i.split(":")[1] for i in ids} == {"118"}
    for result in (nested, both):
        assert result.is_error is False
        assert [h["id"] for h in result.structured_content["results"]] == ids


async def test_count_takes_flat_filters_as_its_filters_object(live, bills):
    in_119 = sum(row[0].split(":")[1] == "119" for row in BILLS)
    nested, flat = await _calls(
        live,
        ("count", {"resource": "bills", "filters": {"congress": 119}}),
        ("count", {"resource": "bills", "congress": 119}),
    )
    assert nested.structured_content["total"]["count"] == in_119 > 0
    for result in (nested, flat):
        result.structured_content["query_cost"].pop("ms")  # the time taken, never asserted
    assert flat.structured_content == nested.structured_content


async def test_one_key_given_two_ways_with_two_values_is_a_tool_error_naming_it(live, bills):
    (search, count) = await _calls(
        live,
        ("lexical_search", {"query": "water", "congress": 119, "filters": {"congress": 118}}),
        ("count", {"resource": "bills", "congress": 119, "filters": {"congress": 118}}),
    )
    for result in (search, count):
        assert result.is_error is True
        error = json.loads(result.content[0].text)["error"]
        assert (error["code"], error["hint"]["parameter"], error["hint"]["conflicting"]) == (
            "invalid_parameter", "congress", ["congress"]
        )  # fmt: skip
        assert "given twice" in error["message"]


def test_an_unknown_key_in_filters_is_refused_by_name(live):
    response = rpc(
        live.url,
        "tools/call",
        {"name": "lexical_search", "arguments": {"query": "water", "filters": {"colour": "red"}}},
    )
    error = response.json()["error"]
    assert (error["code"], error["data"]["field"]) == (-32602, "colour")


async def test_the_search_tools_take_source_short_names(live, bills):
    """``fr`` is federal-register (apps.core.source_aliases): accepted by the advertised schema, alone or in
    a comma list, and searched as its slug (no Federal Register rows here, so only the bills hit)."""
    async with mcp_client(live.url) as client:
        listed = {t.name: t for t in (await client.list_tools()).tools}
        results = [
            await client.call_tool(name, {"query": "water", "source": source})
            for name in ("search", "lexical_search")
            for source in ("fr,bills", "bills", "fr")
        ]
    for name in ("search", "lexical_search"):
        schema = {**listed[name].input_schema, "additionalProperties": False}
        assert list(Draft202012Validator(schema).iter_errors({"query": "water", "source": "fr"})) == []
    for aliased, plain, fr_only in (results[:3], results[3:]):
        assert aliased.is_error is plain.is_error is fr_only.is_error is False
        hits = [h["id"] for h in plain.structured_content["results"]]
        assert hits and [h["id"] for h in aliased.structured_content["results"]] == hits
        assert fr_only.structured_content["total"] == 0
