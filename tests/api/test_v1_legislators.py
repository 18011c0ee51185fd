"""GET /v1/legislators, /v1/legislators/{id}, /v1/legislators/{id}/votes over the real sample.

Cases: full response shapes (key sets), ranked noisy-name lookups with scores, filters, alias ids,
query counts, 400 (bad parameter / malformed id) and 404 envelopes; member-vote filters (congress, chamber,
dates, one roll call, bill, position) against the vote files read independently.
"""

import functools
import json
from pathlib import Path

import pytest
from django.conf import settings

from tests.api.helpers import (
    CITATION_KEYS,
    LEGISLATOR_SUMMARY_KEYS,
    PAGINATION_KEYS,
    VOTE_SUMMARY_KEYS,
    assert_error,
)
from tests.corpus import corpus_yaml

pytestmark = pytest.mark.django_db

DETAIL_KEYS = LEGISLATOR_SUMMARY_KEYS | {
    "first_name", "middle_name", "last_name", "suffix", "nickname", "birthday", "gender", "identifiers",
    "terms", "committees", "social", "citation",
}  # fmt: skip
TERM_KEYS = {
    "type", "start", "end", "state", "district", "senate_class", "state_rank", "party", "caucus", "url",
    "phone", "office", "contact_form",
}  # fmt: skip

LEGISLATORS = "congress-legislators/legislators-current.yaml"


def test_get_legislator_full_shape(client, django_assert_num_queries):
    with django_assert_num_queries(
        5
    ):  # member + identifiers + terms + seats (with committees) + corrections (citation.corrected)
        response = client.get("/v1/legislators/S000033")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == DETAIL_KEYS
    assert (body["id"], body["name"], body["nickname"], body["party"], body["state"], body["chamber"]) == (
        "S000033", "Bernard Sanders", "Bernie", "Independent", "VT", "senate",
    )  # fmt: skip
    assert {"scheme": "lis", "value": "S313"} in body["identifiers"]
    assert body["social"]["twitter"] == "SenSanders"  # legislators-social-media.yaml
    assert set(body["terms"][0]) == TERM_KEYS
    assert body["terms"][0]["type"] == "rep"
    assert set(body["committees"][0]) == {
        "committee_id",
        "committee_name",
        "congress",
        "party_side",
        "rank",
        "title",
    }
    assert set(body["citation"]) == CITATION_KEYS
    assert body["citation"]["source"] == "legislators"
    assert body["citation"]["url"] == "https://bioguide.congress.gov/search/bio/S000033"


def test_lis_alias_and_stub_ids_resolve(client):
    assert client.get("/v1/legislators/lis:S354").json()["id"] == "B001230"  # Baldwin via the crosswalk
    assert client.get("/v1/legislators/b001230").json()["id"] == "B001230"
    stub = client.get("/v1/legislators/lis:S057").json()
    assert (stub["id"], stub["name"], stub["is_stub"], stub["terms"], stub["identifiers"], stub["social"]) == (
        "lis:S057", "Patrick Leahy", True, [], [], {},
    )  # fmt: skip


@pytest.mark.parametrize(
    ("q", "first"),
    [
        ("Sen. Markey MA", "M000133"),
        ("AOC", "O000172"),
        ("bernie VT", "S000033"),
        ("Hakeem Jeffries NY", "J000294"),
    ],
)
def test_noisy_name_returns_ranked_records_with_scores(client, django_assert_num_queries, q, first):
    with django_assert_num_queries(3):  # ranked FTS page + the rows + corrections (citation.corrected)
        response = client.get("/v1/legislators", {"q": q, "limit": 5})
    body = response.json()
    assert set(body) == {"results", "pagination"}
    assert set(body["pagination"]) == PAGINATION_KEYS
    hit = body["results"][0]
    assert set(hit) == LEGISLATOR_SUMMARY_KEYS | {"score", "citation"}
    assert hit["id"] == first
    scores = [r["score"] for r in body["results"]]
    assert scores == sorted(scores, reverse=True) and scores[0] > 0


def test_markey_outranks_other_massachusetts_senators(client):
    ids = [r["id"] for r in client.get("/v1/legislators", {"q": "Sen. Markey MA"}).json()["results"]]
    assert ids[:2] == ["M000133", "W000817"]  # Markey, then Warren (the other senator from MA)


