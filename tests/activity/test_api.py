import pytest

from apps.core.ids import classify_id

TECO = "lda:ld2:0005b52d-cd4e-4e4a-984f-7ade8e95eaa8"
CITATION_KEYS = {"citation_string", "url", "published_at", "source", "retrieved_at", "in_corpus"}


def _error(response, status, code):
    assert response.status_code == status, response.content
    body = response.json()["error"]
    assert body["code"] == code
    return body


@pytest.mark.django_db
def test_lda_filing_detail_shape(lda, api_client, django_assert_num_queries):
    with django_assert_num_queries(6):  # filing, activities, lobbyists, bill and docket mentions, corrections
        body = api_client.get(f"/v1/lda-filings/{TECO}").json()
    assert len(body) == 36
    assert (body["id"], body["form"], body["filing_type"], body["congress"]) == (TECO, "LD-2", "1T", 110)
    assert body["registrant"] == {
        "name": "Baker & McKenzie LLP",
        "description": "",
        "city": "New York",
        "state": "NY",
        "country": "USA",
    }
    assert body["activities"][0]["bill_ids"] == ["s:110:373"]
    assert body["bill_mentions"] == [{"bill_id": "s:110:373", "activity_seq": 1, "issue_code": "TAX"}]
    assert body["lobbyists"][0] == {
        "activity_seq": 1,
        "first_name": "Steven",
        "last_name": "Becker",
        "suffix": "",
        "covered_position": "",
        "is_new": False,
    }
    assert set(body["citation"]) == CITATION_KEYS and body["citation"]["source"] == "lda-filings"


@pytest.mark.django_db
def test_lda_filing_amounts_are_decimal_strings(lda, api_client):
    body = api_client.get("/v1/lda-filings/lda:ld2:multiple_added_affiliated").json()
    assert (body["income"], body["expenses"]) == ("120000.00", None)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "alias",
    [
        TECO,
        "LDA:LD2:0005B52D-CD4E-4E4A-984F-7ADE8E95EAA8",
        "0005b52d-cd4e-4e4a-984f-7ade8e95eaa8",
        f"lda:{TECO[8:]}",
    ],
)
def test_lda_filing_aliases(lda, api_client, alias):
    assert api_client.get(f"/v1/lda-filings/{alias}").json()["id"] == TECO


@pytest.mark.django_db
def test_lda_filing_list_filters(lda, api_client, django_assert_num_queries):
    with django_assert_num_queries(4):  # count, page, activities, corrections
        body = api_client.get("/v1/lda-filings?year=2013&issue_code=tax").json()
    assert [r["id"] for r in body["results"]] == [
        "lda:ld2:multiple_inactive_foreign",
        "lda:ld2:multiple_issues",
    ]
    assert body["pagination"] == {"limit": 20, "total": 2, "next_cursor": None}
    assert len(body["results"][0]) == 13 and body["results"][0]["score"] is None
    client = api_client.get("/v1/lda-filings?client=teco").json()["results"]
    assert [r["id"] for r in client] == [TECO]
    firm = api_client.get("/v1/lda-filings?registrant=alston&limit=2").json()
    assert firm["pagination"]["total"] == 3 and firm["pagination"]["next_cursor"]
    assert api_client.get("/v1/lda-filings?bill_id=S. 373-110").json()["pagination"]["total"] == 1
    by_bill = api_client.get("/v1/lda-filings?bill_id=s373-110").json()["results"]
    assert [r["id"] for r in by_bill] == [TECO]
    _error(api_client.get("/v1/lda-filings?bill_id=S. 373"), 400, "invalid_parameter")
    by_docket = api_client.get("/v1/lda-filings?docket=FAA-2009-1144").json()
    assert by_docket["pagination"]["total"] == 3  # the LD-1 fixture saved under three names
    detail = api_client.get("/v1/lda-filings/lda:ld1:random").json()
    assert detail["docket_ids"] == []
    assert api_client.get("/v1/lda-filings/lda:ld1:multiple_issues").json()["docket_ids"] == [
        "docket:FAA-2009-1144"
    ]
    _error(api_client.get("/v1/lda-filings?year=1800"), 400, "invalid_parameter")


