from collections import Counter
from datetime import date
from pathlib import Path

import pytest

from apps.documents.models import BillMention, CrsCatalogEntry, CrsReport
from apps.documents.parsers import crs

pytestmark = pytest.mark.django_db


def test_crs_counts_by_product_type():
    assert CrsReport.objects.count() == 74
    assert Counter(CrsReport.objects.values_list("product_type", flat=True)) == {
        "in_focus": 30,
        "report": 28,
        "insight": 11,
        "legal_sidebar": 5,
    }
    assert CrsCatalogEntry.objects.count() == 67


def test_insight_header_chrome_and_citation():
    report = CrsReport.objects.get(crs_id="crs:IN12680")
    assert report.product_number == "IN12680"
    assert report.version == 1
    assert report.title == "Recent Regulatory Changes to Bank Capital Requirements"
    assert report.published_at == date(2026, 4, 14)
    assert report.authors == ["Labonte, Marc", "Scott, Andrew P."]  # from the page's authors table
    assert report.citation_string == (
        "CRS Insight IN12680, Recent Regulatory Changes to Bank Capital Requirements (2026-04-14)"
    )
    assert report.source_url == "https://www.congress.gov/crs-product/IN12680"
    assert report.congress == 119
    # page chrome (breadcrumbs, Download PDF, Listen) is gone; links are reduced to their text
    assert report.body.startswith("Capital requirements are one of the primary ways banks are regulated")
    assert "(For background, see CRS Report R47447, Bank Capital Requirements: A Primer" in report.body
    for chrome in ("[Citation]", "Download PDF", "readspeaker", "Disclaimer:", "](http"):
        assert chrome not in report.body


def test_old_style_number_without_version():
    report = CrsReport.objects.get(crs_id="crs:98-317")
    assert (report.version, report.product_type, report.title) == (
        None,
        "report",
        "Types of Committee Hearings",
    )
    assert report.authors == ["Heitshusen, Valerie"]
    assert report.topics == ["Congressional Administration & Elections", "Legislative & Budget Process"]
    assert report.citation_string == "CRS Report 98-317, Types of Committee Hearings (2026-04-13)"
    assert report.body.startswith(
        "Congressional committee hearings may be broadly classified into four types"
    )


def test_header_without_product_type_reads_the_page_table():
    report = CrsReport.objects.get(crs_id="crs:IF10491")
    assert (report.product_type, report.version) == ("in_focus", 14)
    assert report.published_at == date(2026, 4, 10)
    assert report.authors == ["Tupuola, Jared G."]
    assert report.topics == ["Foreign Affairs"]


def test_catalog_rows_keep_products_without_text():
    row = CrsCatalogEntry.objects.get(catalog_file="2026-04-15.csv", product_number="R46991")
    assert row.title.startswith("Economic Development Administration: An Overview of Programs")
    assert not CrsReport.objects.filter(product_number="R46991").exists()
    assert CrsCatalogEntry.objects.filter(product_number="98-317").exists()


def test_bills_cited_by_crs_products():
    mentions = set(BillMention.objects.filter(document_id="crs:IF12255").values_list("mention", "bill_id"))
    assert mentions == {("H.R. 1", "hr:119:1"), ("H.R. 7567", "hr:119:7567")}
    # a sentence naming another Congress wins over the publication date's Congress
    assert BillMention.objects.filter(document_id="crs:R46646", bill_id="hr:117:1").exists()
    # 238: "U.S. 15-point plan" is not the bill S. 15 (core ids lookbehind).
    assert BillMention.objects.filter(source="crs-reports").count() == 238


def test_crs_products_cited_in_the_text():
    assert CrsReport.objects.get(crs_id="crs:IN12680").cited_products == ["crs:R47447"]
    assert sum(len(ids) for ids in CrsReport.objects.values_list("cited_products", flat=True)) == 325
    assert all("crs:98-317" != i for i in CrsReport.objects.get(crs_id="crs:98-317").cited_products)


CRS_CORPUS = Path(__file__).resolve().parents[2] / "corpus" / "crs"


def test_the_jump_to_main_text_link_is_dropped_from_every_sample_report():
    """EveryCRSReport puts a skip link under a long report's title: page chrome, kept out of body and snippets."""
    with_link = sorted(p for p in CRS_CORPUS.rglob("*.md") if "Jump to Main Text of Report" in p.read_text())
    assert len(with_link) == 22  # the sample's long reports
    for path in with_link:
        [record] = crs.parse(path)
        assert "Jump to Main Text" not in record.body, path.name
        assert not record.body.startswith("---"), path.name
    report = CrsReport.objects.get(crs_id="crs:R48913")
    assert report.body.startswith("# Contents\n\n- Introduction\n")
    assert not CrsReport.objects.filter(body__contains="Jump to Main Text").exists()
