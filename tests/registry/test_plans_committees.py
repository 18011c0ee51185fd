"""committees + committee-memberships plans over committees-current/-historical and committee-membership-current.

Cases: who chairs HSWM (and the ranking member); subcommittee ids, parents and search names; historical
congresses; historical-only committees not current; the Congress rule for the current roster file.
"""

import pytest

from apps.core.ids import congress_for_date
from apps.registry.models import Committee, CommitteeMembership
from apps.registry.plans.committee_memberships import DEFAULT_CONGRESS, current_congress

pytestmark = pytest.mark.django_db


def test_counts_from_the_real_files(registry_sample):
    assert registry_sample["committees"].records == 742  # 49 + 70 committees, 181 + 442 subcommittees
    assert Committee.objects.count() == 559
    assert Committee.objects.filter(parent__isnull=True).count() == 76
    assert Committee.objects.filter(parent__isnull=True, is_current=True).count() == 49
    assert CommitteeMembership.objects.count() == 3879


def test_who_chairs_ways_and_means():
    roster = CommitteeMembership.objects.filter(committee__thomas_id="HSWM", congress=119)
    chair = roster.get(title="Chair")
    assert (chair.legislator.bioguide_id, chair.legislator.official_full) == ("S001195", "Jason Smith")
    assert (chair.party_side, chair.rank) == ("majority", 1)
    ranking = roster.get(title="Ranking Member")
    assert (ranking.legislator.bioguide_id, ranking.party_side, ranking.rank) == ("N000015", "minority", 1)
    assert roster.count() == 45


def test_subcommittee_has_full_thomas_id_parent_and_parent_name_in_search_name():
    health = Committee.objects.get(thomas_id="HSWM02")
    assert (health.name, health.parent.thomas_id, health.chamber, health.is_current) == (
        "Health", "HSWM", "house", True,
    )  # fmt: skip
    assert "House Committee on Ways and Means" in health.search_name
    assert health.congresses[:2] == [97, 98]  # from committees-historical.yaml


def test_current_committee_keeps_current_names_and_gains_historical_congresses():
    wm = Committee.objects.get(thomas_id="HSWM")
    assert (wm.name, wm.house_committee_id, wm.is_current) == (
        "House Committee on Ways and Means",
        "WM",
        True,
    )
    assert wm.congresses[0] == 93 and wm.congresses[-1] == 115
    assert wm.citation_string == "House Committee on Ways and Means (HSWM), U.S. House of Representatives"


def test_historical_only_committee_is_not_current():
    energy = Committee.objects.get(thomas_id="HHAH")
    assert (energy.name, energy.is_current, energy.congresses) == (
        "House Committee on Energy (Ad Hoc)",
        False,
        [95],
    )


def test_roster_congress_is_the_congress_of_the_latest_term_start():
    assert current_congress() == 119  # latest term start in the sample: 2026-06-10
    assert set(CommitteeMembership.objects.values_list("congress", flat=True)) == {119}
    assert DEFAULT_CONGRESS == 119


@pytest.mark.parametrize(
    ("day", "congress"),
    [("2025-01-03", 119), ("2025-01-02", 118), ("2026-06-10", 119), ("2027-01-03", 120), ("2021-01-03", 117)],
)
def test_congress_for_date(day, congress):
    from datetime import date

    assert congress_for_date(date.fromisoformat(day)) == congress


def test_joint_committee_members_keep_their_chamber():
    rows = CommitteeMembership.objects.filter(committee__thomas_id="JSPR", title="Chairman")
    assert [r.legislator.bioguide_id for r in rows] == ["M000355"]


def test_a_partial_current_file_retires_nothing_but_the_full_file_does(tmp_path, corpus):
    from apps.core.services.ingest import run_ingest

    partial = tmp_path / "committees-extra.yaml"
    partial.write_text("- type: senate\n  name: Senate Committee on Testing\n  thomas_id: SSZZ\n")
    run_ingest(slug="committees", paths=[partial])
    assert Committee.objects.filter(is_current=True).count() == 231  # 230 + SSZZ
    run_ingest(slug="committees", paths=[corpus / "congress-legislators/committees-current.yaml"])
    assert Committee.objects.get(thomas_id="SSZZ").is_current is False
    assert Committee.objects.filter(is_current=True).count() == 230
