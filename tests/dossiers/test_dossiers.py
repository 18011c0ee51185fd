"""Dossiers over the real samples, expected values read from the corpus files.

Cases:
- HSWM: chair and ranking member as committee-membership-current.yaml lists them; the roster section is cut
  to the section limit with more_url to /members and the yaml's total;
- H.R. 1 (117th): cosponsor party split from the BILLSTATUS file, the 8 roll calls in corpus/votes and the
  6 amendments voted on, the CRS product that cites it; cut sections carry more_url, whole ones don't;
- the section limit is a setting: lowering it cuts the votes section with more_url to /v1/votes?bill_id=;
- a member: McConnell's 2005 Record turns are linked; Mark Warner's are not (the 2005 WARNER is John
  Warner); Sanders' sponsored bills; the votes summary adds up to the member's votes list;
- a public law nests the dossier of the bill that became it;
- unknown and malformed ids use the one error envelope; the routes are in the OpenAPI document;
- query counts are fixed.
"""

import json
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from tests.api.helpers import assert_error
from tests.corpus import corpus_yaml

CORPUS = Path(settings.CORPUS_DIR)
SECTION_KEYS = {"items", "total", "truncated", "more_url"}
pytestmark = pytest.mark.django_db


def _hswm_roster() -> list[dict]:
    return corpus_yaml("congress-legislators/committee-membership-current.yaml")["HSWM"]


def test_committee_dossier_lists_its_chair_and_ranking_member(client):
    body = client.get("/v1/committees/HSWM/dossier").json()
    roster = _hswm_roster()
    by_title = {m["title"]: m["bioguide"] for m in roster if m.get("title")}
    assert body["chair"]["member"]["id"] == by_title["Chair"] == "S001195"
    assert body["chair"]["title"] == "Chair" and body["chair"]["party_side"] == "majority"
    assert body["ranking_member"]["member"]["id"] == by_title["Ranking Member"]
    assert set(body) == {
        "id", "committee", "congress", "chair", "ranking_member", "members", "bills_referred", "hearings",
    }  # fmt: skip
    members = body["members"]
    assert set(members) == SECTION_KEYS
    assert members["total"] == len(roster) and len(members["items"]) == 10
    assert members["truncated"] and members["more_url"] == "/v1/committees/HSWM/members"
    assert body["committee"]["subcommittees"] and body["congress"] == 119
    referred = {b["id"] for b in body["bills_referred"]["items"]}
    assert "hr:117:6658" in referred  # referred to Ways and Means (its latest action)
    assert body["bills_referred"]["more_url"] is None


def test_bill_dossier_for_hr1(client):
    body = client.get("/v1/bills/H.R. 1-117/dossier").json()
    bill = ET.parse(CORPUS / "bill-status/v3/BILLSTATUS-117hr1.xml").getroot().find("bill")
    parties = Counter(
        i.findtext("party")
        for i in bill.findall("cosponsors/item")
        if not i.findtext("sponsorshipWithdrawnDate")
    )
    votes = [json.loads(p.read_text()) for p in (CORPUS / "votes").rglob("*.json")]
    on_hr1 = [v for v in votes if (v.get("bill") or {}) == {"congress": 117, "number": 1, "type": "hr"}]
    assert body["id"] == "hr:117:1" and body["bill"]["sponsor"]["id"] == "S001168"
    assert body["cosponsor_party_split"] == dict(parties) == {"D": 222}
    cosponsors = body["cosponsors"]
    assert cosponsors["total"] == 222 and cosponsors["more_url"] == "/v1/bills/hr:117:1/cosponsors"
    assert len(cosponsors["items"]) == 10
    assert body["actions"]["truncated"] and body["actions"]["more_url"] == "/v1/bills/hr:117:1/actions"
    assert body["votes"]["total"] == len(on_hr1) == 8 and body["votes"]["more_url"] is None
    voted_at = [v["voted_at"] for v in body["votes"]["items"]]
    assert voted_at == sorted(voted_at)
    assert body["amendments"]["total"] == sum(1 for v in on_hr1 if v.get("amendment")) == 6
    assert body["amendments"]["items"][0]["author"].startswith("Lofgren of California")
    assert "crs:R46646" in {r["id"] for r in body["crs_reports"]["items"]}
    assert body["crs_reports"]["items"][0]["url"].startswith("/v1/crs-reports/crs:")
    for name in ("gao_reports", "congressional_record", "hearings", "lobbying"):
        assert set(body[name]) == SECTION_KEYS


def test_section_limit_cuts_with_more_url(client, settings):
    settings.JOSH = {**settings.JOSH, "DOSSIER_SECTION_LIMIT": 3}
    body = client.get("/v1/bills/hr:117:1/dossier").json()
    assert body["votes"] == {
        **body["votes"],
        "total": 8,
        "truncated": True,
        "more_url": "/v1/votes?bill_id=hr:117:1",
    }
    assert len(body["votes"]["items"]) == 3
    assert body["amendments"]["more_url"] == "/v1/votes?bill_id=hr:117:1"
    followed = client.get(body["votes"]["more_url"]).json()
    assert followed["pagination"]["total"] == 8  # more_url lists every one


