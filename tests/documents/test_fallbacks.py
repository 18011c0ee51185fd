"""Paths the sample does not exercise: catalog fallback for CRS topics, the older USLM namespace."""

import pytest

from apps.core.services.ingest import run_ingest
from apps.documents.models import CrsReport, UscSection

pytestmark = pytest.mark.django_db

CATALOG = """Product Number,Title,URL,Publication Date,Author(s),Topic(s)
R99001,A Test Report,https://www.congress.gov/crs-product/R99001,04/01/2026,"Doe, Jane",Energy; Trade
"""

REPORT = """# A Test Report

**Product Type:** Reports
**Report No.:** R99001
**Version:** 3
**Publication Date:** 04/01/2026
**Source:** https://www.congress.gov/crs-product/R99001

---
[Home](https://crsreports.congress.gov/) > R99001

[Listen](https://example.invalid)A Test ReportApril 1, 2026 (R99001)

The report cites H.R. 12 and CRS Report R48916.
"""

OLD_USLM = """<?xml version="1.0"?>
<uscDoc xmlns="http://xml.house.gov/schemas/uslm/1.0" identifier="/us/usc/t52"><meta><processedDate>2019-01-01</processedDate></meta>
<main><title identifier="/us/usc/t52"><chapter identifier="/us/usc/t52/ch101"><num value="101">CHAPTER 101—</num>
<heading>VOTING RIGHTS</heading>
<section identifier="/us/usc/t52/s10101"><num value="10101">§ 10101.</num><heading>Voting rights of citizens</heading>
<subsection identifier="/us/usc/t52/s10101/a"><num value="a">(a)</num><content>All citizens shall be entitled to vote.</content></subsection>
<notes><note><heading>Codification</heading><p>Section was formerly classified to section 1971 of Title 42.</p></note></notes>
</section></chapter></title></main></uscDoc>
"""


def test_crs_topics_and_authors_fall_back_to_the_catalog(tmp_path):
    (tmp_path / "catalog-csv").mkdir()
    (tmp_path / "catalog-csv" / "2026-04-01.csv").write_text(CATALOG, encoding="utf-8")
    (tmp_path / "reports").mkdir()
    (tmp_path / "reports" / "R99001v3-a-test-report.md").write_text(REPORT, encoding="utf-8")
    result = run_ingest(slug="crs-reports", paths=[tmp_path])
    assert (result.errors, result.inserted) == ([], 2)
    report = CrsReport.objects.get(crs_id="crs:R99001")
    assert (report.authors, report.topics, report.version) == (["Doe, Jane"], ["Energy", "Trade"], 3)
    assert report.body == "The report cites H.R. 12 and CRS Report R48916."
    assert report.cited_products == ["crs:R48916"]


def test_older_uslm_namespace(tmp_path):
    path = tmp_path / "usc52.xml"
    path.write_text(OLD_USLM, encoding="utf-8")
    assert run_ingest(slug="us-code", paths=[path]).errors == []
    section = UscSection.objects.get(usc_id="usc:52:10101")
    assert (section.citation_string, section.chapter, section.chapter_heading) == (
        "52 U.S.C. 10101",
        "101",
        "VOTING RIGHTS",
    )
    assert section.body == "(a) All citizens shall be entitled to vote."
    assert section.notes == "Codification\nSection was formerly classified to section 1971 of Title 42."
    assert section.published_at.isoformat() == "2019-01-01"
