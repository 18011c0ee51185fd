"""Ingest of hostile files (issue 32, "Files as untrusted input"): each crafted file ends in a recorded,
named failure while the good files beside it load; the readers never hold a bomb in memory (proved in a
child process under an address-space cap) and never hand libyaml a document that would crash it.

A package of its own: the tests count the records an ingest leaves, so no other package's sample may be
loaded around them (tests/hardening holds one open for the whole package)."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

from apps.bills.models import Bill
from apps.core.models import IngestRun
from apps.core.services.ingest import run_ingest
from apps.registry.models import Legislator
from bench.hostile_files import (
    alias_yaml,
    corrupt_archive,
    corrupt_member,
    deep_yaml,
    sparse_file,
    zip_bomb,
)

CORPUS = Path(settings.CORPUS_DIR)
ROOT = Path(settings.BASE_DIR)
GOOD = CORPUS / "bill-status" / "v3-119th" / "BILLSTATUS-119hjres24.xml"
GOOD_2 = CORPUS / "bill-status" / "v3-119th" / "BILLSTATUS-119sjres11.xml"
BAD_NAME = "BILLSTATUS-119hr9999.xml"


def _run(result) -> IngestRun:
    run = IngestRun.objects.get(pk=result.run_id)
    assert (run.status, run.files_total, run.records) == (result.status, result.files_total, result.records)
    assert run.limits == result.limits and run.limits["max_file_bytes"] > 0  # the caps it read under
    return run


@pytest.mark.django_db
def test_a_zip_bomb_member_is_quarantined_unread_and_its_neighbour_loads(tmp_path):
    archive = zip_bomb(
        tmp_path / "bills.zip", member=BAD_NAME, decoded_mib=8, beside={GOOD.name: GOOD.read_bytes()}
    )
    result = run_ingest(slug="bills", paths=[archive])
    assert (result.status, result.inserted, result.errors) == ("partial", 1, [])
    [quarantined] = result.quarantined
    assert (quarantined["file"], quarantined["record"]) == (str(archive), BAD_NAME)
    assert (
        "past the 200:1 limit (JOSH_INGEST_MAX_ZIP_RATIO): refused unread as a zip bomb"
        in quarantined["message"]
    )
    assert _run(result).quarantined == result.quarantined
    assert list(Bill.objects.values_list("bill_id", flat=True)) == ["hjres:119:24"]


@pytest.mark.django_db
def test_a_corrupt_member_is_quarantined_and_a_corrupt_archive_is_named_while_the_rest_loads(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    corrupt_member(folder / "a.zip", good={GOOD.name: GOOD.read_bytes()}, bad=(BAD_NAME, GOOD_2.read_bytes()))
    corrupt_archive(folder / "b.zip", members={GOOD_2.name: GOOD_2.read_bytes()})
    (folder / GOOD_2.name).write_bytes(GOOD_2.read_bytes())
    result = run_ingest(slug="bills", paths=[folder])

    assert (result.status, result.files_total, result.files_failed, result.inserted) == ("partial", 4, 1, 2)
    assert result.errors == [
        {
            "file": str(folder / "b.zip"),
            "record": "",
            "message": "not a readable zip archive: Bad magic number for central directory",
        }
    ]
    assert [(q["file"], q["record"]) for q in result.quarantined] == [(str(folder / "a.zip"), BAD_NAME)]
    assert result.quarantined[0]["message"].startswith("corrupt zip member (BadZipFile: Bad CRC-32")
    run = _run(result)
    assert (run.error_count, run.quarantined_count) == (1, 1)
    assert sorted(Bill.objects.values_list("bill_id", flat=True)) == ["hjres:119:24", "sjres:119:11"]


@pytest.mark.django_db
def test_a_file_past_its_sources_cap_is_refused_unread_and_the_cap_is_on_the_run(tmp_path, settings):
    huge = sparse_file(tmp_path / BAD_NAME, gib=2)
    result = run_ingest(slug="bills", paths=[huge, GOOD])
    assert (result.status, result.inserted) == ("partial", 1)
    assert result.errors == [
        {
            "file": str(huge),
            "record": "",
            "message": "2,147,483,648 bytes, over this source's cap of 536,870,912 for one file "
            "(JOSH_INGEST_MAX_FILE_BYTES); the file was not read",
        }
    ]
    assert _run(result).limits == {
        "max_file_bytes": 512 * 2**20,
        "max_file_bytes_setting": "JOSH_INGEST_MAX_FILE_BYTES",
        "max_zip_ratio": 200.0,
        "yaml_max_depth": 64,
        "yaml_max_alias_nodes": 10_000,
    }

    settings.JOSH = {**settings.JOSH, "INGEST_MAX_FILE_BYTES_BY_SOURCE": ["bills=4096"]}
    small = run_ingest(slug="bills", paths=[GOOD])
    assert small.status == "failed" and "cap of 4,096 for one file" in small.errors[0]["message"]
    assert IngestRun.objects.get(pk=small.run_id).limits["max_file_bytes"] == 4096
    assert run_ingest(slug="gao-reports", paths=[GOOD]).limits["max_file_bytes"] == 512 * 2**20


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("build", "message"),
    [
        (
            lambda p: deep_yaml(p, levels=200_000),
            "refused YAML at line 1, column 65: nested deeper than 64 levels",
        ),
        (alias_yaml, "refused as an alias bomb"),
    ],
)
def test_yaml_past_its_limits_is_refused_before_libyaml_builds_it(tmp_path, build, message):
    path = build(tmp_path / "legislators-current.yaml")
    result = run_ingest(slug="legislators", paths=[path])
    assert (result.status, result.records, Legislator.objects.count()) == ("failed", 0, 0)
    assert result.errors[0]["file"] == str(path) and message in result.errors[0]["message"]
    _run(result)


@pytest.mark.django_db
def test_symlinks_in_a_folder_are_not_followed(tmp_path):
    private = tmp_path / "private"
    private.mkdir()
    (private / GOOD_2.name).write_bytes(GOOD_2.read_bytes())
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / GOOD.name).write_bytes(GOOD.read_bytes())
    (folder / "BILLSTATUS-119hr1.xml").symlink_to(private / GOOD_2.name)
    (folder / "linked").symlink_to(private, target_is_directory=True)
    result = run_ingest(slug="bills", paths=[folder])
    assert (result.status, result.files_total, result.inserted) == ("success", 1, 1)
    assert [w["message"] for w in result.warnings if "symlink" in w["message"]] == [
        f"2 symlinks not followed: {folder / 'linked'}, {folder / 'BILLSTATUS-119hr1.xml'}"
    ]
    assert list(Bill.objects.values_list("bill_id", flat=True)) == ["hjres:119:24"]


# The readers as the runner calls them, in a child process whose address space is capped: a bomb read into
# memory would be a MemoryError there, a libyaml crash a signal. The child prints what each file came to.
_READ_UNDER_A_CAP = """
import json, os, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (int(sys.argv[1]), int(sys.argv[1])))
import django
django.setup()
from apps.core.errors import SourceFormatError
from apps.core.inputs import discover
from apps.core.plans import get_plan
from apps.core.services.ingest import limits_for, parse_file
outcomes = []
for slug, given in json.loads(sys.argv[2]):
    plan = get_plan(slug)
    for path in discover(plan.globs, [given]).files:
        try:
            outcomes.append([path.name, "parsed %d" % len(parse_file(plan, path, limits_for(slug)))])
        except SourceFormatError as exc:
            outcomes.append([path.name, exc.message])
