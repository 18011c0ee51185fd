"""The layouts publishers ship, read by the ingest runner (apps.core.inputs) for every plan alike.

Cases, on real files from the sample corpus packed the way upstream packs them: a GovInfo bulk ZIP
(``BILLSTATUS-114-hr.zip``) read in place, its non-BILLSTATUS member skipped and counted, re-run all noop;
BILLS, PLAW and the US Code release-point zip for their plans; a unitedstates/congress ``data/`` folder walked
recursively, where bills take ``fdsys_billstatus.xml`` and votes ``data.json`` and each skips the other's
files; a zip member is named ``archive.zip/member`` in the run and in errors.
"""

import shutil
import zipfile
from pathlib import Path

import pytest

from apps.bills.models import Bill, BillTextVersion, PublicLaw
from apps.core.services.ingest import run_ingest
from apps.documents.models import UscSection
from apps.registry.models import RollCallVote
from tests.conftest import CORPUS

pytestmark = pytest.mark.django_db

LEGACY = CORPUS / "bill-status/legacy-v1"
HR_FILES = ["BILLSTATUS-114hr1531.xml", "BILLSTATUS-114hr2566.xml", "BILLSTATUS-114hr3106.xml"]


def _zip(target: Path, members: dict[str, Path | bytes]) -> Path:
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, source in members.items():
            zf.writestr(name, source if isinstance(source, bytes) else source.read_bytes())
    return target


def test_govinfo_billstatus_zip_is_read_in_place_and_other_members_are_skipped(tmp_path):
    members = {name: LEGACY / name for name in HR_FILES}
    # A member that is not BILLSTATUS (a bulk folder's listing): skipped with a count, never an error.
    members["README.txt"] = b"BILLSTATUS bulk data, 114th Congress, House bills\n"
    archive = _zip(tmp_path / "BILLSTATUS-114-hr.zip", members)

    first = run_ingest(slug="bills", paths=[archive])
    assert (first.status, first.files_total, first.skipped, first.errors) == ("success", 3, 1, [])
    assert (first.inserted, first.updated, first.noop) == (3, 0, 0)
    assert {"file": str(archive), "record": "", "message": "skipped: 1 files not BILLSTATUS-*.xml or "
            "fdsys_billstatus.xml"} in first.warnings  # fmt: skip
    bills = Bill.objects.filter(bill_id__in=["hr:114:1531", "hr:114:2566", "hr:114:3106"])
    assert sorted(bills.values_list("bill_id", flat=True)) == ["hr:114:1531", "hr:114:2566", "hr:114:3106"]

    again = run_ingest(slug="bills", paths=[archive])
    assert (again.inserted, again.updated, again.noop, again.errors) == (0, 0, 3, [])


def test_a_zip_member_that_cannot_be_read_is_named_inside_its_archive(tmp_path):
    archive = _zip(
        tmp_path / "BILLSTATUS-114-hr.zip",
        {HR_FILES[0]: LEGACY / HR_FILES[0], "BILLSTATUS-114hr9999.xml": b"<billStatus><bill>"},
    )
    result = run_ingest(slug="bills", paths=[archive])
    assert (result.status, result.inserted, result.files_failed) == ("partial", 1, 1)
    [error] = result.errors
    assert error["file"] == f"{archive}/BILLSTATUS-114hr9999.xml"
    assert error["message"].startswith("malformed XML")


