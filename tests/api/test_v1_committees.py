"""GET /v1/committees, /v1/committees/{id}, /v1/committees/{id}/members over the real sample.

Cases: who chairs HSWM through the API; roster order (majority by rank, then minority by rank) with role
on each row; subcommittee/parent links; BILLSTATUS-style ids; shapes; query counts; 400/404 envelopes.
"""

import pytest

from tests.api.helpers import (
    CITATION_KEYS,
    COMMITTEE_SUMMARY_KEYS,
    LEGISLATOR_SUMMARY_KEYS,
    PAGINATION_KEYS,
    assert_error,
)

pytestmark = pytest.mark.django_db

DETAIL_KEYS = COMMITTEE_SUMMARY_KEYS | {
    "parent", "subcommittees", "house_committee_id", "senate_committee_id", "url", "minority_url",
    "jurisdiction", "address", "phone", "congresses", "citation",
}  # fmt: skip
MEMBER_ROW_KEYS = {
    "member", "committee_id", "congress", "party_side", "rank", "title", "role", "name_as_listed", "citation",
}  # fmt: skip


def test_hswm_members_ordered_by_side_then_rank_with_roles(client, django_assert_num_queries):
    with django_assert_num_queries(1):  # one query: latest Congress as a subquery, total as a window count
        response = client.get("/v1/committees/HSWM/members", {"limit": 250})
    body = response.json()
    assert set(body) == {"results", "pagination"}
    assert body["pagination"] == {"limit": 250, "total": 45, "next_cursor": None}
    rows = body["results"]
    assert set(rows[0]) == MEMBER_ROW_KEYS
    assert set(rows[0]["member"]) == LEGISLATOR_SUMMARY_KEYS
    assert set(rows[0]["citation"]) == CITATION_KEYS
    chair = rows[0]
    assert (chair["member"]["id"], chair["member"]["name"], chair["title"], chair["role"], chair["rank"]) == (
        "S001195", "Jason Smith", "Chair", "Chair", 1,
    )  # fmt: skip
    assert (chair["party_side"], chair["congress"], chair["member"]["party"]) == (
        "majority",
        119,
        "Republican",
    )
    sides = [r["party_side"] for r in rows]
    assert sides == sorted(sides)  # every majority seat before every minority seat
    majority = [r["rank"] for r in rows if r["party_side"] == "majority"]
    assert majority == sorted(majority)
    ranking = next(r for r in rows if r["party_side"] == "minority")
    assert (ranking["member"]["id"], ranking["role"], ranking["rank"]) == ("N000015", "Ranking Member", 1)
    assert rows[1]["role"] == "Member" and rows[1]["title"] == ""


def test_members_for_a_congress_without_a_roster_is_empty(client):
    body = client.get("/v1/committees/HSWM/members", {"congress": 118}).json()
    assert body == {"results": [], "pagination": {"limit": 20, "total": 0, "next_cursor": None}}


def test_get_committee_full_shape_with_subcommittees(client, django_assert_num_queries):
    with django_assert_num_queries(3):  # committee (with parent), subcommittees, corrections
        response = client.get("/v1/committees/HSWM")
    body = response.json()
    assert set(body) == DETAIL_KEYS
    assert (body["id"], body["name"], body["chamber"], body["parent"], body["house_committee_id"]) == (
        "HSWM", "House Committee on Ways and Means", "house", None, "WM",
    )  # fmt: skip
    subs = {s["id"]: s["name"] for s in body["subcommittees"]}
    assert subs["HSWM01"] == "Social Security" and subs["HSWM02"] == "Health"
    assert set(body["subcommittees"][0]) == COMMITTEE_SUMMARY_KEYS
    assert body["citation"]["source"] == "committees"


def test_subcommittee_links_its_parent_and_accepts_billstatus_ids(client):
    body = client.get("/v1/committees/hswm02").json()
    assert (body["id"], body["parent_id"], body["parent"]["id"], body["subcommittees"]) == (
        "HSWM02", "HSWM", "HSWM", [],
    )  # fmt: skip
    assert client.get("/v1/committees/hswm00").json()["id"] == "HSWM"


def test_committee_search_by_name_and_filters(client, django_assert_num_queries):
    with django_assert_num_queries(3):  # count, page, corrections
        body = client.get("/v1/committees", {"q": "ways and means health", "limit": 3}).json()
    hit = body["results"][0]
    assert set(hit) == COMMITTEE_SUMMARY_KEYS | {"score", "citation"}
    assert [r["id"] for r in body["results"][:2]] == ["HSWM02", "HSWM"]
    senate = client.get("/v1/committees", {"q": "finance", "chamber": "senate"}).json()["results"]
    assert senate[0]["id"] == "SSFI" and {r["chamber"] for r in senate} == {"senate"}
    listed = client.get("/v1/committees", {"chamber": "joint", "current": "true"}).json()
    assert [r["id"] for r in listed["results"]] == ["JCSE", "JSEC", "JSLC", "JSPR", "JSTX"]
    assert set(listed["pagination"]) == PAGINATION_KEYS


@pytest.mark.parametrize(
    ("url", "params", "parameter"),
    [("/v1/committees", {"chamber": "moon"}, "chamber"), ("/v1/committees/HSWM/members", {"congress": "x"}, "congress"),
     ("/v1/committees/HSWM/members", {"limit": 251}, "limit"), ("/v1/committees", {"q": "??"}, "q")],
)  # fmt: skip
def test_bad_parameters_are_400(client, url, params, parameter):
    assert_error(client.get(url, params), 400, "invalid_parameter", parameter)


def test_malformed_and_unknown_committee_ids(client):
    assert_error(client.get("/v1/committees/WaysAndMeans"), 400, "unrecognized_id_format", "id")
    assert_error(client.get("/v1/committees/HSZZ"), 404, "record_not_found")
    assert_error(client.get("/v1/committees/HSZZ/members"), 404, "record_not_found")