def test_filters_and_paging_without_q(client, django_assert_num_queries):
    with django_assert_num_queries(3):  # count + page + corrections (citation.corrected)
        body = client.get("/v1/legislators", {"state": "ma", "chamber": "senate", "current": "true"}).json()
    assert [r["id"] for r in body["results"]] == ["M000133", "W000817"]
    assert all(r["score"] is None for r in body["results"])
    first = client.get("/v1/legislators", {"party": "D", "limit": 2}).json()
    assert first["pagination"]["limit"] == 2 and first["pagination"]["next_cursor"]
    second = client.get(
        "/v1/legislators", {"party": "D", "limit": 2, "cursor": first["pagination"]["next_cursor"]}
    )
    assert {r["id"] for r in second.json()["results"]}.isdisjoint({r["id"] for r in first["results"]})
    assert {r["party"] for r in second.json()["results"]} == {"Democrat"}


def test_q_pages_with_cursor(client):
    first = client.get("/v1/legislators", {"q": "MA", "limit": 3}).json()
    assert first["pagination"]["total"] > 3
    second = client.get(
        "/v1/legislators", {"q": "MA", "limit": 3, "cursor": first["pagination"]["next_cursor"]}
    ).json()
    assert {r["id"] for r in first["results"]}.isdisjoint({r["id"] for r in second["results"]})


def test_member_votes_newest_first(client, django_assert_num_queries):
    with django_assert_num_queries(
        4
    ):  # member + count + page (with votes) + corrections (citation.corrected)
        body = client.get("/v1/legislators/B001230/votes", {"limit": 3}).json()
    row = body["results"][0]
    assert set(row) == {"vote", "position", "normalized"}
    assert set(row["vote"]) == VOTE_SUMMARY_KEYS
    assert row["vote"]["id"] == "senate:119:2025:228"
    assert body["pagination"]["total"] == 124 + 48  # every Senate roll call in the sample (119th + 117th)


@pytest.mark.parametrize(
    ("params", "parameter"),
    [({"chamber": "moon"}, "chamber"), ({"limit": 0}, "limit"), ({"limit": 999}, "limit"), ({"limit": "x"}, "limit"),
     ({"state": "Vermont"}, "state"), ({"party": "Whig"}, "party"), ({"cursor": "zzz"}, "cursor"),
     ({"current": "maybe"}, "current"), ({"q": "!!!"}, "q"), ({"q": "x" * 201}, "q")],
)  # fmt: skip
def test_bad_parameters_are_400_naming_the_parameter(client, params, parameter):
    assert_error(client.get("/v1/legislators", params), 400, "invalid_parameter", parameter)


def test_malformed_id_is_400_and_unknown_id_is_404(client):
    assert_error(client.get("/v1/legislators/Bernie"), 400, "unrecognized_id_format", "id")
    assert_error(client.get("/v1/legislators/Z999999"), 404, "record_not_found")
    assert_error(client.get("/v1/legislators/Z999999/votes"), 404, "record_not_found")


def test_an_ambiguous_nickname_returns_both_members(client):
    ids = [r["id"] for r in client.get("/v1/legislators", {"q": "bernie"}).json()["results"]]
    assert set(ids[:2]) == {"S000033", "M001242"}  # Bernie Sanders and Bernie Moreno


def _votes_of(member_ref: str) -> list[dict]:
    """Baldwin's (S354) roll calls read straight from corpus/votes: id, date, congress, position."""
    out = []
    for path in Path(settings.CORPUS_DIR, "votes").rglob("*.json"):
        data = json.loads(path.read_text())
        for option, members in data["votes"].items():
            if any(isinstance(m, dict) and m.get("id") == member_ref for m in members):
                out.append({"upstream": data["vote_id"], "date": data["date"][:10], "option": option, **data})
    return out


