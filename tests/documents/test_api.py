"""REST shapes for every document resource; 404 record_not_found and 400 unrecognized_id_format."""

import pytest

pytestmark = pytest.mark.django_db

CITATION_KEYS = {"citation_string", "url", "published_at", "source", "retrieved_at", "in_corpus"}

# resource, an alias that must resolve, its canonical id, detail keys
RECORDS = [
    ("crs-reports", "IN12680", "crs:IN12680",
     {"id", "product_number", "version", "product_type", "title", "published_at", "authors", "topics", "citation",
      "congress", "body", "bills_mentioned", "crs_products_cited"}),
    ("gao-reports", "GAO-26-108653", "gao:GAO-26-108653",
     {"id", "report_number", "title", "published_at", "is_testimony", "citation", "congress", "highlights",
      "recommendations", "body", "bills_mentioned", "gao_products_cited"}),
    ("federal-register", "2024-02930", "fr:2024-02930",
     {"id", "document_number", "doc_type", "title", "agency", "sub_agency", "fr_citation", "published_at",
      "citation", "action", "summary", "dates_text", "effective_on", "comments_close_on", "rins", "docket_ids", "depdoc", "cfr_references",
      "cfr_parts", "volume", "issue_number", "start_page", "end_page", "executive_order", "body"}),
    ("executive-orders", "EO 12890", "eo:12890",
     {"id", "number", "fr_citation", "signing_date", "document_number", "fr_document_id",
      "fr_document_ingested", "notes", "citation"}),
    ("cfr", "1 CFR 1.1", "cfr:1:1.1",
     {"id", "title", "part", "section", "heading", "citation", "title_name", "chapter", "chapter_heading",
      "subchapter", "part_heading", "subpart", "body", "source_citation", "authority", "part_source",
      "fr_documents"}),
    ("us-code", "1 U.S.C. 112a", "usc:1:112a",
     {"id", "title", "section", "heading", "status", "citation", "identifier", "chapter", "chapter_heading",
      "chapeau", "body", "source_credit", "notes", "published_at"}),
    ("congressional-record", "CREC-2005-07-20-pt1-PgS8587-2", "crec:CREC-2005-07-20-pt1-PgS8587-2",
     {"id", "granule_id", "chamber", "published_at", "volume", "number", "pages", "title", "citation",
      "congress", "body", "speaker_turns", "bills_mentioned"}),
]  # fmt: skip


@pytest.mark.parametrize(("resource", "alias", "canonical", "keys"), RECORDS, ids=[r[0] for r in RECORDS])
def test_record_shape_and_alias(api_client, resource, alias, canonical, keys):
    response = api_client.get(f"/v1/{resource}/{alias}")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == keys
    assert body["id"] == canonical
    assert set(body["citation"]) == CITATION_KEYS
    assert api_client.get(f"/v1/{resource}/{canonical}").json() == body  # canonical ids round-trip


@pytest.mark.parametrize(("resource", "alias", "canonical", "keys"), RECORDS, ids=[r[0] for r in RECORDS])
def test_list_ids_round_trip(api_client, resource, alias, canonical, keys):
    page = api_client.get(f"/v1/{resource}?limit=3").json()
    assert set(page) == {"results", "pagination"}
    assert page["pagination"]["limit"] == 3 and page["pagination"]["next_cursor"]
    for row in page["results"]:
        assert "citation" in row
        assert api_client.get(f"/v1/{resource}/{row['id']}").status_code == 200


MISSING = [
    ("crs-reports", "R99999", "crs:R99999"),
    ("gao-reports", "GAO-26-999999", "gao:GAO-26-999999"),
    ("federal-register", "2024-99999", "fr:2024-99999"),
    ("executive-orders", "eo:99999", "eo:99999"),
    ("cfr", "cfr:99:1.1", "cfr:99:1.1"),
    ("us-code", "usc:99:1", "usc:99:1"),
    ("congressional-record", "CREC-2005-07-21-pt1-PgS1", "crec:CREC-2005-07-21-pt1-PgS1"),
    ("hearing-transcripts", "CHRG-118hhrg1", "chrg:CHRG-118hhrg1"),
]


