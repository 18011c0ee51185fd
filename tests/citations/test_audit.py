"""Citations over every sample: each record dated (or its type exempt, with the publisher's reason) and its
URL in the publisher's scheme; ``manage.py audit_citations`` fails on the first row that is not."""

import io

import pytest
from django.core.management import CommandError, call_command

from apps.activity.models import LobbyingFiling
from apps.bills.models import Bill, BillTextVersion, CommitteeReport
from apps.citations.audit import audit_citations
from apps.citations.rules import RULES
from apps.citations.services import citation_for
from apps.registry.models import Legislator

pytestmark = pytest.mark.django_db


def audit_output(*args) -> str:
    out = io.StringIO()
    call_command("audit_citations", *args, stdout=out)
    return out.getvalue()


def test_every_source_with_data_is_dated_and_url_valid():
    rows = {r.source: r for r in audit_citations()}
    assert len(rows) == 23 and all(r.ok for r in rows.values()), [r for r in rows.values() if not r.ok]
    assert (rows["bills"].records, rows["bills"].dated, rows["bills"].url_valid) == (72, 72, 72)
    assert (rows["lda-filings"].records, rows["lda-filings"].url_valid) == (14, 14)
    assert rows["legislators"].dated == rows["legislators"].records and rows["legislators"].stubs > 0
    exempt = {s for s, r in rows.items() if r.undated_reason}
    assert exempt == {"committees", "committee-memberships", "legislators-social-media", "topic-taxonomy"}
    output = audit_output()
    assert "all 23 record types with data: dated (or exempt) and URL-valid" in output
    assert "topic-taxonomy: 459 of 459: congress.gov publishes" in output


def test_every_record_type_declares_its_rule():
    from django.apps import apps

    from apps.citations.models import CitedRecord

    cited = {m._meta.label for m in apps.get_models() if issubclass(m, CitedRecord)}
    assert cited == set(RULES)


def test_a_url_outside_the_publishers_scheme_fails_the_audit():
    Bill.objects.filter(bill_id="hr:117:1").update(source_url="javascript:alert(1)")
    BillTextVersion.objects.filter(pk=BillTextVersion.objects.order_by("pk").first().pk).update(
        published_at=None
    )
    with pytest.raises(CommandError, match="2 of 23 record types have incomplete citations"):
        audit_output()


def test_a_bill_known_only_from_its_text_takes_the_texts_date():
    bill = Bill.objects.get(bill_id="s:118:1325")
    assert bill.status_source == Bill.StatusSource.USLM
    first = BillTextVersion.objects.filter(bill=bill).order_by("date").first()
    assert first.date is not None
    assert citation_for(bill).published_at == first.date


def test_a_committee_report_is_dated_by_the_action_that_filed_it():
    dates = dict(CommitteeReport.objects.values_list("citation", "published_at"))
    assert str(dates["H. Rept. 117-118"]) == "2021-09-10"
    assert str(dates["H. Rept. 117-118,Part 2"]) == "2021-09-17"  # "Part II" in the action text


def test_an_lda_form_file_without_a_filing_uuid_is_found_by_the_apis_filing_search():
    row = LobbyingFiling.objects.get(public_id="lda:ld1:random")
    assert row.source_url.startswith("https://lda.senate.gov/api/v1/filings/?registrant_name=")
    assert f"filing_year={row.year}" in row.source_url
    uuid = LobbyingFiling.objects.get(document_id="0005b52d-cd4e-4e4a-984f-7ade8e95eaa8")
    assert (
        uuid.source_url
        == "https://lda.senate.gov/filings/public/filing/0005b52d-cd4e-4e4a-984f-7ade8e95eaa8/print/"
    )


def test_a_senate_only_stub_links_the_roll_call_that_names_it():
    stub = Legislator.objects.filter(is_stub=True, bioguide_id__isnull=True).first()
    citation = citation_for(stub)
    assert citation.in_corpus is False
    assert citation.url.startswith("https://www.senate.gov/legislative/LIS/roll_call_votes/vote")
