import json
import shutil
from datetime import UTC, datetime

import pytest

from apps.activity.models import Docket, RegulatoryAgency, RegulatoryDocument
from apps.core.services.ingest import run_ingest

from .conftest import ingest

FIELDS = ("title", "docket_type", "rin", "modified_at", "is_stub", "observed", "citation_string")
DOC_FIELDS = ("title", "fr_doc_num", "comment_count", "modified_at", "cfr_part", "is_stub", "docket_number")


@pytest.mark.django_db
def test_every_cassette_ingests(regs):
    assert (regs.files_total, regs.records, regs.status, regs.errors) == (44, 902, "success", [])
    assert RegulatoryAgency.objects.count() == 190
    assert Docket.objects.filter(is_stub=False).count() == 10
    assert Docket.objects.filter(is_stub=True).count() == 275  # known only from their documents' docketId
    assert RegulatoryDocument.objects.filter(kind="document").count() == 309
    assert RegulatoryDocument.objects.filter(kind="comment").count() == 26
    assert RegulatoryDocument.objects.exclude(fr_doc_num="").count() == 285


@pytest.mark.django_db
def test_epa_docket_and_its_documents(regs):
    d = Docket.objects.get(public_id="docket:EPA-HQ-OAR-2003-0129")
    assert d.title.startswith("Registration of Fuels and Fuels Additives")
    assert (d.agency_id, d.docket_type, d.short_title, d.program) == (
        "EPA",
        "Nonrulemaking",
        "ICR #0309.10",
        "HQ-OAR",
    )
    # Recorded three times (2020, Feb 2023, Oct 2023): the newest response that changed it wins.
    assert d.observed == "2023-02-02T01:52:47Z regulations_dot_gov_v4_supporting_documents.00.json"
    assert d.citation_string.startswith("EPA docket EPA-HQ-OAR-2003-0129, Registration of Fuels")
    docs = RegulatoryDocument.objects.filter(docket_number="EPA-HQ-OAR-2003-0129").order_by("document_number")
    assert [(x.public_id, x.title) for x in docs] == [
        ("regdoc:EPA-HQ-OAR-2003-0129-0001", "Supporting Statement for ICR# 0309.10"),
        ("regdoc:EPA-HQ-OAR-2003-0129-0002", "Form 83-I for ICR # 0309.10"),
    ]
    assert RegulatoryAgency.objects.get(acronym="EPA").name == "Environmental Protection Agency"


@pytest.mark.django_db
def test_rule_document_with_fr_link_cfr_and_files(regs):
    doc = RegulatoryDocument.objects.get(public_id="regdoc:FRTIB_FRDOC_0001-0319")
    assert (doc.document_type, doc.title, doc.fr_doc_num, doc.cfr_part) == (
        "Rule",
        "Availability of Records",
        "2020-22330",
        "5 CFR Part 1631",
    )
    assert doc.comment_end_at == datetime(2020, 11, 24, 4, 59, 59, tzinfo=UTC)
    assert doc.topics == ["Courts", "Freedom of Information", "Government Employees"]
    assert [f["format"] for f in doc.file_urls] == ["pdf", "htm"]
    assert str(doc.published_at) == "2020-10-22"


@pytest.mark.django_db
def test_one_fr_document_many_dockets_and_comment_counts(regs):
    docs = RegulatoryDocument.objects.filter(fr_doc_num="2022-28376").order_by("document_number")
    assert docs.count() == 9  # the joint faith-based rule, posted in nine agencies' dockets
    assert dict(docs.values_list("document_number", "comment_count"))["HHS_FRDOC_0001-0882"] == 3
    va = Docket.objects.get(docket_number="VA-2023-VACO-0006")
    assert (va.rin, va.docket_type) == ("2900-AR23", "Rulemaking")
    assert Docket.objects.get(docket_number="HHS_FRDOC_0001").rin == ""  # "Not Assigned"


@pytest.mark.django_db
def test_comments_and_a_count_without_its_document(regs):
    c = RegulatoryDocument.objects.get(public_id="regdoc:FAA-2018-1084-0418")
    assert (c.kind, c.title, c.docket_number, c.document_type) == (
        "comment",
        "Comment from Jeramie Scott",
        "FAA-2018-1084",
        "Public Submission",
    )
    assert c.source_url == "https://www.regulations.gov/comment/FAA-2018-1084-0418"
    stub = RegulatoryDocument.objects.get(document_number="HHS-OCR-2021-0006-0001")
    assert stub.is_stub and stub.comment_count == 1436


