"""public-laws (slip laws, compilations) and statements-of-administration-policy over the real files."""

import pytest

from apps.bills.models import PublicLaw, Sap, SapBill

pytestmark = pytest.mark.django_db


def test_slip_laws_carry_statutes_citation_originating_bill_and_date(bills_sample):
    result = bills_sample["public-laws"]
    assert (result.status, result.files_total, result.records, result.errors) == ("success", 15, 7, [])
    rows = PublicLaw.objects.exclude(source_file="").order_by("law_id")
    assert [(r.law_id, r.statutes_citation, r.bill_id, str(r.enacted_date)) for r in rows] == [
        ("comps:339", "", "", "1995-03-22"),
        ("pl:113:44", "127 Stat. 555", "hjres:113:91", "2013-10-10"),
        ("pl:113:67", "127 Stat. 1165", "hjres:113:59", "2013-12-26"),
        ("pl:114:4", "129 Stat. 39", "hr:114:240", "2015-03-04"),
        ("pl:115:11", "131 Stat. 75", "hjres:115:37", "2017-03-27"),
        ("pl:115:6", "131 Stat. 11", "hr:115:255", "2017-02-28"),
        ("pl:115:7", "131 Stat. 13", "hr:115:321", "2017-02-28"),
    ]
    law = PublicLaw.objects.get(law_id="pl:115:6")
    assert law.short_title == "Promoting Women in Entrepreneurship Act"
    assert law.sections[0] == {"num": "SECTION 1.", "heading": "SHORT TITLE.", "identifier": ""}
    assert "SEC. 3. SUPPORTING WOMEN’S ENTREPRENEURIAL PROGRAMS." in law.body


def test_statute_compilation():
    comp = PublicLaw.objects.get(law_id="comps:339")
    assert (comp.kind, comp.title, comp.citable_as) == (
        "compilation",
        "UNFUNDED MANDATES REFORM ACT OF 1995",
        ["Public Law 104-4, as amended"],
    )
    assert comp.sections[0]["identifier"] == "/us/sComp/104/4/s1"


def test_a_sap_covering_two_bills_is_linked_to_each(bills_sample):
    result = bills_sample["statements-of-administration-policy"]
    assert (result.status, result.files_total, result.errors) == ("success", 3, [])
    sap = Sap.objects.get(sap_id="sap:2025-04-03_sjres26_sjres33")
    assert list(sap.bills.values_list("bill_id", flat=True)) == ["sjres:119:26", "sjres:119:33"]
    assert (sap.chamber, sap.position, str(sap.date_issued)) == (
        "Senate",
        "veto",
        "2025-04-03",
    )  # "would recommend he veto"
    for bill_id in ("sjres:119:26", "sjres:119:33"):
        assert list(SapBill.objects.filter(bill_id=bill_id).values_list("sap__sap_id", flat=True)) == [
            sap.sap_id
        ]


def test_a_second_bill_named_only_in_the_title_is_linked_too():
    # metadata: bills [hjres24]; title: "H.J. Res. 24 – ..., H.J. Res. 26 – ..."
    sap = Sap.objects.get(sap_id="sap:2023-02-06_hjres24")
    assert list(sap.bills.values_list("bill_id", "raw")) == [
        ("hjres:118:24", "hjres24"),
        ("hjres:118:26", "H.J. Res. 26"),
    ]


def test_sap_text_and_position():
    sap = Sap.objects.get(sap_id="sap:2025-03-27_hjres24")
    assert (sap.chamber, sap.position, sap.bill_id, sap.congress) == (
        "House",
        "strongly_supports",  # "The Administration strongly supports passage of H.J. Res. 24"
        "hjres:119:24",
        119,
    )
    assert sap.body.startswith("EXECUTIVE OFFICE OF THE PRESIDENT\nOFFICE OF MANAGEMENT AND BUDGET")
    # 45-Trump statements have metadata but no text in the sample; their body is empty, not invented
    assert (
        Sap.objects.filter(administration="45-Trump", body="").count()
        == Sap.objects.filter(administration="45-Trump").count()
    )


def test_a_text_only_bill_shows_the_law_that_names_it(api_client):
    # H.R. 255 (115th) has no BILLSTATUS file in the sample; Pub. L. 115-6 names it as its bill
    bill = api_client.get("/v1/bills/hr:115:255").json()
    assert bill["laws"] == ["pl:115:6"]
    assert bill["law_refs"] == [{"id": "pl:115:6", "type": "Public Law", "number": "115-6"}]
    assert bill["body_version"] == "enr"