@pytest.mark.parametrize(("resource", "raw", "canonical"), MISSING, ids=[m[0] for m in MISSING])
def test_404_record_not_found(api_client, resource, raw, canonical):
    response = api_client.get(f"/v1/{resource}/{raw}")
    assert response.status_code == 404
    error = response.json()["error"]
    assert (error["code"], error["hint"]["id"]) == ("record_not_found", canonical)
    assert f"/v1/{resource}" in error["message"]


@pytest.mark.parametrize("resource", [m[0] for m in MISSING])
def test_400_unrecognized_id_format(api_client, resource):
    response = api_client.get(f"/v1/{resource}/hr:119:1")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "unrecognized_id_format"


def test_crec_detail_carries_speaker_turns(api_client):
    body = api_client.get("/v1/congressional-record/crec:CREC-2005-07-20-pt1-PgS8587-2").json()
    (turn,) = body["speaker_turns"]
    assert set(turn) == {
        "order",
        "speaker",
        "speaker_name",
        "speaker_state",
        "text",
        "start_offset",
        "end_offset",
    }
    assert turn["speaker"] == "Mr. SESSIONS"
    assert body["body"][turn["start_offset"] : turn["end_offset"]] == turn["text"]
    assert body["citation"]["citation_string"] == "151 Cong. Rec. S8587 (daily ed. July 20, 2005)"


def test_fr_filters_follow_the_cross_links(api_client):
    by_docket = api_client.get("/v1/federal-register?docket_id=FAA-2024-0224").json()
    assert [r["id"] for r in by_docket["results"]] == ["fr:2024-02930"]
    by_part = api_client.get("/v1/federal-register?cfr_title=40&cfr_part=52").json()
    assert {r["id"] for r in by_part["results"]} == {"fr:2024-02700", "fr:2024-02770"}
    rules = api_client.get("/v1/federal-register?doc_type=RULE&limit=250").json()
    assert rules["pagination"]["total"] == 13
    doc = api_client.get("/v1/federal-register/fr:2024-02930").json()
    assert doc["fr_citation"] == "89 FR 9741"
    assert doc["cfr_parts"] == [
        {"title": 14, "part": "39", "citation": "14 CFR Part 39", "sections_url": "/v1/cfr?title=14&part=39"}
    ]


def test_crs_and_crec_filters(api_client):
    insights = api_client.get("/v1/crs-reports?product_type=insight&limit=250").json()
    assert insights["pagination"]["total"] == 11
    citing = api_client.get("/v1/crs-reports?bill_id=hr:119:7567").json()
    assert {r["id"] for r in citing["results"]} >= {"crs:IF12255", "crs:IF12024"}
    warner = api_client.get("/v1/congressional-record?speaker=WARNER&limit=250").json()
    assert warner["pagination"]["total"] >= 1
    bad = api_client.get("/v1/crs-reports?bill_id=nonsense")
    assert (bad.status_code, bad.json()["error"]["code"]) == (400, "invalid_parameter")


def test_executive_order_list_newest_first(api_client):
    page = api_client.get("/v1/executive-orders?limit=2").json()
    assert [r["id"] for r in page["results"]] == ["eo:13622", "eo:13621"]
    assert page["pagination"]["total"] == 733


def test_fr_page_citation_resolves_to_the_document_on_that_page(api_client):
    assert api_client.get("/v1/federal-register/89 FR 9741").json()["id"] == "fr:2024-02930"
    assert api_client.get("/v1/federal-register/89 FR 9742").json()["id"] == "fr:2024-02930"  # pinpoint page
    missing = api_client.get("/v1/federal-register/12 FR 1")
    assert (missing.status_code, missing.json()["error"]["code"]) == (404, "record_not_found")
