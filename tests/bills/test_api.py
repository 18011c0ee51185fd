"""REST v1 shapes (full key sets), citations, 404/400 envelopes and bounded query counts."""

import re
import xml.etree.ElementTree as ET

import pytest

from apps.core.resources import get_resource
from apps.registry.models import RollCallVote
from tests.api.helpers import CITATION_KEYS, PAGINATION_KEYS, assert_error

pytestmark = pytest.mark.django_db

BILL_SUMMARY_KEYS = {
    "id", "label", "type", "congress", "number", "title", "origin_chamber", "introduced_date", "update_date",
    "policy_area", "sponsor", "cosponsor_count", "latest_action", "laws", "status_source", "citation",
}  # fmt: skip
BILL_DETAIL_KEYS = BILL_SUMMARY_KEYS | {
    "summary", "sponsor_by_request", "constitutional_authority", "titles", "committees", "subjects", "summaries",
    "recorded_votes", "related_bills", "law_refs", "text_versions", "body_version", "cbo_cost_estimates",
    "committee_reports", "saps", "action_count", "original_cosponsor_count", "withdrawn_cosponsor_count",
}  # fmt: skip
MEMBER_KEYS = {"id", "name", "party", "state", "district", "is_stub"}


def _originals(corpus, name: str) -> int:
    """Original cosponsors counted straight from the BILLSTATUS file."""
    bill = ET.parse(corpus / "bill-status" / name).getroot().find("bill")
    return sum(c.findtext("isOriginalCosponsor") == "True" for c in bill.find("cosponsors"))


def test_bill_detail_shape_and_facts(api_client, corpus, django_assert_max_num_queries):
    # 15: the record (its counts inside the same query) and its relations, plus the curation corrections of its type (and, in a fresh test, the
    # content type row Django caches per process), which the citation block needs for `corrected`.
    with django_assert_max_num_queries(15):
        response = api_client.get("/v1/bills/hjres:119:24")
    assert response.status_code == 200
    bill = response.json()
    assert set(bill) == BILL_DETAIL_KEYS
    assert set(bill["citation"]) == CITATION_KEYS
    assert bill["citation"]["citation_string"] == "H.J.Res. 24, 119th Congress"
    assert bill["citation"]["url"] == "https://www.congress.gov/bill/119th-congress/house-joint-resolution/24"
    assert bill["citation"]["source"] == "bills"
    assert bill["sponsor"] == {
        "id": "B000740",
        "name": "Rep. Bice, Stephanie I. [R-OK-5]",
        "party": "R",
        "state": "OK",
        "district": 5,
        "is_stub": False,
    }
    assert (bill["cosponsor_count"], bill["withdrawn_cosponsor_count"], bill["action_count"]) == (10, 0, 18)
    assert bill["original_cosponsor_count"] == _originals(corpus, "v3-119th/BILLSTATUS-119hjres24.xml") == 5
    assert bill["laws"] == ["pl:119:7"]
    assert [v["vote_id"] for v in bill["recorded_votes"]] == [
        "house:119:2025:77",
        "senate:119:2025:161",
        "senate:119:2025:162",
    ]
    assert [s["id"] for s in bill["saps"]] == ["sap:2025-03-27_hjres24"]
    assert [v["version_code"] for v in bill["text_versions"]] == ["ih", "rds", "eh", "enr", "pl"]
    assert bill["committees"][0]["committee_id"] == "HSIF"


def test_recorded_votes_say_whether_their_roll_call_is_ingested(api_client):
    """``ingested`` follows the registry's roll calls by id, whenever either side was loaded."""

    def flags():
        votes = api_client.get("/v1/bills/hjres:119:24").json()["recorded_votes"]
        return {v["vote_id"]: v["ingested"] for v in votes}

    assert flags() == {"house:119:2025:77": True, "senate:119:2025:161": True, "senate:119:2025:162": True}
    RollCallVote.objects.filter(vote_id="senate:119:2025:161").delete()
    assert flags() == {"house:119:2025:77": True, "senate:119:2025:161": False, "senate:119:2025:162": True}


@pytest.mark.parametrize(
    "spelling", ["H.J.Res. 24", "HJRES24", "hjres24-119", "H.J. Res. 24", "119-hjres-24"]
)
def test_sloppy_bill_ids_resolve_to_the_canonical_id(api_client, spelling):
    response = api_client.get(f"/v1/bills/{spelling}")
    assert response.status_code == 200, response.content
    assert response.json()["id"] == "hjres:119:24"


