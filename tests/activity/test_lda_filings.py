import json
from decimal import Decimal

import pytest

from apps.activity.models import LobbyingActivity, LobbyingBillMention, LobbyingFiling, LobbyingLobbyist
from apps.activity.parsers.lda import parse_lda_filing
from apps.core.ids import congress_for_year
from apps.core.plans import BadRecord
from apps.core.services.ingest import run_ingest

from .conftest import ingest

TECO = "lda:ld2:0005b52d-cd4e-4e4a-984f-7ade8e95eaa8"


def test_congress_for_year():
    assert [congress_for_year(y) for y in (2007, 2008, 2009, 2013, 2014, 2025)] == [
        110,
        110,
        111,
        113,
        113,
        119,
    ]


@pytest.mark.django_db
def test_every_sample_filing_ingests(lda):
    assert (lda.files_total, lda.records, lda.inserted, lda.status) == (14, 14, 14, "success")
    assert LobbyingFiling.objects.filter(form="LD-1").count() == 9
    assert LobbyingFiling.objects.filter(form="LD-2").count() == 5
    # The same fixture name in ld1/ and ld2/ stays two filings.
    assert set(
        LobbyingFiling.objects.filter(document_id="multiple_issues").values_list("public_id", flat=True)
    ) == {
        "lda:ld1:multiple_issues",
        "lda:ld2:multiple_issues",
    }
    # Document ids keep their case: date_m-d-Y and date_m-d-y are different filings.
    assert LobbyingFiling.objects.filter(public_id__startswith="lda:ld1:date_m-d-").count() == 2


@pytest.mark.django_db
def test_ld2_teco_coal_facts(lda):
    f = LobbyingFiling.objects.get(public_id=TECO)
    assert (f.registrant_name, f.client_name) == ("Baker & McKenzie LLP", "Teco Coal Corporation")
    assert (f.senate_id, f.house_id) == ("5142-797", "337330044")
    assert (f.year, f.quarter, f.filing_type, f.congress) == (2008, 1, "1T", 110)
    assert f.is_termination and not f.is_amendment
    assert str(f.termination_date) == "2008-04-17" and str(f.signed_on) == "2008-04-21"
    assert f.income is None and f.income_under_5000
    assert f.citation_string == (
        "LD-2 report, Baker & McKenzie LLP for Teco Coal Corporation, 2008 Q1 (termination) (Senate ID 5142-797)"
    )
    assert (
        f.source_url
        == "https://lda.senate.gov/filings/public/filing/0005b52d-cd4e-4e4a-984f-7ade8e95eaa8/print/"
    )
    activity = LobbyingActivity.objects.get(filing=f)
    assert activity.issue_code == "TAX" and activity.specific_issues.startswith("(1) S. 373, To facilitate")
    assert list(LobbyingLobbyist.objects.filter(filing=f).values_list("first_name", "last_name")) == [
        ("Steven", "Becker"),
        ("Paul", "Horowitz"),
    ]
    # "S. 373" in a 2008 filing -> the 110th Congress bill.
    assert list(f.bill_mentions.values_list("bill_id", flat=True)) == ["s:110:373"]


@pytest.mark.django_db
def test_amounts_are_decimals(lda):
    patent = LobbyingFiling.objects.get(public_id="lda:ld2:multiple_added_affiliated")
    assert patent.income == Decimal("120000.00") and patent.filing_type == "4A"
    cnh = LobbyingFiling.objects.get(public_id="lda:ld2:multiple_inactive_foreign")
    assert (cnh.expenses, cnh.expense_method, cnh.client_self) == (Decimal("230000.00"), "c", True)
    assert cnh.activities.count() == 7
    sylvan = LobbyingFiling.objects.get(public_id="lda:ld2:multiple_removed_affiliated")
    assert (sylvan.expenses, sylvan.expense_method, sylvan.filing_type) == (Decimal("30000.00"), "a", "1T")


@pytest.mark.django_db
def test_lobbying_bill_cross_links(lda):
    patent = LobbyingFiling.objects.get(public_id="lda:ld2:multiple_added_affiliated")
    assert list(patent.bill_mentions.values_list("bill_id", flat=True)) == [
        "s:113:1013",
        "hr:113:845",
        "hr:113:2639",
        "s:113:866",
        "hr:113:2766",
        "hr:113:2024",
        "hr:113:3309",
        "s:113:1720",
    ]
    smith = LobbyingFiling.objects.get(public_id="lda:ld2:multiple_issues")
    assert list(smith.bill_mentions.values_list("activity_seq", "issue_code", "bill_id")) == [
        (1, "TAX", "s:113:232"),
        (1, "TAX", "hr:113:523"),
        (3, "ECN", "hr:113:2052"),
        (3, "ECN", "s:113:1023"),
    ]
    # "HR 377 - Paycheck Fairness Act" (no dots) is a bill citation too.
    cnh = LobbyingFiling.objects.get(public_id="lda:ld2:multiple_inactive_foreign")
    assert list(cnh.bill_mentions.values_list("activity_seq", "issue_code", "bill_id")) == [
        (2, "LBR", "hr:113:377")
    ]
    assert LobbyingBillMention.objects.count() == 14


