"""GET /v1/votes and /v1/votes/{id} over the real sample.

Cases: a Senate vote's positions resolved to bioguide ids (Baldwin S354 -> B001230); stubs carried with
their lis: ids; full shapes; bill filter with any bill spelling; query counts; 400/404 envelopes.
"""

import json
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from tests.api.helpers import CITATION_KEYS, VOTE_SUMMARY_KEYS, assert_error

pytestmark = pytest.mark.django_db

DETAIL_KEYS = VOTE_SUMMARY_KEYS | {
    "vote_type", "subject", "requires", "result_text", "amendment", "nomination", "vice_president_position",
    "normalized_totals", "party_totals", "positions",
}  # fmt: skip
POSITION_KEYS = {
    "member_id", "bioguide_id", "lis_id", "member_ref", "name", "party", "state", "position", "normalized", "is_stub",
}  # fmt: skip


def test_senate_vote_positions_carry_bioguide_ids(client, django_assert_num_queries):
    with django_assert_num_queries(3):  # vote + positions (with members) + corrections (citation.corrected)
        response = client.get("/v1/votes/senate:119:2025:162")
    body = response.json()
    assert set(body) == DETAIL_KEYS
    assert (body["upstream_id"], body["bill_id"], body["result"]) == (
        "s162-119.2025", "hjres:119:24", "Joint Resolution Passed",
    )  # fmt: skip
    assert body["normalized_totals"] == {"yes": 53, "no": 42, "not_voting": 5}
    assert set(body["citation"]) == CITATION_KEYS
    assert body["citation"]["url"].endswith("vote_119_1_00162.xml")
    positions = body["positions"]
    assert len(positions) == 100 and set(positions[0]) == POSITION_KEYS
    baldwin = next(p for p in positions if p["member_ref"] == "S354")
    assert baldwin == {
        "member_id": "B001230", "bioguide_id": "B001230", "lis_id": "S354", "member_ref": "S354",
        "name": "Baldwin (D-WI)", "party": "D", "state": "WI", "position": "Nay", "normalized": "no", "is_stub": False,
    }  # fmt: skip
    mullin = next(p for p in positions if p["member_ref"] == "S419")
    assert (mullin["member_id"], mullin["bioguide_id"], mullin["is_stub"]) == ("lis:S419", None, True)
    assert [p["normalized"] for p in positions] == sorted(
        (p["normalized"] for p in positions), key=["yes", "no", "present", "not_voting", "other"].index
    )


def test_upstream_vote_id_alias_and_tie_breaker(client):
    body = client.get("/v1/votes/s15-119.2025").json()
    assert (body["id"], body["vice_president_position"], body["totals"]["Yea"]) == (
        "senate:119:2025:15",
        "Yea",
        50,
    )


def test_list_votes_filters(client, django_assert_num_queries):
    with django_assert_num_queries(3):  # count + page + corrections (citation.corrected)
        body = client.get("/v1/votes", {"chamber": "house", "congress": 119, "limit": 2}).json()
    assert body["pagination"]["total"] == 80
    assert set(body["results"][0]) == VOTE_SUMMARY_KEYS
    assert body["results"][0]["id"] == "house:119:2025:80"
    by_bill = client.get("/v1/votes", {"bill_id": "H.J.Res. 24", "congress": 119}).json()
    assert [r["id"] for r in by_bill["results"]] == [
        "senate:119:2025:162", "senate:119:2025:161", "house:119:2025:77",
    ]  # fmt: skip
    assert client.get("/v1/votes", {"bill_id": "hjres24-119"}).json()["pagination"]["total"] == 3


def test_votes_by_date_range_and_category(client):
    """One count answers "how many Senate votes in 2025 were on nominations"; days are Eastern: the Hegseth
    tie-breaker (senate:119:2025:15, 8:57 p.m. EST on Jan 24, stored 01:57 UTC on Jan 25) is a Jan 24 vote."""
    senate_2025 = {"chamber": "senate", "since": "2025-01-01", "until": "2025-12-31"}
    listed = client.get("/v1/votes", {**senate_2025, "limit": 250}).json()["results"]
    assert len(listed) == 124
    assert {tuple(r["id"].split(":")[:3]) for r in listed} == {("senate", "119", "2025")}
    by_category = Counter(r["category"] for r in listed)
    count = client.get("/v1/votes", {**senate_2025, "aggregate": "count", "category": "nomination"}).json()
    assert count["total"]["count"] == by_category["nomination"] == 29
    assert count["filters"] == {**senate_2025, "category": "nomination"}
    grouped = client.get("/v1/votes", {**senate_2025, "group_by": "category"}).json()
    assert {g["key"]: g["count"] for g in grouped["groups"]} == dict(by_category)
    day = {"category": "Nomination", "chamber": "senate"}
    jan24 = client.get("/v1/votes", {**day, "since": "2025-01-24", "until": "2025-01-24"}).json()
    assert [r["id"] for r in jan24["results"]] == ["senate:119:2025:15"]
    jan25 = client.get("/v1/votes", {**day, "since": "2025-01-25", "until": "2025-01-25"}).json()
    assert [r["id"] for r in jan25["results"]] == ["senate:119:2025:17"]


