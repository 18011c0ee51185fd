"""legislators plan over corpus/congress-legislators/legislators-current.yaml.

Cases: counts and the first-ingest outcome; the whole id crosswalk incl. every fec id; terms; name forms
in search_name; a stub (by bioguide, and by LIS id only) upgraded in place with its rows kept.
"""

from datetime import date

import pytest

from apps.core.services.ingest import run_ingest
from apps.registry.models import Legislator, LegislatorIdentifier, Term, VotePosition
from apps.registry.plans import legislators
from apps.registry.services import legislator_resolve_or_stub

pytestmark = pytest.mark.django_db


def test_first_ingest_inserts_every_member(registry_sample):
    result = registry_sample["legislators"]
    assert (result.status, result.files_total, result.inserted, result.updated, result.errors) == (
        "success", 1, 537, 0, [],
    )  # fmt: skip
    assert Legislator.objects.filter(is_stub=False).count() == 537
    assert Term.objects.count() == 2792


def test_identifier_crosswalk_keeps_every_scheme_and_every_fec_id():
    cantwell = Legislator.objects.get(bioguide_id="C000127")
    ids = sorted(cantwell.identifiers.values_list("scheme", "value"))
    assert ("fec", "H2WA01054") in ids and ("fec", "S8WA00194") in ids
    assert ("thomas", "00172") in ids and ("lis", "S275") in ids and ("govtrack", "300018") in ids
    assert cantwell.lis_id == "S275"
    assert LegislatorIdentifier.objects.filter(scheme="bioguide").count() == 537


def test_latest_term_sets_party_state_chamber():
    sanders = Legislator.objects.get(bioguide_id="S000033")
    assert (sanders.party, sanders.state, sanders.chamber, sanders.district, sanders.is_current) == (
        "Independent", "VT", "senate", None, True,
    )  # fmt: skip
    aoc = Legislator.objects.get(bioguide_id="O000172")
    assert (aoc.chamber, aoc.state, aoc.district) == ("house", "NY", 14)
    assert aoc.terms.first().term_type == "rep"


def test_search_name_holds_every_name_form():
    reed = Legislator.objects.get(bioguide_id="R000122")
    for form in (
        "Jack Reed",
        "John",
        "F.",
        "Jack",
        "Reed",
        "RI",
        "Rhode Island",
        "Senator",
        "Democrat",
        " D",
    ):
        assert form in reed.search_name
    assert "AOC" in Legislator.objects.get(bioguide_id="O000172").search_name


def _one_member_yaml(tmp_path, *, bioguide, lis):
    path = tmp_path / "legislators-current.yaml"
    path.write_text(
        f"""- id:
    bioguide: {bioguide}
    lis: {lis}
    govtrack: 999999
    fec: [S0XX00001, H0XX00002]
  name: {{first: Pat, last: Example, official_full: Pat Example}}
  bio: {{birthday: '1970-01-01', gender: F}}
  terms:
  - {{type: sen, start: '2025-01-03', end: '2031-01-03', state: VT, class: 1, party: Democrat}}
"""
    )
    return path


def test_stub_known_by_bioguide_is_upgraded_in_place(tmp_path):
    stub = legislator_resolve_or_stub(bioguide="Z000001", last_name="Example", party="D", state="VT")
    assert stub.is_stub and stub.party == "Democrat"
    result = run_ingest(
        slug="legislators", paths=[_one_member_yaml(tmp_path, bioguide="Z000001", lis="S998")]
    )
    assert (result.updated, result.inserted) == (1, 0)
    member = Legislator.objects.get(pk=stub.pk)
    assert (member.is_stub, member.official_full, member.lis_id) == (False, "Pat Example", "S998")
    assert sorted(member.identifiers.filter(scheme="fec").values_list("value", flat=True)) == [
        "H0XX00002",
        "S0XX00001",
    ]


def test_stub_known_only_by_lis_id_is_upgraded_in_place_and_keeps_its_votes(tmp_path):
    leahy = Legislator.objects.get(lis_id="S057")  # a 117th-Congress senator, not in legislators-current
    assert leahy.is_stub and leahy.bioguide_id is None
    positions = VotePosition.objects.filter(legislator=leahy).count()
    assert positions == 48
    run_ingest(slug="legislators", paths=[_one_member_yaml(tmp_path, bioguide="L000174", lis="S057")])
    upgraded = Legislator.objects.get(pk=leahy.pk)
    assert (upgraded.bioguide_id, upgraded.is_stub, upgraded.public_id) == ("L000174", False, "L000174")
    assert VotePosition.objects.filter(legislator=upgraded).count() == positions


