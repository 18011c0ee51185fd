"""``sort=newest|oldest`` on GET /v1/search: the whole admitted result (the records ``total`` counts) by
published date, undated last, same-day records in their relevance order; pages and ``total`` agree."""

from datetime import date

import pytest

from tests.search.conftest import make_bill

pytestmark = pytest.mark.django_db


@pytest.fixture
def get(client, corpus_db):
    def call(**params):
        response = client.get("/v1/search", params)
        assert response.status_code == 200, response.content
        return response.json()

    return call


def _all(get, size=3, **params) -> tuple[list[tuple[str, str | None]], dict]:
    """Every hit of the result, page by page: (id, published_at), and the first page's body."""
    first = get(limit=size, **params)
    hits = []
    for offset in range(0, first["total"], size):
        page = first if offset == 0 else get(limit=size, offset=offset, **params)
        assert page["total"] == first["total"]  # the count does not move with the page
        hits += [(h["id"], h["citation"]["published_at"]) for h in page["results"]]
    return hits, first


@pytest.mark.parametrize("mode", ["lexical", "hybrid", "semantic"])
def test_newest_and_oldest_list_the_relevance_result_by_date(get, mode):
    relevance, rel_body = _all(get, q="act grants water", mode=mode)
    newest, new_body = _all(get, q="act grants water", mode=mode, sort="newest")
    oldest, old_body = _all(get, q="act grants water", mode=mode, sort="oldest")
    assert len(relevance) == rel_body["total"] > 3  # more than one page
    assert new_body["total"] == old_body["total"] == rel_body["total"]
    assert new_body["source_counts"] == rel_body["source_counts"]
    assert sorted(newest) == sorted(relevance) == sorted(oldest)  # the same records, each once
    days = [d for _, d in newest]
    assert days == sorted(days, reverse=True)
    assert [d for _, d in oldest] == sorted(days)


def test_date_order_reaches_past_the_ranked_depth(get, settings):
    settings.JOSH = {**settings.JOSH, "HYBRID_DEPTH": 2}
    body = get(q="act", source="bills", mode="lexical", sort="oldest", limit=3)
    # every bill's title ends in "Act": the oldest three of all eight, though relevance ranked only two
    assert body["total"] == 8
    assert [h["id"] for h in body["results"]] == ["hr:117:107", "hr:117:108", "hr:118:104"]
    newest = get(q="act", source="bills", mode="lexical", sort="newest", limit=2)
    assert [h["id"] for h in newest["results"]] == ["s:119:103", "hr:119:102"]


def test_undated_records_come_last_and_same_day_ties_keep_relevance(get):
    make_bill("hr:119:190", "Drinking Water Grants Act", "Water grants.", "SEC. 1. Water grants.", None)
    make_bill("hr:119:191", "Water Study Act", "A study.", "SEC. 1. A water study.", date(2025, 3, 1))
    relevance = [h["id"] for h in get(q="water", source="bills", mode="lexical")["results"]]
    newest = get(q="water", source="bills", mode="lexical", sort="newest")["results"]
    ids = [h["id"] for h in newest]
    assert sorted(ids) == sorted(relevance)
    assert ids[-1] == "hr:119:190" and newest[-1]["citation"]["published_at"] is None
    same_day = [i for i in relevance if i in ("hr:119:102", "hr:119:191")]  # both 2025-03-01
    assert ids[:2] == same_day
    oldest = [h["id"] for h in get(q="water", source="bills", mode="lexical", sort="oldest")["results"]]
    assert oldest[-1] == "hr:119:190"  # undated last both ways
    assert [i for i in oldest if i in same_day] == same_day


def test_an_unknown_sort_is_a_400_naming_it(client, corpus_db):
    response = client.get("/v1/search", {"q": "water", "sort": "date"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_parameter" and "sort" in error["message"]


def test_the_selector_refuses_an_unknown_sort(corpus_db):
    from apps.core.errors import InvalidParameter
    from apps.search.selectors import search

    with pytest.raises(InvalidParameter) as raised:
        search(q="water", sort="latest")
    assert raised.value.parameter == "sort" and "relevance, newest, oldest" in str(raised.value)