def test_legislator_dossiers_link_speeches_conservatively(client):
    mcconnell = client.get("/v1/legislators/M000355/dossier").json()
    speeches = mcconnell["speeches"]
    assert speeches["linked"] is True
    ids = {s["granule_id"] for s in speeches["items"]["items"]}
    assert "crec:CREC-2005-07-20-pt1-PgS8504-2" in ids
    assert all(s["speaker"] == "Mr. McCONNELL" for s in speeches["items"]["items"])
    warner = client.get("/v1/legislators/W000805/dossier").json()["speeches"]
    assert warner["linked"] is False and warner["items"]["total"] == 0
    assert warner["method"].startswith("not linked")


def test_legislator_dossier_counts(client):
    sanders = client.get("/v1/legislators/S000033/dossier").json()
    assert set(sanders) == {"id", "legislator", "sponsored", "cosponsored", "votes", "speeches", "lobbying"}
    assert {b["id"] for b in sanders["sponsored"]["items"]} == {"sconres:117:5", "sconres:117:14"}
    votes = sanders["votes"]
    listed = client.get("/v1/legislators/S000033/votes?limit=1").json()["pagination"]["total"]
    assert votes["total"] == sum(votes["by_position"].values()) == listed
    assert votes["recent"]["more_url"] == "/v1/legislators/S000033/votes"
    assert sanders["legislator"]["terms"]


def test_public_law_dossier_nests_its_bill(client):
    body = client.get("/v1/public-laws/Public Law 119-7/dossier").json()
    assert body["id"] == "pl:119:7" and body["law"]["bill_id"] == "hjres:119:24"
    assert body["bill"]["id"] == "hjres:119:24"
    assert body["bill"]["bill"]["laws"] == ["pl:119:7"]
    assert body["bill"]["votes"]["total"] == 3
    assert "body" not in body["law"]


def test_errors_use_the_envelope(client):
    assert_error(client.get("/v1/bills/hr:117:99999/dossier"), 404, "record_not_found")
    assert_error(client.get("/v1/bills/nonsense/dossier"), 400, "unrecognized_id_format")
    assert_error(client.get("/v1/committees/HSZZ/dossier"), 404, "record_not_found")


def test_openapi_lists_the_dossier_routes(client):
    paths = client.get("/v1/openapi.json").json()["paths"]
    for route in ("bills", "legislators", "committees", "public-laws"):
        assert f"/v1/{route}/{{id}}/dossier" in paths


@pytest.mark.parametrize(
    ("url", "queries"),
    [
        # each includes one corrections lookup per record type whose citation it renders (citation.corrected)
        ("/v1/bills/hr:117:1/dossier", 31),  # the bill detail is 15 of them
        ("/v1/committees/HSWM/dossier", 8),
        ("/v1/legislators/M000355/dossier", 18),  # + the voting record: positions, then the party tallies
        ("/v1/public-laws/pl:119:7/dossier", 34),
    ],
)
def test_query_counts_are_fixed(client, django_assert_num_queries, url, queries):
    with django_assert_num_queries(queries):
        assert client.get(url).status_code == 200


def test_no_query_per_item(client, settings):
    """Listing 10 or 3 items costs the same, plus one count for each section newly cut (votes, amendments)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from apps.curation.services import forget_cache

    def cost(limit: int) -> int:
        settings.JOSH = {**settings.JOSH, "DOSSIER_SECTION_LIMIT": limit}
        forget_cache()  # both measured cold: each reads the corrections of its record types once
        with CaptureQueriesContext(connection) as ctx:
            client.get("/v1/bills/hr:117:1/dossier")
        return len(ctx.captured_queries)

    assert cost(3) == cost(10) + 2


def test_legislator_voting_record_by_congress(client):
    """Missed and party-line votes per Congress, checked against a plain walk over every position."""
    from apps.registry.models import VotePosition

    record = client.get("/v1/legislators/S000033/dossier").json()["votes"]["by_congress"]
    positions = list(
        VotePosition.objects.values_list("vote_id", "legislator__bioguide_id", "party", "normalized")
    )
    by_vote: dict[int, list] = {}
    for vote, member, party, normalized in positions:
        by_vote.setdefault(vote, []).append((member, party, normalized))
    from apps.registry.models import RollCallVote

    congress_of = dict(RollCallVote.objects.values_list("pk", "congress"))
    expected: dict[int, list[int]] = {}
    for vote, rows in by_vote.items():
        mine = [(p, n) for m, p, n in rows if m == "S000033"]
        if not mine:
            continue
        party, normalized = mine[0]
        stats = expected.setdefault(congress_of[vote], [0, 0, 0, 0])  # votes, missed, line, base
        stats[0] += 1
        stats[1] += normalized == "not_voting"
        others = Counter(n for m, p, n in rows if p == party and m != "S000033" and n in ("yes", "no"))
        if normalized in ("yes", "no") and others["yes"] != others["no"]:
            stats[3] += 1
            stats[2] += normalized == max(("yes", "no"), key=lambda side: others[side])
    assert [r["congress"] for r in record] == sorted(expected, reverse=True)  # newest first
    for row in record:
        votes, missed, line, base = expected[row["congress"]]
        assert (row["chamber"], row["party"]) == ("senate", "I")
        assert (row["votes"], row["missed"], row["party_line"], row["party_line_base"]) == (
            votes,
            missed,
            line,
            base,
        )
        assert row["missed_pct"] == round(100 * missed / votes, 1)
        assert row["party_line_pct"] == round(100 * line / base, 1)
    assert (
        sum(r["votes"] for r in record)
        == client.get("/v1/legislators/S000033/dossier").json()["votes"]["total"]
    )
