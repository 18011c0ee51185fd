"""roll-call-votes plan over corpus/votes/{117,119}.

Cases: ids and upstream ids; Senate LIS ids resolved to bioguide; positions normalised (Yea/Aye, Speaker
candidates); unresolved 117th-Congress members kept as stubs (Senate by LIS id, House by bioguide); the
Vice President's tie-breaker; totals; bill ids canonicalised.
"""

import pytest

from apps.registry.models import Legislator, RollCallVote, VotePosition
from apps.registry.plans.roll_call_votes import normalize_position

pytestmark = pytest.mark.django_db


def test_every_file_and_every_position_is_kept(registry_sample):
    result = registry_sample["roll-call-votes"]
    assert (result.files_total, result.inserted, result.errors) == (267, 267, [])
    assert RollCallVote.objects.count() == 267
    assert VotePosition.objects.count() == 58287  # every member entry; the 3 "VP" strings are not members
    assert RollCallVote.objects.filter(chamber="house", congress=119).count() == 80
    assert RollCallVote.objects.filter(chamber="senate", congress=119).count() == 124


def test_senate_positions_resolve_lis_ids_to_bioguide():
    vote = RollCallVote.objects.get(vote_id="senate:119:2025:162")
    assert (vote.upstream_id, vote.bill_id, vote.totals) == (
        "s162-119.2025", "hjres:119:24", {"Nay": 42, "Not Voting": 5, "Present": 0, "Yea": 53},
    )  # fmt: skip
    baldwin = vote.positions.get(member_ref="S354")
    assert (baldwin.legislator.bioguide_id, baldwin.position, baldwin.normalized) == ("B001230", "Nay", "no")
    # Markwayne Mullin (S419) is not in this legislators-current snapshot: kept as a stub, not dropped.
    stubs = vote.positions.filter(legislator__is_stub=True)
    assert [(p.member_ref, p.legislator.public_id) for p in stubs] == [("S419", "lis:S419")]
    assert vote.positions.count() == 100


def test_unresolved_117th_members_are_kept_as_stubs_with_the_votes_name_party_state():
    leahy = Legislator.objects.get(lis_id="S057")
    assert (leahy.is_stub, leahy.bioguide_id, leahy.official_full, leahy.party, leahy.state, leahy.chamber) == (
        True, None, "Patrick Leahy", "Democrat", "VT", "senate",
    )  # fmt: skip
    assert leahy.public_id == "lis:S057"
    allred = Legislator.objects.get(bioguide_id="A000376")  # House files name members by bioguide
    assert (allred.is_stub, allred.last_name, allred.party, allred.state) == (
        True,
        "Allred",
        "Democrat",
        "TX",
    )
    assert Legislator.objects.filter(is_stub=True).count() == 171


def test_speaker_election_keys_are_candidates():
    vote = RollCallVote.objects.get(vote_id="house:119:2025:2")
    assert vote.totals == {"Emmer": 1, "Jeffries": 215, "Johnson (LA)": 218, "Not Voting": 0, "Present": 0}
    assert set(vote.positions.values_list("normalized", flat=True)) == {"other"}
    massie = vote.positions.get(member_ref="M001184")
    assert (massie.position, massie.normalized) == ("Emmer", "other")


def test_vice_presidents_tie_breaker_is_recorded_on_the_vote():
    vote = RollCallVote.objects.get(vote_id="senate:119:2025:15")
    assert (vote.vice_president_position, vote.totals["Yea"], vote.totals["Nay"]) == ("Yea", 50, 50)


@pytest.mark.parametrize(
    ("option", "normalized"),
    [("Yea", "yes"), ("Aye", "yes"), ("Nay", "no"), ("No", "no"), ("Present", "present"),
     ("Not Voting", "not_voting"), ("Guilty", "yes"), ("Not Guilty", "no"), ("Johnson (LA)", "other")],
)  # fmt: skip
def test_normalize_position(option, normalized):
    assert normalize_position(option) == normalized


def test_house_aye_no_votes_normalise():
    vote = RollCallVote.objects.get(vote_id="house:119:2025:80")
    assert {"Aye", "No"} <= set(vote.totals)
    assert set(vote.positions.filter(position="Aye").values_list("normalized", flat=True)) == {"yes"}
