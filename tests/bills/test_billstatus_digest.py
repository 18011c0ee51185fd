"""The plans that read BILLSTATUS after ``bills`` (CBO estimates, committee reports, topics) take what they
need from the ``bills`` pass's parse of the same unchanged file, so ``ingest all`` parses each file once."""

import shutil
from pathlib import Path

import pytest
from django.conf import settings

from apps.bills.parsing import billstatus
from apps.bills.parsing.billstatus import billstatus_digest, parse_billstatus
from apps.core.errors import SourceFormatError

SAMPLE = Path(settings.CORPUS_DIR) / "bill-status" / "v3" / "BILLSTATUS-117hr4350.xml"


def test_followers_reuse_the_bills_parse_of_an_unchanged_file(tmp_path):
    path = tmp_path / SAMPLE.name
    shutil.copy(SAMPLE, path)
    rec = parse_billstatus(path)
    digest = billstatus_digest(path)
    assert digest is billstatus._DIGESTS[billstatus._file_version(path)]  # no second parse
    assert digest == {
        "bill_id": "hr:117:4350",
        "policy_area": rec.policy_area,
        "subjects": rec.subjects,
        "cbo_estimates": rec.cbo_estimates,
        "committee_reports": rec.committee_reports,
    }
    assert digest["policy_area"] == "Armed Forces and National Security"
    assert [r.citation for r in digest["committee_reports"]] == [
        "H. Rept. 117-118",
        "H. Rept. 117-118,Part 2",
    ]


def test_a_changed_file_is_parsed_again(tmp_path):
    path = tmp_path / SAMPLE.name
    shutil.copy(SAMPLE, path)
    parse_billstatus(path)
    path.write_text(SAMPLE.read_text().replace("<number>4350</number>", "<number>99999</number>", 1))
    assert billstatus_digest(path)["bill_id"] == "hr:117:99999"
    path.write_text("<billStatus><bill>")  # truncated: the follower rejects it as the bills plan would
    with pytest.raises(SourceFormatError, match="malformed XML"):
        billstatus_digest(path)