@pytest.mark.parametrize(
    ("slug", "archive", "members", "model", "expected_ids"),
    [
        (
            "bill-text",
            "BILLS-116-1-s.zip",
            ["bill-text-uslm/BILLS-116s1014es.xml", "bill-text-uslm/BILLS-116sc10rs.xml"],
            BillTextVersion,
            None,
        ),
        (
            "public-laws",
            "PLAW-115publ.zip",
            ["public-laws-uslm/115publ6-uslm.xml", "public-laws-uslm/115publ7-uslm.xml"],
            PublicLaw,
            ["pl:115:6", "pl:115:7"],
        ),
        ("us-code", "xml_usc01@119-43.zip", ["us-code/usc01.xml"], UscSection, None),
    ],
)
def test_govinfo_and_olrc_zips_load_what_the_files_load(
    tmp_path, slug, archive, members, model, expected_ids
):
    direct = run_ingest(slug=slug, paths=[CORPUS / m for m in members], dry_run=True)
    packed = _zip(tmp_path / archive, {Path(m).name: CORPUS / m for m in members})

    first = run_ingest(slug=slug, paths=[packed])
    assert (first.status, first.files_total, first.skipped, first.errors) == ("success", len(members), 0, [])
    assert first.records == direct.records > 0
    if expected_ids:
        assert (
            sorted(model.objects.filter(law_id__in=expected_ids).values_list("law_id", flat=True))
            == expected_ids
        )
    again = run_ingest(slug=slug, paths=[packed])
    assert (again.inserted, again.updated, again.noop) == (0, 0, first.records)


def test_unitedstates_congress_data_folder_is_walked_and_each_source_takes_its_own_files(tmp_path):
    data = tmp_path / "data"
    for bill in ("hjres/hjres24", "sjres/sjres11"):
        folder = data / "119/bills" / bill
        folder.mkdir(parents=True)
        shutil.copy(
            CORPUS / f"bill-status/v3-119th/BILLSTATUS-119{bill.split('/')[1]}.xml",
            folder / "fdsys_billstatus.xml",
        )
    vote = data / "119/votes/2025/h1"
    vote.mkdir(parents=True)
    shutil.copy(CORPUS / "votes/119/2025/h1.json", vote / "data.json")

    votes = run_ingest(slug="roll-call-votes", paths=[data])
    assert (votes.status, votes.files_total, votes.skipped, votes.inserted) == ("success", 1, 2, 1)
    assert RollCallVote.objects.filter(vote_id="house:119:2025:1").exists()

    bills = run_ingest(slug="bills", paths=[data])
    assert (bills.status, bills.files_total, bills.skipped, bills.inserted) == ("success", 2, 1, 2)
    assert sorted(Bill.objects.filter(congress=119).values_list("bill_id", flat=True)) == [
        "hjres:119:24",
        "sjres:119:11",
    ]
    again = run_ingest(slug="bills", paths=[data])
    assert (again.inserted, again.updated, again.noop) == (0, 0, 2)


def test_govinfo_bulkdata_folders_for_the_register_and_the_ecfr(tmp_path):
    bulk = tmp_path / "bulkdata"
    (bulk / "FR/2024/02").mkdir(parents=True)
    (bulk / "ECFR/title-1").mkdir(parents=True)
    shutil.copy(CORPUS / "federal-register/FR-2024-02-12.xml", bulk / "FR/2024/02")
    shutil.copy(CORPUS / "ecfr/ECFR-title1.xml", bulk / "ECFR/title-1")

    fr = run_ingest(slug="federal-register", paths=[bulk], dry_run=True)
    assert (fr.status, fr.files_total, fr.skipped, fr.records) == ("success", 1, 1, 96)
    ecfr = run_ingest(slug="ecfr-and-cfr", paths=[bulk], dry_run=True)
    assert (ecfr.status, ecfr.files_total, ecfr.skipped, ecfr.errors) == ("success", 1, 1, [])
    assert ecfr.records > 0


def test_a_damaged_zip_is_reported_by_name_and_the_run_goes_on(tmp_path):
    damaged = tmp_path / "BILLSTATUS-114-hr.zip"
    damaged.write_bytes(_zip(tmp_path / "whole.zip", {HR_FILES[0]: LEGACY / HR_FILES[0]}).read_bytes()[:200])
    result = run_ingest(slug="bills", paths=[damaged, LEGACY / HR_FILES[1]])
    assert (result.status, result.inserted, result.files_failed) == ("partial", 1, 1)
    assert [e["file"] for e in result.errors] == [str(damaged)]