@pytest.mark.django_db
def test_reingest_is_all_noop(regs):
    again = ingest("regulations-dot-gov-dockets")
    assert (again.inserted, again.updated, again.noop, again.errors) == (0, 0, 902, [])


def _snapshot():
    return (
        {d.docket_number: tuple(getattr(d, f) for f in FIELDS) for d in Docket.objects.all()},
        {
            d.document_number: tuple(getattr(d, f) for f in DOC_FIELDS)
            for d in RegulatoryDocument.objects.all()
        },
    )


@pytest.fixture
def no_dockets(db):
    """The tests below ingest files of their own from an empty table: the package's sample dockets and
    documents are deleted first, inside the test's transaction (rolled back after it)."""
    RegulatoryDocument.objects.all().delete()
    Docket.objects.all().delete()


@pytest.mark.django_db
def test_file_order_does_not_matter(corpus, tmp_path, no_dockets):
    files = sorted((corpus / "regulations-gov").iterdir())
    for path in files:
        run_ingest(slug="regulations-dot-gov-dockets", paths=[path])
    forward = _snapshot()
    Docket.objects.all().delete()
    RegulatoryDocument.objects.all().delete()
    for path in reversed(files):
        run_ingest(slug="regulations-dot-gov-dockets", paths=[path])
    backward = _snapshot()
    assert forward[0].keys() == backward[0].keys() and forward[1].keys() == backward[1].keys()
    assert {k: v for k, v in forward[0].items() if v[:4] != backward[0][k][:4]} == {}
    assert {k: v for k, v in forward[1].items() if v[:5] != backward[1][k][:5]} == {}


@pytest.mark.django_db
def test_one_bad_item_of_a_page_is_quarantined_and_the_others_load(corpus, tmp_path, no_dockets):
    data = json.loads((corpus / "regulations-gov/regulations_dot_gov_v4_dockets.01.json").read_text())
    data["response"]["data"][1]["attributes"]["postedDate"] = "yesterday"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data))
    result = run_ingest(slug="regulations-dot-gov-dockets", paths=[bad])
    assert (result.status, result.errors) == ("partial", [])
    assert result.quarantined == [
        {
            "file": str(bad),
            "record": "EPA-HQ-OAR-2003-0129-0002",
            "field": "postedDate",
            "message": "'postedDate' is not an ISO timestamp: 'yesterday'",
        }
    ]
    good = data["response"]["data"][0]["id"]
    assert list(RegulatoryDocument.objects.values_list("document_number", flat=True)) == [good]
    # fixed and re-run, the quarantined item loads and the good one is unchanged
    data["response"]["data"][1]["attributes"]["postedDate"] = "2003-07-01T04:00:00Z"
    bad.write_text(json.dumps(data))
    again = run_ingest(slug="regulations-dot-gov-dockets", paths=[bad])
    assert (again.status, again.inserted, again.noop, again.quarantined) == ("success", 1, 1, [])


@pytest.mark.django_db
def test_unknown_type_and_bad_agency_csv(tmp_path, corpus):
    data = json.loads((corpus / "regulations-gov/regulations_dot_gov_v4_dockets.00.json").read_text())
    data["response"]["data"]["type"] = "agencies"
    bad = tmp_path / "type.json"
    bad.write_text(json.dumps(data))
    csv = tmp_path / "agencies.csv"
    shutil.copy(corpus / "regulations-gov/regulations_dot_gov_participating_agencies.csv", csv)
    csv.write_text(csv.read_text() + "bad acronym!,\n")
    result = run_ingest(slug="regulations-dot-gov-dockets", paths=[bad, csv])
    assert result.errors == []
    assert [(q["file"], q["record"], q["field"]) for q in result.quarantined] == [
        (str(bad), "EPA-HQ-OAR-2003-0129", "type"),
        (str(csv), "BAD ACRONYM!", "Acronym"),
    ]
    assert "unknown type 'agencies'" in result.quarantined[0]["message"]
    assert result.quarantined[1]["message"].startswith("line 192: expected Acronym,Agency")
    assert RegulatoryAgency.objects.count() == 190  # every good row of the CSV
