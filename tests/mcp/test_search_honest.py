"""The MCP search tools carry the honest result set: ``total`` with ``total_basis`` and ``source_counts``,
``no_match`` when nothing matched, quoted phrases as constraints, and lexical hits with ``degraded.semantic``
when the encoder is unavailable. Over the named bills of tests/search/conftest.py (hashing encoder), served
in this process (``live``) so that the settings of a test reach the tools."""

import pytest

from tests.mcp.conftest import mcp_client
from tests.search.conftest import BILLS, make_bill

pytestmark = pytest.mark.anyio
TOOLS = ("search", "lexical_search", "semantic_search")


@pytest.fixture
def bills(transactional_db, settings):
    from apps.core.plans import get_plan
    from apps.search.embedding import embed_source

    for row in BILLS:
        make_bill(*row)
    embed_source(get_plan("bills"))
    # the hashing encoder's floor for these bills (tests/search/test_honest.py says why 0.2)
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": {"hashing-v1": 0.2}}


async def _call(live, name: str, **arguments) -> dict:
    async with mcp_client(live.url) as client:
        result = await client.call_tool(name, {"source": "bills", **arguments})
    assert result.is_error is False, result.content
    return result.structured_content


async def test_nothing_matched_says_so_in_every_search_tool(live, bills):
    for name in TOOLS:
        body = await _call(live, name, query="xyzzyplugh quuxfrob")
        assert body["results"] == [] and body["total"] == 0, name
        assert body["total_basis"] == "exact" and body["source_counts"] == {}
        assert body["no_match"]["reason"] == "no_term_matched" and body["no_match"]["suggestions"] == []


async def test_counts_and_a_quoted_phrase_in_every_search_tool(live, bills):
    for name in TOOLS:
        body = await _call(live, name, query='"lead service lines"')
        assert [h["id"] for h in body["results"]] == ["hr:119:102"], name
        assert body["total"] == 1 and body["source_counts"] == {"bills": 1} and body["no_match"] is None
        assert body["results"][0]["url"].startswith("https://www.congress.gov/")


async def test_without_an_encoder_the_search_tools_answer_lexically(live, bills, settings):
    settings.JOSH = {**settings.JOSH, "ENCODER": "no-such-encoder"}
    lexical = await _call(live, "lexical_search", query="drinking water")
    for name, mode in (("search", "hybrid"), ("semantic_search", "semantic")):
        body = await _call(live, name, query="drinking water")
        degraded = body["degraded"]
        assert body["mode"] == degraded["from"] == mode and degraded["to"] == "lexical"
        assert "ImproperlyConfigured" in degraded["semantic"]
        expected = ["hr:119:102", "hr:118:105"]
        assert [h["id"] for h in body["results"]] == [h["id"] for h in lexical["results"]] == expected


async def test_lexical_search_names_the_weak_words_of_an_off_topic_question(live, bills):
    body = await _call(live, "lexical_search", query="puppy kitten grooming leash collar shall")
    assert body["results"] == [] and body["total"] == 0
    no_match = body["no_match"]
    assert no_match["reason"] == "few_words_covered"
    assert no_match["coverage"]["present"] == ["shall"]
    assert no_match["coverage"]["missing"] == ["puppy", "kitten", "grooming", "leash", "collar"]
    assert [s["q"] for s in no_match["suggestions"]] == ["shall"]


async def test_every_search_tool_sorts_the_whole_result_newest_or_oldest(live, bills):
    for name in TOOLS:
        relevance = await _call(live, name, query="act water grants")
        newest = await _call(live, name, query="act water grants", sort="newest")
        oldest = await _call(live, name, query="act water grants", sort="oldest")
        assert newest["total"] == relevance["total"] > 1, name
        ids = {h["id"] for h in relevance["results"]}
        assert {h["id"] for h in newest["results"]} == ids == {h["id"] for h in oldest["results"]}, name
        days = [h["citation"]["published_at"] for h in newest["results"]]
        assert days == sorted(days, reverse=True), name
        assert [h["citation"]["published_at"] for h in oldest["results"]] == sorted(days), name