@pytest.mark.parametrize(
    ("q", "ids"),
    [("House roll call 77 of 2025", ["house:119:2025:77"]),
     ("senate vote 16 117th congress 1st session", ["senate:117:2021:16"]),
     ("Senate roll call #162, 119th", ["senate:119:2025:162"]),
     ("s162-119.2025", ["senate:119:2025:162"]),
     ("roll call 77", ["house:119:2025:77", "senate:119:2025:77", "senate:117:2022:77"]),
     ("Hegseth", ["senate:119:2025:15", "senate:119:2025:14", "senate:119:2025:10"])],
)  # fmt: skip
def test_a_roll_call_as_people_name_it(client, q, ids):
    """``q`` (apps.registry.vote_refs): chamber, roll number, year or Congress and session, an id, or words of
    the question; newest first, as every vote list."""
    assert [r["id"] for r in client.get("/v1/votes", {"q": q}).json()["results"]] == ids


def test_a_roll_call_name_narrows_with_the_filters_and_must_name_something(client):
    body = client.get("/v1/votes", {"q": "Hegseth", "category": "nomination"}).json()
    assert [r["id"] for r in body["results"]] == ["senate:119:2025:15"]
    error = assert_error(client.get("/v1/votes", {"q": "the vote"}), 400, "invalid_parameter", "q")
    assert "House roll call 123 of 2025" in error["message"]


def test_house_vote_positions_use_bioguide_ids(client):
    body = client.get("/v1/votes/house:119:2025:2").json()
    massie = next(p for p in body["positions"] if p["member_ref"] == "M001184")
    assert (massie["member_id"], massie["position"], massie["normalized"]) == ("M001184", "Emmer", "other")
    assert body["normalized_totals"] == {"other": 434}


@pytest.mark.parametrize(
    ("params", "parameter", "code"),
    [({"chamber": "joint"}, "chamber", "invalid_parameter"), ({"congress": 0}, "congress", "invalid_parameter"),
     ({"bill_id": "nonsense"}, "bill_id", "invalid_parameter"),
     ({"bill_id": "H.J.Res. 24"}, "bill_id", "invalid_parameter"),
     ({"since": "2025-13-01"}, "since", "invalid_parameter"), ({"category": "on nominations"}, "category", "invalid_parameter")],
)  # fmt: skip
def test_bad_parameters_are_400(client, params, parameter, code):
    assert_error(client.get("/v1/votes", params), 400, code, parameter)


def test_malformed_and_unknown_vote_ids(client):
    assert_error(client.get("/v1/votes/vote-162"), 400, "unrecognized_id_format", "id")
    assert_error(client.get("/v1/votes/senate:119:2025:9999"), 404, "record_not_found")


def test_party_tally_on_the_vote_matches_the_vote_file(client):
    data = json.loads(Path(settings.CORPUS_DIR, "votes/119/2025/s162.json").read_text())
    normalized = {"Yea": "yes", "Aye": "yes", "Nay": "no", "No": "no", "Not Voting": "not_voting"}
    expected: dict[str, Counter] = {}
    for option, members in data["votes"].items():
        for member in members:
            expected.setdefault(member["party"], Counter())[normalized.get(option, "present")] += 1
    body = client.get("/v1/votes/senate:119:2025:162").json()
    assert body["party_totals"] == {party: dict(counts) for party, counts in expected.items()}
    assert list(body["party_totals"]) == sorted(body["party_totals"])  # D, I, R
    assert body["party_totals"] == {"D": {"no": 40, "not_voting": 5}, "I": {"no": 2}, "R": {"yes": 53}}
    assert sum(sum(c.values()) for c in body["party_totals"].values()) == len(body["positions"]) == 100