# VmHWM, this process image's own peak: ru_maxrss keeps the parent's peak across the (v)fork and exec of a
# child started from a big test process (844 MiB reported in a full suite run).
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps([outcomes, peak]))
"""


@pytest.mark.slow
def test_every_bomb_is_refused_within_a_capped_address_space(tmp_path):
    cap = 1536 * 2**20  # Django and the plans import in ~600 MiB of address space; a bomb needs GiBs
    (tmp_path / "y").mkdir()
    attacks = [
        ["bills", str(zip_bomb(tmp_path / "bomb.zip", member=BAD_NAME, decoded_mib=500))],
        ["bills", str(sparse_file(tmp_path / BAD_NAME, gib=2))],
        ["legislators", str(deep_yaml(tmp_path / "legislators-current.yaml", levels=200_000))],
        ["legislators", str(alias_yaml(tmp_path / "y" / "legislators-current.yaml"))],
    ]
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "josh.settings_test"}
    child = subprocess.Popen(
        [sys.executable, "-c", _READ_UNDER_A_CAP, str(cap), json.dumps(attacks)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    out, err = child.communicate(timeout=300)
    assert child.returncode == 0, err[-2000:]
    outcomes, peak_kib = json.loads(out.strip().splitlines()[-1])
    assert [name for name, _ in outcomes] == [
        BAD_NAME,
        BAD_NAME,
        "legislators-current.yaml",
        "legislators-current.yaml",
    ]
    assert "refused unread as a zip bomb" in outcomes[0][1]
    assert "over this source's cap" in outcomes[1][1]
    assert "nested deeper than 64 levels" in outcomes[2][1]
    assert "alias bomb" in outcomes[3][1]
    assert peak_kib <= 512 * 1024  # the child's own peak resident memory, all four attacks included
