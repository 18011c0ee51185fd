"""The ingest runner as the registry plans rely on it (apps.core.services.ingest).

Cases: re-ingesting the real sample gives only noops for every registry source; a malformed YAML or JSON
file is reported with its file (and record), writes nothing, and the rest of the run goes on; a bad record
in the middle of a file is quarantined, named by field, while the file's other records load, and loads once fixed; --dry-run writes nothing; runs are recorded.
"""

import json
import shutil

import pytest

from apps.core.models import IngestRun
from apps.core.services.ingest import run_ingest
from apps.registry.models import Committee, Legislator, RollCallVote, VotePosition
from tests.registry.corpus import REGISTRY_SOURCES

pytestmark = pytest.mark.django_db

VOTE_162 = "votes/119/2025/s162.json"


@pytest.mark.parametrize("slug", REGISTRY_SOURCES)
def test_reingest_gives_only_noops(slug, registry_sample):
    first = registry_sample[slug]
    again = run_ingest(slug=slug)
    assert (again.status, again.inserted, again.updated, again.errors) == ("success", 0, 0, [])
    assert again.noop == again.records == first.records > 0


def _committee_yaml(thomas_id: str, name: str) -> str:
    return f"- type: house\n  name: {name}\n  thomas_id: {thomas_id}\n  subcommittees:\n  - name: Sub\n    thomas_id: '01'\n"


def test_malformed_yaml_is_reported_with_the_file_and_the_run_goes_on(tmp_path):
    bad = tmp_path / "committees-bad.yaml"
    bad.write_text(_committee_yaml("HSZY", "Bad Committee") + "- type: house\n  name: [unclosed\n")
    good = tmp_path / "committees-good.yaml"
    good.write_text(_committee_yaml("HSZZ", "Good Committee"))
    result = run_ingest(slug="committees", paths=[bad, good])
    assert (result.status, result.files_failed, result.inserted) == ("partial", 1, 2)
    [error] = result.errors
    assert error["file"] == str(bad)
    assert error["message"] == "malformed YAML at line 9, column 1: did not find expected ',' or ']'"
    assert not Committee.objects.filter(thomas_id__startswith="HSZY").exists()
    assert Committee.objects.get(thomas_id="HSZZ01").parent.thomas_id == "HSZZ"
    run = IngestRun.objects.get(pk=result.run_id)
    assert (run.status, run.error_count, run.errors[0]["file"]) == ("partial", 1, str(bad))


def test_bad_record_mid_file_is_quarantined_and_the_others_load(tmp_path):
    path = tmp_path / "committees-mixed.yaml"
    path.write_text(
        _committee_yaml("HSZX", "Fine") + "- type: moon\n  name: Wrong Chamber\n  thomas_id: HSZW\n"
    )
    result = run_ingest(slug="committees", paths=[path])
    assert (result.status, result.errors) == ("partial", [])
    assert result.quarantined == [
        {
            "file": str(path),
            "record": "HSZW",
            "field": "chamber",
            "message": "invalid field 'chamber': String should match pattern '^(house|senate|joint)$'",
        }
    ]
    assert set(
        Committee.objects.filter(thomas_id__in=["HSZX", "HSZX01", "HSZW"]).values_list("thomas_id", flat=True)
    ) == {
        "HSZX",
        "HSZX01",
    }
    run = IngestRun.objects.get(pk=result.run_id)
    assert (run.status, run.quarantined_count, run.quarantined) == ("partial", 1, result.quarantined)
    # the file fixed, a re-run loads the quarantined committee and leaves the others unchanged
    path.write_text(path.read_text().replace("type: moon", "type: house"))
    again = run_ingest(slug="committees", paths=[path])
    assert (again.status, again.inserted, again.noop, again.quarantined) == ("success", 1, 2, [])


