from datetime import date

import pytest

from apps.documents.models import BillMention, GaoReport

pytestmark = pytest.mark.django_db


def test_gao_counts():
    assert GaoReport.objects.count() == 24
    assert GaoReport.objects.exclude(highlights="").count() == 18
    assert GaoReport.objects.exclude(recommendations="").count() == 12


def test_gao_report_fields_and_citation():
    report = GaoReport.objects.get(gao_id="gao:GAO-26-108653")
    assert (
        report.title
        == "Senate Office of Public Records Revolving Fund: Procedures Related to FY 2024 Receipts"
    )
    assert report.published_at == date(2026, 3, 12)
    assert report.citation_string == (
        "GAO, Senate Office of Public Records Revolving Fund: Procedures Related to FY 2024 Receipts, "
        "GAO-26-108653 (2026-03-12)"
    )
    assert report.source_url == "https://www.gao.gov/products/gao-26-108653"
    assert report.body.startswith("The procedures we agreed to perform were related to the Senate Office")
    assert "Page 2 GAO-26-108653" not in report.body  # PDF running heads are dropped


def test_highlights_and_recommendations_are_kept_apart():
    report = GaoReport.objects.get(report_number="GAO-26-107759")
    assert report.highlights.startswith("### What GAO Found")
    assert "### Why GAO Did This Study" in report.highlights
    assert report.recommendations.startswith("GAO recommends that OSTP, in")
    assert report.recommendations.endswith("disagreed with GAO’s recommendation.")
    assert "What GAO Found" not in report.body


def test_older_report_congress_and_bills():
    report = GaoReport.objects.get(report_number="GAO-05-927")
    assert (report.published_at, report.congress) == (date(2005, 9, 1), 109)
    assert set(
        BillMention.objects.filter(document_id="gao:GAO-26-108685").values_list("bill_id", flat=True)
    ) >= {"s:119:1875"}


def test_gao_products_cited_in_the_text():
    cited = GaoReport.objects.get(report_number="GAO-26-107759").cited_products
    assert cited[:2] == ["gao:GAO-21-288", "gao:GAO-25-107703"]
    assert "gao:GAO-26-107759" not in cited
    assert sum(len(ids) for ids in GaoReport.objects.values_list("cited_products", flat=True)) == 200
