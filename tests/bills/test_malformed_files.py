"""A truncated or malformed file: a clear error naming it, nothing half-written, the rest of the run goes on."""

import shutil

import pytest

from apps.bills.models import Bill, BillCosponsor, BillTextVersion
from apps.core.services.ingest import run_ingest

pytestmark = pytest.mark.django_db


def _copy_with_number(corpus, tmp_path, number: int):
    text = (corpus / "bill-status/v3-119th/BILLSTATUS-119hjres24.xml").read_text()
    text = text.replace("<number>24</number>", f"<number>{number}</number>", 1)
    path = tmp_path / f"BILLSTATUS-119hjres{number}.xml"
    path.write_text(text)
    return path


def test_truncated_billstatus_is_reported_and_the_rest_of_the_run_continues(corpus, tmp_path):
    good = _copy_with_number(corpus, tmp_path, 9001)
    truncated = tmp_path / "BILLSTATUS-119hjres9002.xml"
    truncated.write_text(_copy_with_number(corpus, tmp_path / "..", 9002).read_text()[:5000])
    result = run_ingest(slug="bills", paths=[good, truncated])
    assert (result.status, result.files_failed, result.inserted) == ("partial", 1, 1)
    (error,) = result.errors
    assert error["file"] == str(truncated)
    assert error["message"].startswith("malformed XML: ")
    assert Bill.objects.filter(bill_id="hjres:119:9001").exists()
    assert not Bill.objects.filter(bill_id="hjres:119:9002").exists()


def test_a_load_failure_midway_rolls_the_record_back_and_quarantines_it(corpus, tmp_path, monkeypatch):
    path = _copy_with_number(corpus, tmp_path, 9003)

    def explode(*args, **kwargs):
        raise RuntimeError("disk full")

    # fails after the bill row and its cosponsors were written
    monkeypatch.setattr("apps.bills.services.bills._text_versions", explode)
    result = run_ingest(slug="bills", paths=[path])
    assert (result.status, result.errors) == ("failed", [])
    assert result.quarantined == [
        {"file": str(path), "record": "hjres:119:9003", "field": "", "message": "RuntimeError: disk full"}
    ]
    assert not Bill.objects.filter(bill_id="hjres:119:9003").exists()
    assert not BillCosponsor.objects.filter(bill__bill_id="hjres:119:9003").exists()


def test_invalid_value_names_file_and_record(corpus, tmp_path):
    path = _copy_with_number(corpus, tmp_path, 9004)
    path.write_text(
        path.read_text().replace(
            "<introducedDate>2025-01-16</introducedDate>", "<introducedDate>2025-13-45</introducedDate>"
        )
    )
    result = run_ingest(slug="bills", paths=[path])
    (error,) = result.errors
    assert (error["file"], error["record"]) == (str(path), "hjres:119:9004")
    assert error["message"].startswith("invalid value: ")


def test_malformed_uslm_text_writes_nothing(corpus, tmp_path):
    broken = tmp_path / "H1000_IH.XML"
    broken.write_text((corpus / "bill-text-uslm/H1000_IH.XML").read_text()[:20000])
    good = tmp_path / "renamed.xml"  # the name means nothing: the bill is read from <citableAs>
    shutil.copy(corpus / "bill-text-uslm/HJ100_IH.XML", good)
    before = BillTextVersion.objects.count()
    result = run_ingest(slug="bill-text", paths=[broken, good])
    assert [e["file"] for e in result.errors] == [str(broken)]
    assert "malformed XML" in result.errors[0]["message"]
    assert (result.updated, BillTextVersion.objects.count()) == (1, before)  # only source_file changed


def test_a_member_without_bioguide_id_is_a_warning_not_a_failure(corpus, tmp_path):
    path = _copy_with_number(corpus, tmp_path, 9005)
    path.write_text(path.read_text().replace("<bioguideId>R000619</bioguideId>", "", 1))
    result = run_ingest(slug="bills", paths=[path])
    assert (result.status, result.inserted) == ("success", 1)
    assert result.warnings == [
        {
            "file": path.name,
            "record": "hjres:119:9005",
            "message": "member without a bioguide id, not linked: Rep. Rulli, Michael A. [R-OH-6]",
        }
    ]
    assert Bill.objects.get(bill_id="hjres:119:9005").cosponsors.count() == 9