def test_bill_without_congress_resolves_to_the_latest_congress_that_has_it(api_client):
    # S. 1300 exists only in the 114th; H.R. 1 in the 117th
    assert api_client.get("/v1/bills/S. 1300").json()["id"] == "s:114:1300"
    assert api_client.get("/v1/bills/HR1").json()["id"] == "hr:117:1"


def test_unknown_and_malformed_bill_ids(api_client):
    error = assert_error(api_client.get("/v1/bills/hr:119:99999"), 404, "record_not_found")
    assert error["hint"] == {"id": "hr:119:99999"}
    assert_error(api_client.get("/v1/bills/HR99999"), 404, "record_not_found")
    assert_error(api_client.get("/v1/bills/not-a-bill"), 400, "unrecognized_id_format", parameter="id")
    assert_error(
        api_client.get("/v1/bills/hjres:119:24/cosponsors?limit=999"), 400, "invalid_parameter", "limit"
    )


def test_bill_list_filters_and_shape(api_client, django_assert_max_num_queries):
    with django_assert_max_num_queries(4):
        body = api_client.get("/v1/bills?congress=117&limit=3").json()
    assert set(body) == {"results", "pagination"}
    assert set(body["pagination"]) == PAGINATION_KEYS
    assert body["pagination"]["total"] == 7
    assert [b["id"] for b in body["results"]] == ["hr:117:1", "hr:117:2471", "hr:117:4350"]
    assert all(set(b) == BILL_SUMMARY_KEYS for b in body["results"])
    nxt = api_client.get(f"/v1/bills?congress=117&limit=3&cursor={body['pagination']['next_cursor']}").json()
    assert [b["id"] for b in nxt["results"]] == ["hr:117:6658", "s:117:1260", "sconres:117:5"]

    def ids(query):
        return [b["id"] for b in api_client.get(f"/v1/bills?{query}").json()["results"]]

    assert ids("type=sjres&congress=114") == ["sjres:114:8"]
    assert ids("type=sjres&limit=3") == ["sjres:119:11", "sjres:116:2", "sjres:116:4"]  # USLM-only bills too
    assert ids("sponsor=b000740") == ["hjres:119:24"]
    assert ids("policy_area=energy") == ids("policy_area=topic:policy-area:energy") == ["hjres:119:24"]
    assert ids("subject=congressional OVERSIGHT&congress=114") == [
        "hr:114:3106",
        "hr:114:5278",
        "s:114:469",
        "sjres:114:8",
    ]
    assert ids("updated_since=2025-05-01") == ["hjres:119:24", "sjres:119:11"]
    assert_error(api_client.get("/v1/bills?type=bill"), 400, "invalid_parameter")


def test_cosponsors_flag_withdrawn_and_exclude_them_from_the_count(
    api_client, corpus, tmp_path, django_assert_max_num_queries
):
    from apps.core.services.ingest import run_ingest

    # No sample file has a withdrawn cosponsor; the real H.J.Res. 24 with one withdrawal written in:
    text = (corpus / "bill-status/v3-119th/BILLSTATUS-119hjres24.xml").read_text()
    marker = "<bioguideId>R000619</bioguideId>"
    assert marker in text
    text = text.replace(marker, marker + "<sponsorshipWithdrawnDate>2025-02-03</sponsorshipWithdrawnDate>")
    path = tmp_path / "BILLSTATUS-119hjres24.xml"
    path.write_text(text)
    assert run_ingest(slug="bills", paths=[path]).updated == 1

    with django_assert_max_num_queries(5):
        body = api_client.get("/v1/bills/hjres:119:24/cosponsors?limit=250").json()
    assert set(body) == {
        "results", "pagination", "bill_id", "citation", "count", "original_count", "withdrawn_count",
    }  # fmt: skip
    # R000619 was an original cosponsor: withdrawn, it leaves both the count and the original count
    assert (body["count"], body["original_count"], body["withdrawn_count"]) == (9, 4, 1)
    assert body["pagination"]["total"] == 10
    withdrawn = [c for c in body["results"] if c["withdrawn"]]
    assert [(c["member"]["id"], c["withdrawn_date"]) for c in withdrawn] == [("R000619", "2025-02-03")]
    assert set(body["results"][0]) == {
        "member",
        "is_original",
        "sponsorship_date",
        "withdrawn_date",
        "withdrawn",
    }
    assert set(body["results"][0]["member"]) == MEMBER_KEYS
    bill = api_client.get("/v1/bills/hjres:119:24").json()
    assert (bill["cosponsor_count"], bill["original_cosponsor_count"], bill["withdrawn_cosponsor_count"]) == (
        9,
        4,
        1,
    )


