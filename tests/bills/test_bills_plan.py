"""The bills plan over the real BILLSTATUS files (v3, v3-119th, legacy-v1)."""

import pytest

from apps.bills.models import Bill, BillAction, BillCosponsor, BillRecordedVote, PublicLaw
from apps.registry.models import RollCallVote

pytestmark = pytest.mark.django_db


def test_every_sample_file_ingests_without_errors(bills_sample):
    result = bills_sample["bills"]
    assert (result.status, result.files_total, result.inserted, result.errors) == ("success", 20, 20, [])
    assert Bill.objects.exclude(status_source=Bill.StatusSource.USLM).count() == 20
    assert Bill.objects.filter(status_source="legacy-v1").count() == 10


def test_hjres24_became_public_law_119_7():
    bill = Bill.objects.get(bill_id="hjres:119:24")
    assert list(bill.laws.values_list("law_id", "number", "law_type")) == [
        ("pl:119:7", "119-7", "Public Law")
    ]
    law = PublicLaw.objects.get(law_id="pl:119:7")  # created from BILLSTATUS before any slip-law text
    assert (law.bill_id, str(law.enacted_date), law.citation_string) == (
        "hjres:119:24",
        "2025-05-09",
        "Pub. L. 119-7 (2025)",
    )


def test_actions_are_deduplicated_across_source_systems_oldest_first():
    # 24 <item>s in the file; 6 are copies of the same event from another source system.
    actions = list(BillAction.objects.filter(bill__bill_id="hjres:119:24").order_by("seq"))
    assert len(actions) == 18
    assert actions[0].text == "Introduced in House" and actions[0].action_codes == "1000,Intro-H"
    assert actions[-1].text == "Became Public Law No: 119-7."
    passage = next(a for a in actions if "Roll no. 77" in a.text)
    assert passage.source_systems == "Library of Congress, House floor actions"
    # H.R. 1 (117th): 63 items -> 51 events (the referral is listed once per committee; floor "resumed
    # consideration" entries at different times stay distinct).
    assert BillAction.objects.filter(bill__bill_id="hr:117:1").count() == 51


def test_recorded_votes_link_to_roll_call_votes():
    votes = dict(
        BillRecordedVote.objects.filter(bill__bill_id="hjres:119:24").values_list(
            "vote_id", "roll_call__vote_id"
        )
    )
    assert set(votes) == {"house:119:2025:77", "senate:119:2025:161", "senate:119:2025:162"}
    if RollCallVote.objects.exists():  # the roll-call-votes plan ran first
        assert votes == {k: k for k in votes}


def test_cosponsors_sponsor_and_unresolved_members_kept_as_stubs():
    bill = Bill.objects.select_related("sponsor").get(bill_id="hr:117:1")
    assert (bill.cosponsor_count, bill.cosponsors.count()) == (222, 222)
    # John Sarbanes left Congress: not in legislators-current.yaml, so the sponsor is a stub, not dropped.
    assert (bill.sponsor.bioguide_id, bill.sponsor.is_stub) == ("S001168", True)
    assert (bill.sponsor_party, bill.sponsor_state, bill.sponsor_district) == ("D", "MD", 3)


def test_legacy_schema_fields_and_at_large_district():
    bill = Bill.objects.get(bill_id="hr:114:1531")
    # legacy sponsors have no party/state/district elements: read from "[D-VA-11]"
    assert (bill.sponsor_ref, bill.sponsor_party, bill.sponsor_state, bill.sponsor_district) == (
        "C001078",
        "D",
        "VA",
        11,
    )
    young = BillCosponsor.objects.get(bill=bill, member_ref="Y000033")
    assert (young.display_name, young.district, young.is_original) == (
        "Rep. Young, Don [R-AK-At Large]",
        0,
        True,
    )
    assert bill.policy_area == "Government Operations and Politics"
    assert list(bill.laws.values_list("law_id", flat=True)) == ["pl:114:47"]


def test_crs_summary_is_clean_text():
    bill = Bill.objects.get(bill_id="hjres:119:24")
    assert bill.summary.startswith(
        "This joint resolution nullifies the rule titled Energy Conservation Program: Energy Conservation Standards"
    )
    assert "<" not in bill.summary and "&nbsp;" not in bill.summary and "&amp;" not in bill.summary
    assert Bill.objects.get(bill_id="hr:117:1").summary.startswith(
        "For the People Act of 2021\nThis bill addresses"
    )


def test_committees_with_activities_and_subcommittees():
    bill = Bill.objects.get(bill_id="hjres:119:24")
    (committee,) = bill.committee_set.all()
    assert (committee.thomas_id, committee.name) == ("HSIF", "Energy and Commerce Committee")
    assert committee.activities == [{"name": "Referred To", "date": "2025-01-16T14:05:00Z"}]
    subs = Bill.objects.get(bill_id="hr:117:1").committee_set.exclude(parent_code="")
    assert set(subs.values_list("thomas_id", flat=True)) >= {"HSSY15"}


def test_text_versions_named_by_billstatus_wait_for_their_text():
    versions = dict(
        Bill.objects.get(bill_id="hjres:119:24").text_versions.values_list("version_code", "text")
    )
    assert set(versions) == {"ih", "eh", "rds", "enr", "pl"}
    assert set(versions.values()) == {""}


def test_reingesting_every_sample_is_all_noop():
    from apps.core.services.ingest import run_ingest

    from .conftest import BILL_SOURCES

    for slug in BILL_SOURCES:
        result = run_ingest(slug=slug)
        assert (slug, result.inserted, result.updated, result.errors) == (slug, 0, 0, [])
        assert result.noop == result.records > 0