@pytest.mark.django_db
def test_ld1_registration_facts(lda):
    f = LobbyingFiling.objects.get(public_id="lda:ld1:multiple_issues")
    assert (f.registrant_name, f.senate_id, f.filing_type, f.year) == (
        "ALSTON & BIRD, LLP",
        "1182",
        "RR",
        2012,
    )
    assert f.client_name == "Airport Shoppes Corp. dba International Meal Company Caribe"
    assert list(f.activities.values_list("issue_code", flat=True))[:3] == ["HOM", "AVI", "BUD"]
    assert "Docket No. FAA-2009-1144" in f.issues_detail
    dole = f.lobbyists.get(last_name="Dole")
    assert (dole.first_name, dole.covered_position, dole.activity_seq) == (
        "Robert J.",
        "U.S. Senator (Kansas)",
        0,
    )
    assert f.lobbyists.filter(last_name="Holifield").count() == 8  # one row per covered position
    assert [e["name"] for e in f.foreign_entities] == [
        "IMC Puerto Rico Ltd.",
        "International Meal Company Holdings S.A.",
        "FIP-Brasil Empreendimentos",
    ]
    ctia = LobbyingFiling.objects.get(public_id="lda:ld1:multiple_affiliated_orgs")
    assert [a["name"] for a in ctia.affiliated_organizations] == [
        "AT&T Services Inc.",
        "T-Mobile US, Inc.",
        "Verizon Communications Inc.",
    ]


@pytest.mark.django_db
def test_reingest_is_all_noop(lda):
    again = ingest("lda-filings")
    assert (again.inserted, again.updated, again.noop, again.errors) == (0, 0, 14, [])


@pytest.fixture
def no_filings(db):
    """The tests below ingest files of their own and check what an ingest leaves in an empty table: the
    package's sample filings are deleted first, inside the test's transaction (rolled back after it)."""
    LobbyingFiling.objects.all().delete()
    assert not LobbyingActivity.objects.exists() and not LobbyingBillMention.objects.exists()


def _write(tmp_path, name, data):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


@pytest.mark.django_db
def test_malformed_filing_is_quarantined_named_by_file_record_and_field(tmp_path, corpus, no_filings):
    good = json.loads((corpus / "lobbying-lda/ld2/multiple_issues.json").read_text())
    bad = dict(good, document_id="bad-quarter")
    bad["report_type"] = dict(good["report_type"], quarter_one=True)  # two quarters ticked
    path = _write(tmp_path, "bad.json", bad)
    result = run_ingest(slug="lda-filings", paths=[path])
    assert result.status == "failed"  # the one record read was set aside: nothing could be used
    assert result.errors == []  # the file itself was readable
    assert result.quarantined == [
        {
            "file": str(path),
            "record": "bad-quarter",
            "field": "report_type",
            "message": "exactly one report quarter must be ticked, got 2",
        }
    ]
    assert LobbyingFiling.objects.count() == 0


@pytest.mark.django_db
def test_malformed_amount_and_json(tmp_path, corpus, no_filings):
    good = json.loads((corpus / "lobbying-lda/ld2/multiple_issues.json").read_text())
    bad = dict(good, income=dict(good["income"], income_amount="lots"))
    amount = _write(tmp_path, "amount.json", bad)
    broken = tmp_path / "broken.json"
    broken.write_text('{"document_id": "x",')
    assert list(parse_lda_filing(amount)) == [
        BadRecord(
            "multiple_issues", "income.income_amount", "'income.income_amount' is not an amount: 'lots'"
        )
    ]
    result = run_ingest(
        slug="lda-filings", paths=[amount, broken, corpus / "lobbying-lda/ld2/multiple_issues.json"]
    )
    assert result.status == "partial" and result.inserted == 1
    assert [e["file"] for e in result.errors] == [str(broken)]  # unreadable: rejected whole
    assert result.errors[0]["message"].startswith("invalid JSON")
    assert [(q["file"], q["field"]) for q in result.quarantined] == [(str(amount), "income.income_amount")]
    assert list(LobbyingFiling.objects.values_list("public_id", flat=True)) == ["lda:ld2:multiple_issues"]


@pytest.mark.django_db
def test_ld1_with_an_impossible_effective_date_loads_dated_by_its_signature(tmp_path, corpus, no_filings):
    # The Senate's LD-1 form carries typed dates such as "03/031/2008": the filing is kept, the date dropped
    # and named in the run, the year taken from the signature date.
    data = json.loads((corpus / "lobbying-lda/ld1/date_m-d-Y.json").read_text())
    data["datetimes"] = {"effective_date": "03/031/2008"}
    path = _write(tmp_path, "date_m-d-Y.json", data)
    result = run_ingest(slug="lda-filings", paths=[path])
    assert (result.status, result.inserted, result.errors, result.quarantined) == ("success", 1, [], [])
    [warning] = result.warnings
    assert warning["file"] == str(path) and "03/031/2008" in warning["message"]
    filing = LobbyingFiling.objects.get(public_id="lda:ld1:date_m-d-Y")
    assert (filing.effective_date, filing.year, filing.congress) == (None, 2012, 112)
