from collections import Counter
from datetime import date

import pytest

from apps.documents.models import ExecutiveOrder, FrCfrReference, FrDocket, FrDocument

pytestmark = pytest.mark.django_db


def test_issue_splits_into_96_documents():
    assert FrDocument.objects.count() == 96
    assert Counter(FrDocument.objects.values_list("doc_type", flat=True)) == {
        "RULE": 13,
        "PRORULE": 7,
        "NOTICE": 75,
        "PRESDOCU": 1,
    }
    assert set(FrDocument.objects.values_list("volume", "issue_number", "published_at")) == {
        (89, 29, date(2024, 2, 12))
    }


def test_rule_preamble_fields_and_citation():
    doc = FrDocument.objects.get(fr_id="fr:2024-02930")
    assert doc.doc_type == "RULE"
    assert doc.title == "Airworthiness Directives; The Boeing Company Airplanes"
    assert (doc.agency, doc.sub_agency) == ("DEPARTMENT OF TRANSPORTATION", "Federal Aviation Administration")
    assert doc.action == "Final rule; request for comments."
    assert doc.rins == ["2120-AA64"]
    assert doc.docket_ids == ["FAA-2024-0224"]
    assert doc.cfr_references == ["14 CFR Part 39"]
    assert (doc.start_page, doc.end_page) == (9741, 9743)
    assert doc.citation_string == "89 FR 9741 (2024-02-12)"
    assert doc.dates_text.startswith("This AD is effective February 12, 2024.")
    assert (doc.effective_on, doc.comments_close_on) == (date(2024, 2, 12), date(2024, 3, 28))
    assert doc.body.startswith("[[Page 9741]]\nDEPARTMENT OF TRANSPORTATION")
    assert "[[Page 9742]]" in doc.body


def test_multi_part_cfr_reference_and_page_range():
    doc = FrDocument.objects.get(document_number="2024-02705")
    assert doc.citation_string == "89 FR 9776 (2024-02-12)"
    assert (doc.start_page, doc.end_page) == (9776, 9784)
    assert list(doc.cfr_parts.order_by("id").values_list("title", "part"))[:3] == [
        (42, "405"),
        (42, "410"),
        (42, "411"),
    ]
    assert doc.cfr_parts.count() == 16


def test_presidential_document():
    doc = FrDocument.objects.get(doc_type="PRESDOCU")
    assert doc.fr_id == "fr:2024-02934"
    assert doc.title == "National Tribal Colleges and Universities Week, 2024"
    assert doc.action == "Proclamation 10701 of February 6, 2024"
    assert doc.citation_string.startswith("89 FR 9739")


def test_cross_links_dockets_and_cfr_parts():
    assert FrDocket.objects.count() == 24
    assert FrCfrReference.objects.count() == 36
    assert set(FrDocket.objects.filter(docket_id__startswith="FDA-").values_list("docket_id", flat=True)) == {
        "FDA-2019-N-1363",
        "FDA-2023-D-5303",
        "FDA-2023-D-4974",
        "FDA-2023-N-0119",
    }
    # SEC file numbers, FRL and project identifiers are not dockets
    assert not FrDocket.objects.filter(docket_id__startswith="SR-").exists()
    assert not FrDocket.objects.filter(docket_id__startswith="AD-").exists()


def test_executive_order_index():
    assert ExecutiveOrder.objects.count() == 733
    eo = ExecutiveOrder.objects.get(eo_id="eo:12890")
    assert (eo.fr_citation, eo.signing_date, eo.document_number) == (
        "59 FR 499",
        date(1993, 12, 30),
        "94-290",
    )
    assert eo.fr_document_id == "fr:94-290"
    assert eo.citation_string == "Executive Order 12890, 59 FR 499 (1993-12-30)"
    multi = ExecutiveOrder.objects.get(number=12892)
    assert multi.notes.splitlines()[0] == "Amends: EO 11063, November 20, 1962"
    assert ExecutiveOrder.objects.filter(fr_citation="").count() == 679


def test_structured_dates_from_the_dates_paragraph():
    assert FrDocument.objects.exclude(effective_on=None).count() == 16
    assert FrDocument.objects.exclude(comments_close_on=None).count() == 35
    timed = FrDocument.objects.get(
        document_number="2024-02701"
    )  # "effective from 10:30 a.m. ... on February 10"
    assert timed.effective_on == date(2024, 2, 10)
    placeholder = FrDocument.objects.get(document_number="2024-02590")  # "[insert date 60 days after ...]"
    assert placeholder.comments_close_on is None
    assert (
        "[insert date 60 days after date of publication in the Federal Register ]" in placeholder.dates_text
    )
