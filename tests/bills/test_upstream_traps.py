"""Bill-side traps met on real upstream files, each fixed by the publisher's own rule.

Cases: the Library of Congress's copies of actions ("Resolving differences -- House actions: ...", and a copy
whose only difference is the space before a parenthetical) merge with the chamber's own action (real
BILLSTATUS files); a statement's text without a metadata entry is read alone, its bill and date from its file
name and bill line, and a text the metadata lists stays the metadata's (real SAP text); USLM sections without
num or heading stay in the section list (real slip law and resolution); a "Pre-Introduced" bill text without
citableAs is identified from dc:title or its file name (no real pre-introduced USLM file could be found: the
case is built from a real joint resolution reshaped as GPO names pre-introduced stages).
"""

import shutil
from datetime import date

import pytest
from lxml import etree

from apps.bills.models import Sap
from apps.bills.parsing.billstatus import parse_billstatus
from apps.bills.parsing.billtext import parse_bill_text
from apps.bills.parsing.laws import parse_public_law
from apps.bills.parsing.saps import parse_sap, parse_sap_text
from apps.core.services.ingest import run_ingest
from tests.conftest import CORPUS

SAP_TEXT = CORPUS / "saps/text/47-Trump/119/2025-06-10_sjres54.txt"


def test_a_copy_differing_only_in_the_space_before_a_parenthetical_is_one_action():
    rec = parse_billstatus(CORPUS / "bill-status/legacy-v1/BILLSTATUS-114sres105.xml")
    discharged = [a for a in rec.actions if "discharged by Unanimous Consent" in a.text]
    # The file has "Consent. (consideration: ...)" and "Consent.(consideration: ...)": one event.
    assert len(discharged) == 1
    assert [(a.text, a.source_systems) for a in rec.actions if a.text][2:] == [
        (
            "Senate Committee on Foreign Relations discharged by Unanimous Consent. (consideration: CR 3/26/2015 "
            "S2088)",
            "Library of Congress, Senate",
        ),
        (
            "Passed/agreed to in Senate: Resolution agreed to in Senate without amendment and with a preamble by "
            "Unanimous Consent.",
            "Library of Congress, Senate",
        ),
    ]


def test_resolving_differences_copies_merge_with_the_house_floor_action():
    rec = parse_billstatus(CORPUS / "bill-status/v3/BILLSTATUS-117hr2471.xml")
    voice = [
        a
        for a in rec.actions
        if "agree with an amendment to the Senate amendment Agreed to by voice" in a.text
    ]
    assert [(a.action_date, a.action_time, a.source_systems) for a in voice] == [
        (date(2022, 3, 9), "22:50:51", "Library of Congress, House floor actions")
    ]
    resolving = [a for a in rec.actions if a.text.startswith("Resolving differences")]
    assert len(resolving) == 4
    assert all("," in a.source_systems for a in resolving)  # each merged with its chamber's own copy


def test_a_sap_text_without_metadata_is_read_from_its_name_and_bill_line(tmp_path):
    folder = tmp_path / "47-Trump" / "119"
    folder.mkdir(parents=True)
    text = shutil.copy(SAP_TEXT, folder / SAP_TEXT.name)
    (rec,) = parse_sap_text(text)
    assert (rec.sap_id, rec.administration, rec.congress, rec.date_issued) == (
        "sap:2025-06-10_sjres54",
        "47-Trump",
        119,
        date(2025, 6, 10),
    )
    assert rec.title == (
        "S.J. Res. 54 – Providing for Congressional Disapproval of Proposed Foreign Military Sales "
        "to the United Arab Emirates of Certain Defense Articles"
    )
    assert (rec.bill_ids, rec.chamber, rec.position) == (["sjres:119:54"], "Senate", "veto")
    assert rec.body.startswith("EXECUTIVE OFFICE OF THE PRESIDENT")


def test_a_sap_text_the_metadata_lists_is_the_metadata_record():
    assert parse_sap(SAP_TEXT) == []  # saps/metadata/47-Trump.yaml lists it


@pytest.mark.django_db
def test_a_folder_of_sap_texts_ingests_and_reingests_unchanged(tmp_path):
    shutil.copy(SAP_TEXT, tmp_path / SAP_TEXT.name)
    first = run_ingest(slug="statements-of-administration-policy", paths=[tmp_path])
    # (the package's sample already holds this statement from the metadata: the text alone updates it)
    assert (first.status, first.files_total, first.records, first.errors) == ("success", 1, 1, [])
    sap = Sap.objects.get(sap_id="sap:2025-06-10_sjres54")
    assert (sap.position, sap.congress, sap.administration) == ("veto", 119, "")  # congress from the date
    again = run_ingest(slug="statements-of-administration-policy", paths=[tmp_path])
    assert (again.inserted, again.updated, again.noop) == (0, 0, 1)


def test_undesignated_first_section_is_kept():
    (law,) = parse_public_law(CORPUS / "public-laws-uslm/113publ44-uslm.xml")
    assert [s["num"] for s in law.sections] == [
        "",
        "Sec. 101.",
        "Sec. 102.",
        "Sec. 103.",
        "Sec. 104.",
        "Sec. 105.",
        "Sec. 106.",
    ]
    (resolution,) = parse_bill_text(CORPUS / "bill-text-uslm/SJ10_IS.XML")
    assert resolution.sections == [{"num": "", "heading": "", "identifier": ""}]


def _pre_introduced(tmp_path, name: str, dc_title: bool):
    """HJ106_IH reshaped as a pre-introduced draft: no citableAs, docStage "Pre-Introduced"."""
    tree = etree.parse(str(CORPUS / "bill-text-uslm/HJ106_IH.XML"))
    meta = tree.getroot().find("{*}meta")
    for el in meta.findall("{*}citableAs"):
        meta.remove(el)
    meta.find("{*}docStage").text = "Pre-Introduced"
    title = meta.find("{http://purl.org/dc/elements/1.1/}title")
    title.text = (
        title.text.replace("116 HJRES 106 IH:", "116 HJRES 106 PIH:")
        if dc_title
        else "Proposing an amendment"
    )
    out = tmp_path / name
    tree.write(str(out), xml_declaration=True, encoding="utf-8")
    return out


@pytest.mark.parametrize(("name", "dc_title"), [("HJ106_PIH.xml", True), ("BILLS-116hjres106pih.xml", False)])
def test_pre_introduced_text_without_citable_as_is_named_by_dc_title_or_file_name(tmp_path, name, dc_title):
    (rec,) = parse_bill_text(_pre_introduced(tmp_path, name, dc_title))
    assert (rec.bill_id, rec.version_code, rec.version_name, rec.package_id) == (
        "hjres:116:106",
        "pih",
        "Pre-Introduced",
        "BILLS-116hjres106pih",
    )