def test_actions_endpoint(api_client):
    body = api_client.get("/v1/bills/hjres:119:24/actions?limit=250").json()
    assert set(body) == {"results", "pagination", "bill_id", "citation"}
    assert body["citation"]["citation_string"] == "H.J.Res. 24, 119th Congress"
    assert body["pagination"]["total"] == 18
    passage = body["results"][7]
    assert set(passage) == {
        "seq", "date", "time", "text", "type", "action_codes", "source_systems", "committees", "recorded_votes",
    }  # fmt: skip
    assert passage["recorded_votes"] == ["house:119:2025:77"]
    assert passage["source_systems"] == ["Library of Congress", "House floor actions"]
    assert (passage["date"], passage["time"]) == ("2025-03-27", "10:18:20")


def test_text_and_body_endpoints(api_client):
    versions = api_client.get("/v1/bills/hr:116:1058/text").json()["results"]
    assert [(v["version_code"], v["has_text"]) for v in versions] == [("rds", True), ("enr", True)]
    assert set(versions[0]) == {
        "version_code", "version_name", "date", "package_id", "url", "title", "has_text", "char_count", "sections",
        "citation",
    }  # fmt: skip
    body = api_client.get("/v1/bills/hr:116:1058/body").json()
    assert set(body) == {"bill_id", "version_code", "version_name", "date", "text", "sections", "citation"}
    assert (body["version_code"], body["version_name"]) == ("enr", "Enrolled Bill")
    assert body["citation"]["citation_string"] == "H.R. 1058 (Enrolled Bill), 116th Congress"
    assert body["citation"]["url"] == "https://www.govinfo.gov/app/details/BILLS-116hr1058enr"
    assert body["citation"]["source"] == "bill-text"
    assert api_client.get("/v1/bills/hr:116:1058/body?version=rds").json()["version_code"] == "rds"
    assert_error(api_client.get("/v1/bills/hjres:119:24/body"), 404, "record_not_found")


def test_public_law_endpoints(api_client):
    law = api_client.get("/v1/public-laws/Public Law 113–44").json()
    assert set(law) == {
        "id", "kind", "congress", "number", "title", "short_title", "statutes_citation", "bill_id", "enacted_date",
        "has_text", "citation", "citable_as", "sections", "body",
    }  # fmt: skip
    assert (law["id"], law["statutes_citation"], law["bill_id"], law["enacted_date"]) == (
        "pl:113:44",
        "127 Stat. 555",
        "hjres:113:91",
        "2013-10-10",
    )
    assert law["citation"]["citation_string"] == "Pub. L. 113-44, 127 Stat. 555 (2013)"
    listed = api_client.get("/v1/public-laws?congress=115").json()
    assert [r["id"] for r in listed["results"]] == ["pl:115:11", "pl:115:7", "pl:115:6"]
    assert [r["id"] for r in api_client.get("/v1/public-laws?bill=H.R. 255-115").json()["results"]] == [
        "pl:115:6"
    ]
    assert (
        api_client.get("/v1/public-laws/comps:339").json()["short_title"]
        == "Unfunded Mandates Reform Act of 1995"
    )
    assert_error(api_client.get("/v1/public-laws/pl:119:999"), 404, "record_not_found")
    assert_error(api_client.get("/v1/public-laws/law-7"), 400, "unrecognized_id_format")