@pytest.mark.django_db
def test_docket_detail_with_documents(regs, api_client, django_assert_num_queries):
    with django_assert_num_queries(6):  # docket, agency, document count, documents, corrections of both
        body = api_client.get("/v1/dockets/EPA-HQ-OAR-2003-0129").json()
    assert len(body) == 17
    assert body["id"] == "docket:EPA-HQ-OAR-2003-0129"
    assert body["agency"] == {"id": "EPA", "name": "Environmental Protection Agency"}
    assert body["document_count"] == 2
    assert [d["id"] for d in body["documents"]] == [
        "regdoc:EPA-HQ-OAR-2003-0129-0001",
        "regdoc:EPA-HQ-OAR-2003-0129-0002",
    ]
    assert body["documents"][0]["citation"]["source"] == "regulations-dot-gov-dockets"
    assert api_client.get("/v1/dockets/docket:epa-hq-oar-2003-0129").json()["id"] == body["id"]
    page = api_client.get("/v1/dockets/docket:HHS_FRDOC_0001/documents?limit=1").json()
    assert page["pagination"]["total"] == 1 and page["results"][0]["id"] == "regdoc:HHS_FRDOC_0001-0882"


@pytest.mark.django_db
def test_regulatory_document_detail(regs, api_client, django_assert_num_queries):
    with django_assert_num_queries(3):  # document, agency, corrections
        body = api_client.get("/v1/regulatory-documents/FRTIB_FRDOC_0001-0319").json()
    assert len(body) == 28  # 25 fields and the Eastern days of posted_at, comment_start_at, comment_end_at
    assert body["fr_document_id"] == "fr:2020-22330"  # the cross-link to the Federal Register record
    assert (body["id"], body["docket_id"], body["fr_doc_num"], body["cfr_part"]) == (
        "regdoc:FRTIB_FRDOC_0001-0319",
        "docket:FRTIB_FRDOC_0001",
        "2020-22330",
        "5 CFR Part 1631",
    )
    assert body["agency"]["name"] == "Federal Retirement Thrift Investment Board"
    assert body["citation"]["citation_string"] == (
        "Rule FRTIB_FRDOC_0001-0319, Availability of Records, FR Doc. 2020-22330 (regulations.gov, posted 2020-10-22)"
    )
    comment = api_client.get("/v1/regulatory-documents/regdoc:FAA-2018-1084-0418").json()
    assert (comment["kind"], comment["docket_id"]) == ("comment", "docket:FAA-2018-1084")
    listed = api_client.get("/v1/regulatory-documents?fr_doc_num=2022-28376").json()
    assert listed["pagination"]["total"] == 9


@pytest.mark.django_db
def test_docket_list(regs, api_client, django_assert_num_queries):
    with django_assert_num_queries(3):  # count, page, corrections
        body = api_client.get("/v1/dockets?agency=epa").json()
    assert [(r["id"], r["document_count"]) for r in body["results"]] == [("docket:EPA-HQ-OAR-2003-0129", 2)]
    assert api_client.get("/v1/dockets").json()["pagination"]["total"] == 10
    assert api_client.get("/v1/dockets?include_stubs=true").json()["pagination"]["total"] == 285