def test_lis_only_stub_merges_into_an_existing_bioguide_stub(tmp_path):
    """A bill named the member by bioguide, a Senate vote by LIS id: the legislators file unites them."""
    by_bioguide = legislator_resolve_or_stub(bioguide="Z000002", last_name="Example", state="VT")
    by_lis = legislator_resolve_or_stub(lis="S997", last_name="Example", state="VT", chamber="senate")
    vote = VotePosition.objects.select_related("vote").first().vote
    VotePosition.objects.create(
        vote=vote, legislator=by_lis, position="Yea", normalized="yes", member_ref="S997"
    )
    result = run_ingest(
        slug="legislators", paths=[_one_member_yaml(tmp_path, bioguide="Z000002", lis="S997")]
    )
    assert result.errors == []
    member = Legislator.objects.get(bioguide_id="Z000002")
    assert (member.pk, member.lis_id, member.is_stub) == (by_bioguide.pk, "S997", False)
    assert not Legislator.objects.filter(pk=by_lis.pk).exists()
    assert VotePosition.objects.get(vote=vote, member_ref="S997").legislator_id == member.pk


def test_social_media_accounts_attach_to_members(registry_sample):
    result = registry_sample["legislators-social-media"]
    assert (result.status, result.inserted, result.warnings) == ("success", 519, [])
    sanders = Legislator.objects.get(bioguide_id="S000033").social
    assert sanders.accounts == {
        "twitter": "SenSanders", "facebook": "senatorsanders", "youtube": "senatorsanders",
        "youtube_id": "UCD_DaKNac0Ta-2PeHuoQ1uA", "twitter_id": "29442313",
    }  # fmt: skip


def test_current_is_the_files_roster_not_todays_date(tmp_path):
    # Appointed senators whose last term ends at a special election (2026-11-03) are still listed.
    for bioguide in ("H001104", "M001244"):
        member = Legislator.objects.get(bioguide_id=bioguide)
        assert member.terms.order_by("start").last().end.isoformat() == "2026-11-03"
        assert member.is_current is True
    assert Legislator.objects.filter(is_current=True, is_stub=False).count() == 537
    # A roster that no longer lists a member makes them former; the members it lists stay current.
    run_ingest(slug="legislators", paths=[_one_member_yaml(tmp_path, bioguide="Z000001", lis="S998")])
    assert list(Legislator.objects.filter(is_current=True).values_list("bioguide_id", flat=True)) == [
        "Z000001"
    ]


def test_caucus_is_the_independents_caucus_else_the_party():
    rows = dict(Legislator.objects.filter(bioguide_id__in=["S000033", "K000383", "K000401", "C000127"])
                .values_list("bioguide_id", "caucus"))  # fmt: skip
    assert rows == {
        "S000033": "Democrat",
        "K000383": "Democrat",
        "K000401": "Republican",
        "C000127": "Democrat",
    }


def test_a_changed_file_updates_a_members_terms_and_ids_and_a_rerun_is_unchanged(tmp_path, monkeypatch):
    """Through the run-wide reads (from the first record here, not the 20th: a roster's worth of records
    would cost seconds): a term added, a term's party changed, an fec id dropped and one added all land, and
    the same file again is a noop."""
    monkeypatch.setattr(legislators, "BULK_AFTER", 0)
    path = _one_member_yaml(tmp_path, bioguide="Z000003", lis="S996")
    assert run_ingest(slug="legislators", paths=[path]).inserted == 1
    path.write_text(
        path.read_text()
        .replace("fec: [S0XX00001, H0XX00002]", "fec: [S0XX00001, H0XX00003]")
        .replace("party: Democrat}", "party: Independent}")
        + "  - {type: rep, start: '2019-01-03', end: '2021-01-03', state: VT, district: 0, party: Democrat}\n"
    )
    changed = run_ingest(slug="legislators", paths=[path])
    assert (changed.inserted, changed.updated, changed.errors) == (0, 1, [])
    member = Legislator.objects.get(bioguide_id="Z000003")
    assert sorted(member.terms.values_list("term_type", "start", "party")) == [
        ("rep", date(2019, 1, 3), "Democrat"),
        ("sen", date(2025, 1, 3), "Independent"),
    ]
    assert sorted(member.identifiers.values_list("scheme", "value")) == [
        ("bioguide", "Z000003"),
        ("fec", "H0XX00003"),
        ("fec", "S0XX00001"),
        ("govtrack", "999999"),
        ("lis", "S996"),
    ]
    again = run_ingest(slug="legislators", paths=[path])
    assert (again.inserted, again.updated, again.noop) == (0, 0, 1)
