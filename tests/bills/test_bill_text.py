"""bill-text: USLM versions tied to bill + version code from the file's metadata, readable text that keeps
section numbers and headings, the bill's body = its latest version, minimal bills for text-only bills."""

import pytest

from apps.bills.models import Bill, BillTextVersion
from apps.bills.parsing.billtext import parse_bill_text

pytestmark = pytest.mark.django_db


def test_every_sample_text_ingests(bills_sample):
    result = bills_sample["bill-text"]
    # 51 bill-text files + 8 enrolled bills beside the slip laws; the 6 law files there are skipped
    assert (result.status, result.files_total, result.records, result.errors) == ("success", 65, 59, [])
    assert BillTextVersion.objects.exclude(text="").count() == 59


def test_bill_and_version_are_read_from_the_file_not_its_name(corpus):
    (rec,) = parse_bill_text(corpus / "bill-text-uslm/H1000_IH.XML")
    assert (rec.bill_id, rec.version_code, rec.version_name, str(rec.date)) == (
        "hr:116:1000",
        "ih",
        "Introduced in House",
        "2019-02-06",
    )
    # enrolled bills have no <citableAs>: dc:type + docNumber + congress + docStage
    (enr,) = parse_bill_text(corpus / "public-laws-uslm/113hjres91enr_good.xml")
    assert (enr.bill_id, enr.version_code) == ("hjres:113:91", "enr")
    # an engrossed amendment keeps its meta in <amendMeta>
    (eas,) = parse_bill_text(corpus / "bill-text-uslm/BILLS-116hr1865eas.xml")
    assert (eas.bill_id, eas.version_code) == ("hr:116:1865", "eas")
    assert parse_bill_text(corpus / "public-laws-uslm/113publ44-uslm.xml") == []  # a law: public-laws' file


def test_uslm_section_headings_and_numbering_survive():
    version = BillTextVersion.objects.get(bill__bill_id="hr:116:1000", version_code="ih")
    assert version.sections[:2] == [
        {
            "num": "SECTION 1.",
            "heading": "SHORT TITLE; TABLE OF CONTENTS.",
            "identifier": "/us/bill/116/hr/1000/s1",
        },
        {"num": "SEC. 2.", "heading": "FINDINGS AND PURPOSES.", "identifier": "/us/bill/116/hr/1000/s2"},
    ]
    lines = version.text.splitlines()
    assert lines[:4] == [
        "A BILL",
        "To establish a National Full Employment Trust Fund to create employment opportunities for the "
        "unemployed, and for other purposes.",
        "Be it enacted by the Senate and House of Representatives of the United States of America in Congress "
        "assembled,",
        "SECTION 1. SHORT TITLE; TABLE OF CONTENTS.",
    ]
    assert lines[4].startswith(
        "  (a) Short Title.—This Act may be cited as the “Humphrey-Hawkins 21st Century"
    )
    assert "    (1) The Federal Government has established the achievement of full employment" in version.text


def test_body_is_the_latest_version_and_text_only_bills_get_a_minimal_record():
    bill = Bill.objects.get(bill_id="hr:116:1058")  # RDS (Received in Senate) and ENR
    assert (bill.status_source, bill.body_version) == ("uslm", "enr")
    assert bill.body == BillTextVersion.objects.get(bill=bill, version_code="enr").text
    assert bill.title.startswith("To amend the Public Health Service Act")
    assert (bill.sponsor_id, bill.citation_string) == (None, "H.R. 1058, 116th Congress")
    assert Bill.objects.filter(status_source="uslm").count() == 52


def test_billstatus_after_text_completes_the_minimal_bill(corpus, tmp_path):
    from apps.core.services.ingest import run_ingest

    # a BILLSTATUS file for a bill first seen through its text (the 116th H.R. 1058), built from a real one
    text = (corpus / "bill-status/v3-119th/BILLSTATUS-119hjres24.xml").read_text()
    text = text.replace("<number>24</number>", "<number>1058</number>", 1).replace(
        "<type>HJRES</type>", "<type>HR</type>", 1
    )
    text = text.replace("<congress>119</congress>", "<congress>116</congress>", 1)
    path = tmp_path / "BILLSTATUS-116hr1058.xml"
    path.write_text(text)
    assert run_ingest(slug="bills", paths=[path]).updated == 1
    bill = Bill.objects.get(bill_id="hr:116:1058")
    assert (bill.status_source, bill.sponsor_ref, bill.body_version) == ("v3", "B000740", "enr")
    assert bill.body == BillTextVersion.objects.get(bill=bill, version_code="enr").text  # the text is kept
    assert bill.title.startswith("Providing for congressional disapproval")  # BILLSTATUS's title now
