"""`manage.py ingest bills <files>` also runs the plans that read the same files (topics, CBO estimates,
committee reports), unless told not to; it says which it ran or skipped."""

import io

import pytest
from django.core.management import call_command

from apps.bills.models import Bill, CboCostEstimate, CommitteeReport, Topic
from apps.core.management.commands.ingest import same_file_readers

pytestmark = pytest.mark.django_db


def test_the_plans_that_read_billstatus_after_bills():
    assert sorted(same_file_readers("bills")) == ["cbo-cost-estimates", "committee-reports", "topic-taxonomy"]
    assert same_file_readers("federal-register") == []


def test_ingest_bills_fills_its_dependent_plans(corpus):
    folder = corpus / "bill-status"
    out = io.StringIO()
    call_command("ingest", "bills", str(folder), "--no-progress", stdout=out)
    assert Bill.objects.count() == 20
    assert Topic.objects.exists() and CboCostEstimate.objects.exists() and CommitteeReport.objects.exists()
    assert "they read the same files" in out.getvalue()


def test_no_dependents_leaves_them_and_says_so(corpus):
    out = io.StringIO()
    call_command(
        "ingest", "bills", str(corpus / "bill-status"), "--no-progress", "--no-dependents", stdout=out
    )
    assert Bill.objects.count() == 20 and not CboCostEstimate.objects.exists()
    assert "not run (--no-dependents)" in out.getvalue()
