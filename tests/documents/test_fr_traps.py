"""Federal Register traps met on real issues beyond the sample, fixed by the rules GPO and the agencies follow.

Cases: a Presidential document starts on the page after its "Title 3— The President" running head (GPO's
PRTPAGE inside that head), not on the page before it in the file (the real issue lists Presidential documents
after the Notices) nor on a Part's cover page (the layout GPO documents for a Presidential document printed as
its own Part; built here around the real proclamation); a document beginning mid-page starts on the page
before its first page break; NOAA's five-character X-series RINs (0648-XE570) are RINs; every hyphenated
docket id in the real regulations.gov responses is read from a DEPDOC ("[Docket ID DOD-2022-OS-0033]").
"""

import copy
import re

import pytest
from lxml import etree

from apps.documents.parsers import fr
from tests.conftest import CORPUS

ISSUE = CORPUS / "federal-register/FR-2024-02-12.xml"


def _without_contents(tmp_path, edit=None):
    """The real issue without its table of contents (the listing the pages otherwise come from)."""
    tree = etree.parse(str(ISSUE))
    root = tree.getroot()
    root.remove(root.find("CNTNTS"))
    if edit:
        edit(root)
    out = tmp_path / ISSUE.name
    tree.write(str(out), xml_declaration=True, encoding="utf-8")
    return out


def _pages(path) -> dict[str, tuple[int, int]]:
    return {r.document_number: (r.start_page, r.end_page) for r in fr.parse(path)}


def test_presidential_document_starts_after_its_running_head_not_on_the_page_before_it_in_the_file(tmp_path):
    listed = _pages(ISSUE)
    assert listed["2024-02934"] == (9739, 9740)  # the issue's own table of contents
    computed = _pages(_without_contents(tmp_path))
    # In the file the proclamation follows the Notices (last page 9918); its page is the one its head opens.
    assert computed["2024-02934"] == (9739, 9740)
    # A document opening with a page break starts on it, whatever the contents say or do not say.
    for number in ("2024-02930", "2024-02705"):
        assert computed[number][0] == listed[number][0]


def test_presidential_document_printed_as_a_part_starts_after_the_cover_page(tmp_path):
    def as_own_part(root):
        # GPO's documented layout: NEWPART > PTITLE (the cover page: PRTPAGE, PARTNO, PRES) > PRESDOCS.
        presdocs = root.find("PRESDOCS")
        part = etree.SubElement(root, "NEWPART")
        ptitle = etree.SubElement(part, "PTITLE")
        etree.SubElement(ptitle, "PRTPAGE", P="9737")
        etree.SubElement(ptitle, "PARTNO").text = "Part IV"
        etree.SubElement(ptitle, "PRES").text = "The President"
        part.append(copy.deepcopy(presdocs))
        root.remove(presdocs)

    assert _pages(_without_contents(tmp_path, as_own_part))["2024-02934"] == (9739, 9740)


def test_a_document_beginning_mid_page_starts_on_the_page_before_its_first_page_break(tmp_path):
    root = etree.parse(str(ISSUE)).getroot()
    assert "2024-02816" not in fr._contents_pages(root)  # a real FERC notice the contents do not list
    doc = next(el for el in root.iter("NOTICE") if "2024-02816" in "".join(el.find(".//FRDOC").itertext()))
    first_break = int(next(doc.iter("PRTPAGE")).get("P"))
    assert fr._leading_page(doc) is None  # text comes before its first page break: it begins mid-page
    assert _pages(ISSUE)["2024-02816"][0] == first_break - 1


def test_noaa_x_series_rins_are_rins():
    assert fr.rins("RIN 0648-XE570") == ["0648-XE570"]
    assert fr.rins("RIN 0648-BM78; RIN 1625-AA00 RIN 0648-BM78") == ["0648-BM78", "1625-AA00"]
    # NOAA's real X-series tracking ids (DEPDOC "[RTID 0648-XD718]" in the real issue) have the same shape.
    noaa = re.findall(r"RTID (\S+?)\]", ISSUE.read_text(encoding="utf-8"))
    assert len(noaa) == 7
    assert [fr.rins(f"RIN {rtid}") for rtid in noaa] == [[rtid] for rtid in noaa]


def _regulations_gov_docket_ids() -> list[str]:
    ids = set()
    for path in (CORPUS / "regulations-gov").glob("*.json"):
        ids.update(re.findall(r'"docketId":\s*"([A-Z][A-Za-z0-9-]+)"', path.read_text(encoding="utf-8")))
    return sorted(ids)


@pytest.mark.parametrize("label", ["Docket ID", "Docket No.", "Docket ID:"])
def test_every_real_regulations_gov_docket_id_is_read_from_a_depdoc(label):
    ids = _regulations_gov_docket_ids()
    assert len(ids) == 191
    assert {"DOD-2022-OS-0033", "ED-2022-IES-0046", "FWS-R6-ES-2022-0136", "RUS-22-ELECTRIC-0060"} <= set(ids)
    assert [fr.docket_ids(f"[{label} {docket}]") for docket in ids] == [[docket] for docket in ids]


def test_docket_ids_of_the_shapes_the_issue_met():
    assert fr.docket_ids("[Docket ID DOD-2016-OS-0041]") == ["DOD-2016-OS-0041"]
    assert fr.docket_ids("[Docket ID ED-2016-ICCD-0109]") == ["ED-2016-ICCD-0109"]
    assert fr.docket_ids("[Docket No. FWS-R1-ES-2016-N045; FXES11130100000-167-FF01E00000]") == [
        "FWS-R1-ES-2016-N045"
    ]
    # Not dockets: agency file numbers, FRL numbers, project identifiers (the real issue's DEPDOCs).
    assert fr.docket_ids("[EPA-HQ-OPP-2021-0781; FRL-11563-01-OCSPP]") == ["EPA-HQ-OPP-2021-0781"]
    assert fr.docket_ids("[CMS-1784-F2]") == []
    assert fr.docket_ids("[Docket No. FAA-2024-0224; Project Identifier AD-2024-00055-T]") == [
        "FAA-2024-0224"
    ]