def test_a_record_listed_twice_in_one_file_loads_once_and_reruns_are_unchanged(tmp_path):
    path = tmp_path / "committees-twice.yaml"
    path.write_text(_committee_yaml("HSZQ", "First Name") + _committee_yaml("HSZQ", "Second Name"))
    result = run_ingest(slug="committees", paths=[path])
    assert [(q["record"], q["field"], q["message"]) for q in result.quarantined] == [
        ("current:HSZQ", "key", "listed twice in this file (the first copy loaded)"),
        ("current:HSZQ01", "key", "listed twice in this file (the first copy loaded)"),
    ]
    assert Committee.objects.get(thomas_id="HSZQ").name == "First Name"
    again = run_ingest(slug="committees", paths=[path])
    assert (again.inserted, again.updated, again.noop) == (0, 0, 2)  # no flip between the two copies


def test_malformed_json_vote_is_reported_and_nothing_from_it_is_written(tmp_path, corpus):
    good = tmp_path / "s162.json"
    shutil.copy(corpus / VOTE_162, good)
    broken = tmp_path / "s999.json"
    broken.write_text('{"vote_id": "s999-119.2025", "votes": {"Yea": [')
    RollCallVote.objects.filter(vote_id="senate:119:2025:162").delete()
    result = run_ingest(slug="roll-call-votes", paths=[tmp_path])
    assert (result.status, result.inserted, result.files_failed) == ("partial", 1, 1)
    assert result.errors[0]["file"] == str(broken)
    assert result.errors[0]["message"].startswith("malformed JSON at line 1")
    assert RollCallVote.objects.filter(vote_id="senate:119:2025:162").exists()
    assert not RollCallVote.objects.filter(upstream_id="s999-119.2025").exists()


def test_vote_with_a_bad_member_id_writes_no_vote_and_no_stub(tmp_path, corpus):
    data = json.loads((corpus / VOTE_162).read_text())
    data.update(vote_id="s990-119.2025", number=990)
    data["votes"]["Yea"].append({"id": "ZZZZ", "display_name": "Nobody (X-XX)", "party": "X", "state": "XX"})
    path = tmp_path / "s990.json"
    path.write_text(json.dumps(data))
    stubs = Legislator.objects.filter(is_stub=True).count()
    result = run_ingest(slug="roll-call-votes", paths=[path])
    assert result.status == "failed"
    assert (result.errors[0]["file"], result.errors[0]["record"]) == (str(path), "s990-119.2025")
    assert "votes.Yea.53.id" in result.errors[0]["message"]
    assert not RollCallVote.objects.filter(number=990).exists()
    assert Legislator.objects.filter(is_stub=True).count() == stubs


def test_load_failure_rolls_back_stubs_made_for_that_file(tmp_path, corpus):
    """A stub created while loading a file that then fails goes with the file's savepoint."""
    data = json.loads((corpus / VOTE_162).read_text())
    data.update(vote_id="s991-119.2025", number=991)
    data["votes"]["Yea"].append(
        {"id": "S998", "display_name": "Newcomer (D-VT)", "party": "D", "state": "VT"}
    )
    data["votes"]["Nay"].append(
        {"id": "S998", "display_name": "Newcomer (D-VT)", "party": "D", "state": "VT"}
    )
    path = tmp_path / "s991.json"
    path.write_text(json.dumps(data))
    result = run_ingest(slug="roll-call-votes", paths=[path])
    assert "member listed under two options: S998" in result.errors[0]["message"]
    assert not Legislator.objects.filter(lis_id="S998").exists()


def test_dry_run_counts_and_writes_nothing(tmp_path, corpus):
    RollCallVote.objects.filter(vote_id="senate:119:2025:162").delete()
    positions = VotePosition.objects.count()
    result = run_ingest(slug="roll-call-votes", paths=[corpus / VOTE_162], dry_run=True)
    assert (result.dry_run, result.inserted, result.run_id) == (True, 1, None)
    assert not RollCallVote.objects.filter(vote_id="senate:119:2025:162").exists()
    assert VotePosition.objects.count() == positions


def test_every_run_is_recorded_with_counts(registry_sample):
    runs = {run.source: run for run in IngestRun.objects.filter(source__in=REGISTRY_SOURCES)}
    assert set(runs) == set(REGISTRY_SOURCES)
    votes = runs["roll-call-votes"]
    assert (votes.status, votes.files_total, votes.records, votes.inserted) == ("success", 267, 267, 267)
    assert len(votes.warnings) == 171  # one per member kept as a stub