@pytest.mark.django_db
def test_hearing_detail_and_list(hearings, api_client, django_assert_num_queries):
    with django_assert_num_queries(6):  # hearing, committees, documents, bills, witnesses, corrections
        body = api_client.get("/v1/hearings/HMTG102252").json()
    assert len(body) == 19
    assert (body["id"], body["date"], body["start_time"], body["committee_ids"]) == (
        "hearing:102252",
        "2014-05-19",
        "17:00:00",
        ["HSRU"],
    )
    assert [b["bill_id"] for b in body["bills"]] == ["hr:113:4435", "hr:113:4660"]
    witness = api_client.get("/v1/hearings/102266").json()["witnesses"][0]
    assert (witness["name"], witness["organization"]) == ("James P. Cochrane", "U.S. Postal Service")
    listed = api_client.get("/v1/hearings?committee=HSGO25").json()["results"]
    assert [h["id"] for h in listed] == ["hearing:102266"]
    assert api_client.get("/v1/hearings?bill_id=hr4660-113").json()["results"][0]["id"] == "hearing:102252"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "status", "code"),
    [
        ("/v1/lda-filings/lda:ld2:no-such-filing", 404, "record_not_found"),
        ("/v1/lda-filings/lda:ld9:x", 400, "unrecognized_id_format"),
        ("/v1/lda-filings/hr:119:1", 400, "unrecognized_id_format"),
        ("/v1/dockets/docket:EPA-HQ-OAR-2099-9999", 404, "record_not_found"),
        ("/v1/dockets/not a docket", 400, "unrecognized_id_format"),
        ("/v1/regulatory-documents/regdoc:EPA-HQ-OAR-2003-0129-9999", 404, "record_not_found"),
        ("/v1/regulatory-documents/EPA", 400, "unrecognized_id_format"),
        ("/v1/hearings/hearing:999999", 404, "record_not_found"),
        ("/v1/hearings/hearing:abc", 400, "unrecognized_id_format"),
        ("/v1/staff/staff:house-nobody", 404, "record_not_found"),
        ("/v1/staff/jane", 400, "unrecognized_id_format"),
    ],
)
def test_errors(db, api_client, url, status, code):
    body = _error(api_client.get(url), status, code)
    assert set(body) >= {"type", "code", "message", "request_id"}


@pytest.mark.django_db
def test_every_listed_id_round_trips(lda, regs, hearings, api_client):
    for list_url, detail in [
        ("/v1/lda-filings?limit=250", "/v1/lda-filings/{}"),
        ("/v1/dockets?limit=250", "/v1/dockets/{}"),
        ("/v1/regulatory-documents?limit=250", "/v1/regulatory-documents/{}"),
        ("/v1/hearings", "/v1/hearings/{}"),
    ]:
        ids = [r["id"] for r in api_client.get(list_url).json()["results"]]
        assert ids
        for id_ in ids:
            assert classify_id(id_)[1] == id_
            assert api_client.get(detail.format(id_)).json()["id"] == id_


def test_classify_id_keeps_other_kinds_apart():
    assert classify_id("docket:EPA-HQ-OAR-2003-0129")[0].name == "docket"
    assert classify_id("regdoc:faa-2018-1084-0418") == (
        classify_id("regdoc:FAA-2018-1084-0418")[0],
        "regdoc:FAA-2018-1084-0418",
    )
    assert classify_id("hearing:HMTG102252")[1] == "hearing:102252"
    assert classify_id("hr103-119")[1] == "hr:119:103"  # a bare bill alias is still a bill


@pytest.mark.django_db
def test_name_lookup_with_q(lda, regs, hearings, api_client):
    firms = api_client.get("/v1/lda-filings?q=patent fairness").json()["results"]
    assert firms[0]["id"] == "lda:ld2:multiple_added_affiliated" and firms[0]["score"] > 0
    alston = api_client.get("/v1/lda-filings?q=alston&form=LD-1").json()
    assert alston["pagination"]["total"] == 3
    assert {r["registrant_name"] for r in alston["results"]} == {"ALSTON & BIRD, LLP"}
    dockets = api_client.get("/v1/dockets?q=fuels additives").json()["results"]
    assert [d["id"] for d in dockets] == ["docket:EPA-HQ-OAR-2003-0129"] and dockets[0]["document_count"] == 2
    meetings = api_client.get("/v1/hearings?q=defense authorization").json()["results"]
    assert [h["id"] for h in meetings] == ["hearing:102252"]
    body = _error(api_client.get("/v1/lda-filings?q=alston&issue_code=TAX"), 400, "invalid_parameter")
    assert body["hint"]["conflicts"] == ["issue_code"]
