"""topic-taxonomy counts and the bills data-quality report (selector + admin view)."""

import pytest

from apps.bills.models import CboCostEstimate, CommitteeReport, Topic
from apps.bills.selectors.quality import bills_data_quality

pytestmark = pytest.mark.django_db


def test_topic_vocabulary_with_counts(bills_sample):
    assert bills_sample["topic-taxonomy"].errors == []
    assert (
        Topic.objects.filter(kind="policy-area").count(),
        Topic.objects.filter(kind="subject").count(),
    ) == (12, 447)
    top = list(Topic.objects.order_by("-bill_count", "name").values_list("topic_id", "bill_count")[:2])
    assert top == [
        ("topic:subject:administrative-law-and-regulatory-procedures", 9),
        ("topic:subject:congressional-oversight", 8),
    ]


def test_cbo_estimates_and_committee_reports_named_by_billstatus(bills_sample):
    assert (bills_sample["cbo-cost-estimates"].inserted, bills_sample["committee-reports"].inserted) == (
        16,
        5,
    )
    est = CboCostEstimate.objects.get(url="https://www.cbo.gov/publication/50139")
    assert (est.bill.bill_id, est.title, str(est.published_at), est.body) == (
        "hr:114:1531",
        "H.R. 1531, Land Management Workforce Flexibility Act",
        "2015-04-27",
        "",
    )
    report = CommitteeReport.objects.get(citation="H. Rept. 117-118,Part 2")
    assert (report.report_type, report.congress, report.number, report.part) == ("hrpt", 117, 118, 2)
    assert (
        report.source_url == "https://www.congress.gov/congressional-report/117th-congress/house-report/118/2"
    )


def test_data_quality_report():
    report = bills_data_quality()
    assert report.bills == 72
    assert len(report.text_only) == 52  # bills known only from USLM text: no sponsor, no actions
    assert set(report.missing_sponsor) == set(report.missing_actions) == set(report.text_only)
    assert len(report.missing_text) == 20  # no sample BILLSTATUS bill has its text in the sample
    assert "hjres:119:24" in report.missing_text
    sponsors = {m.id: m.bills_sponsored for m in report.unresolved_members if m.bills_sponsored}
    assert sponsors["S001168"] == ["hr:117:1"]  # Sarbanes: left Congress, not in legislators-current
    assert "house:114:2015:128" in report.unlinked_votes  # no 114th-Congress vote files in the sample


def test_admin_pages_render(admin_client, django_assert_max_num_queries):
    response = admin_client.get("/admin/bills/bill/data-quality/")
    assert response.status_code == 200
    assert b"Member ids that could not be resolved" in response.content
    assert b"S001168" in response.content
    from apps.bills.models import Bill

    pk = Bill.objects.get(bill_id="hr:117:1").pk
    # The sample's largest bill: 223 cosponsors, each showing its legislator, read with the rows (it was
    # a query per cosponsor).
    with django_assert_max_num_queries(20):
        assert admin_client.get(f"/admin/bills/bill/{pk}/change/").status_code == 200
    assert admin_client.get("/admin/bills/bill/add/").status_code == 403


def test_admin_change_page_shows_every_field_after_an_xml_help_text(admin_client):
    # help texts name XML elements ("BILLSTATUS <title>"): escaped, or the browser reads a <title> tag that
    # swallows the rest of the page (sponsor, policy area, summary, cosponsors, actions ...)
    from apps.bills.models import Bill

    bill = Bill.objects.get(bill_id="hjres:119:24")
    page = admin_client.get(f"/admin/bills/bill/{bill.pk}/change/").content.decode()
    assert "BILLSTATUS &lt;title&gt;" in page and "<title>)" not in page
    assert page.count("<title>") == 1  # the page's own
    for label in ("Sponsor", "Policy area", "Summary"):
        assert label in page, label