def test_sap_and_topic_endpoints(api_client):
    sap = api_client.get("/v1/saps/sap:2025-04-03_sjres26,sjres33").json()
    assert sap["id"] == "sap:2025-04-03_sjres26_sjres33"
    assert set(sap) == {
        "id", "title", "administration", "congress", "date_issued", "chamber", "position", "rescinded", "bills",
        "has_text", "citation", "body",
    }  # fmt: skip
    assert sap["bills"] == ["sjres:119:26", "sjres:119:33"]
    ids = [s["id"] for s in api_client.get("/v1/saps?bill=S.J.Res. 33-119").json()["results"]]
    assert ids == ["sap:2025-04-03_sjres26_sjres33"]
    assert_error(api_client.get("/v1/saps/sap:1999-01-01_hr1"), 404, "record_not_found")

    topic = api_client.get("/v1/topics/topic:policy-area:energy").json()
    assert set(topic) == {"id", "kind", "name", "bill_count", "citation", "bills"}
    assert (topic["bill_count"], [b["id"] for b in topic["bills"]]) == (1, ["hjres:119:24"])
    top = api_client.get("/v1/topics?kind=policy-area&limit=2").json()["results"]
    assert [(t["id"], t["bill_count"]) for t in top] == [
        ("topic:policy-area:economics-and-public-finance", 4),
        ("topic:policy-area:armed-forces-and-national-security", 3),
    ]
    assert_error(api_client.get("/v1/topics/topic:policy-area:nothing"), 404, "record_not_found")
    # q: every word, any order; the name equal to it first (the policy area before its 5-bill subjects)
    energy = [t["id"] for t in api_client.get("/v1/topics?q=energy").json()["results"]]
    assert energy[:2] == ["topic:policy-area:energy", "topic:subject:energy-efficiency-and-conservation"]
    care = [t["name"] for t in api_client.get("/v1/topics?q=care health&kind=subject").json()["results"]]
    assert care and all("care" in n.lower() and "health" in n.lower() for n in care)
    assert "Health care coverage and access" in care


@pytest.mark.parametrize("q", ["!!!", "  ", "\u2014"])
def test_topic_lookup_without_a_word_is_a_400_not_every_topic(api_client, q):
    # Every topic, most bills first, used to come back: resolve_entity then offered one as the best match.
    error = assert_error(api_client.get("/v1/topics", {"q": q}), 400, "invalid_parameter", "q")
    assert "no letters or digits" in error["message"]


def _shape(record_id: str) -> str:
    """An id with its runs of digits, lower- and upper-case letters each reduced to one character: ids of one
    shape take the same path through the URL resolver and the id parsers."""
    return re.sub("[A-Z]+", "A", re.sub("[a-z]+", "a", re.sub("[0-9]+", "9", record_id)))


def test_every_listed_id_round_trips(api_client):
    """Every listed id is accepted by its resource's ``get`` selector, the one call the detail route makes
    (``apps.core.resource_api``), and one id of each shape makes the whole HTTP round trip: the ~580 requests
    this test used to make (the middleware stack each time) checked nothing more."""
    for resource in ("bills", "public-laws", "saps", "topics"):
        get = get_resource(resource).get
        shapes: dict[str, str] = {}
        for row in api_client.get(f"/v1/{resource}?limit=250").json()["results"]:
            assert get(id=row["id"]).id == row["id"], (resource, row["id"])
            shapes.setdefault(_shape(row["id"]), row["id"])
        for record_id in shapes.values():
            response = api_client.get(f"/v1/{resource}/{record_id}")
            assert response.status_code == 200, (resource, record_id)
            assert response.json()["id"] == record_id


def _all(api_client, resource: str, **params) -> list[dict]:
    rows, cursor = [], None
    while True:
        page = api_client.get(
            f"/v1/{resource}", {**params, "limit": 250, **({"cursor": cursor} if cursor else {})}
        )
        body = page.json()
        rows += body["results"]
        cursor = body["pagination"]["next_cursor"]
        if not cursor:
            return rows


@pytest.mark.parametrize(("resource", "field"), [("saps", "date_issued"), ("bills", "introduced_date")])
def test_a_date_range_narrows_lists_and_counts(api_client, resource, field):
    """since/until on the record's own date (a statement's issue date, a bill's introduction), inclusive; the
    count of a range is the list's, and the ranges either side of a day split the dated records."""
    dated = sorted(r[field] for r in _all(api_client, resource) if r[field])
    assert len(dated) > 2
    middle = dated[len(dated) // 2]
    assert sorted(r[field] for r in _all(api_client, resource, since=middle)) == [
        d for d in dated if d >= middle
    ]
    assert sorted(r[field] for r in _all(api_client, resource, until=middle)) == [
        d for d in dated if d <= middle
    ]
    one_day = api_client.get(
        f"/v1/{resource}", {"since": middle, "until": middle, "aggregate": "count"}
    ).json()
    assert one_day["total"]["count"] == dated.count(middle) >= 1