def test_member_votes_filters_match_the_vote_files(client):
    votes = _votes_of("S354")  # Tammy Baldwin's Senate LIS id; her bioguide id is B001230
    assert len(votes) > 20

    def total(**params):
        body = client.get("/v1/legislators/B001230/votes", {"limit": 250, **params}).json()
        return body["pagination"]["total"], body["results"]

    assert total()[0] == len(votes)
    assert total(congress=119)[0] == sum(v["congress"] == 119 for v in votes)
    assert total(chamber="house")[0] == 0
    assert total(position="no")[0] == sum(v["option"] in ("Nay", "No") for v in votes)
    assert total(since="2025-03-01", until="2025-03-31")[0] == sum(
        "2025-03-01" <= v["date"] <= "2025-03-31" for v in votes
    )
    n, rows = total(vote="s162-119.2025")  # one roll call in one call, any vote-id spelling
    assert n == 1 and (rows[0]["vote"]["id"], rows[0]["position"]) == ("senate:119:2025:162", "Nay")
    n, rows = total(bill_id="H.J.Res. 24-119")
    assert {r["vote"]["bill_id"] for r in rows} == {"hjres:119:24"} and n >= 1
    n, rows = total(congress=119, position="yes", since="2025-01-01")
    assert n == sum(v["congress"] == 119 and v["option"] in ("Yea", "Aye") for v in votes)
    assert all(r["normalized"] == "yes" for r in rows)


def test_member_votes_bad_filters_are_400(client):
    assert_error(
        client.get("/v1/legislators/B001230/votes", {"position": "maybe"}),
        400,
        "invalid_parameter",
        "position",
    )
    assert_error(
        client.get("/v1/legislators/B001230/votes", {"vote": "roll 5"}), 400, "unrecognized_id_format"
    )


def test_caucus_field_and_filter_follow_the_legislators_file(client):
    people = corpus_yaml(LEGISLATORS)
    senators = [p["terms"][-1] for p in people if p["terms"][-1]["type"] == "sen"]
    democrats = sum((t.get("caucus") or t["party"]) == "Democrat" for t in senators)
    body = client.get("/v1/legislators", {"caucus": "D", "chamber": "senate", "current": "true"}).json()
    assert body["pagination"]["total"] == democrats == 47
    assert {"S000033", "K000383"} <= {r["id"] for r in client.get(
        "/v1/legislators", {"caucus": "Democrat", "party": "I", "limit": 250}
    ).json()["results"]}  # fmt: skip
    sanders = client.get("/v1/legislators/S000033").json()
    assert (sanders["party"], sanders["caucus"]) == ("Independent", "Democrat")
    assert_error(client.get("/v1/legislators", {"caucus": "Whig"}), 400, "invalid_parameter", "caucus")


@functools.cache  # nine tests read it
def _crosswalk() -> dict[str, dict]:
    return {p["id"]["bioguide"]: p["id"] for p in corpus_yaml(LEGISLATORS)}


@pytest.mark.parametrize("scheme", ["lis", "govtrack", "thomas", "icpsr", "opensecrets", "votesmart", "fec"])
def test_any_crosswalk_id_names_the_member(client, scheme):
    ids = _crosswalk()["C000127"]  # Maria Cantwell, whose ids the legislators file lists under every scheme
    value = ids[scheme][0] if isinstance(ids[scheme], list) else ids[scheme]
    assert client.get(f"/v1/legislators/{scheme}:{value}").json()["id"] == "C000127"


def test_bare_lis_fec_and_numbers_resolve_through_the_stored_crosswalk(client):
    banks = _crosswalk()["B001299"]
    assert banks["lis"] == "S429"
    body = client.get("/v1/legislators/S429").json()  # a bare Senate LIS id
    assert (body["id"], body["name"]) == ("B001299", "Jim Banks")
    assert client.get(f"/v1/legislators/{banks['fec'][0]}").json()["id"] == "B001299"
    assert client.get(f"/v1/legislators/{banks['govtrack']}").json()["id"] == "B001299"
    hit = client.get("/v1/legislators", {"q": "S429"}).json()
    assert [r["id"] for r in hit["results"]] == ["B001299"] and hit["pagination"]["total"] == 1
    assert client.get("/v1/legislators", {"q": "govtrack:300018"}).json()["results"][0]["id"] == "C000127"
    # 12924 is one member's C-SPAN id and another's pictorial id: the scheme must be named
    error = assert_error(client.get("/v1/legislators/12924"), 400, "invalid_parameter", "id")
    assert sorted(error["hint"]["candidates"]) == ["cspan:12924", "pictorial:12924"]
    assert_error(client.get("/v1/legislators/govtrack:1"), 404, "record_not_found")
