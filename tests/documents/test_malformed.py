"""Malformed input of each kind. A file that cannot be read, or that holds one record, is rejected whole with a
clear error naming file and record; in a multi-record file one bad record is quarantined (named by file, record
and field) and the file's other records load."""

import pytest

from apps.core.services.ingest import run_ingest
from apps.documents.models import (
    CfrSection,
    CrecGranule,
    CrsCatalogEntry,
    CrsReport,
    ExecutiveOrder,
    FrDocument,
    GaoReport,
    HearingTranscript,
    UscSection,
)

pytestmark = pytest.mark.django_db

CRS_BAD_DATE = """# A Report

**Product Type:** Reports
**Report No.:** R12345
**Version:** 2
**Publication Date:** 13/45/2026
**Source:** https://www.congress.gov/crs-product/R12345

---
[Listen](https://example.invalid)A Report April 1, 2026 (R12345)

Text.
"""

CRS_CATALOG_BAD = """Product Number,Title,URL,Publication Date,Author(s),Topic(s)
R12345,A Report,https://www.congress.gov/crs-product/R12345,04/01/2026,"Doe, Jane",
R12346,Another,https://www.congress.gov/crs-product/R12346,April first,"Doe, Jane",
"""

GAO_BAD_DATE = """# A GAO Report

**Report:** GAO-26-100001 | **Published:** 2026-02-30 | **Source:** [GAO](https://www.gao.gov/products/gao-26-100001)

---

Body.
"""

FR_TWO_DOCS_ONE_BAD = """<?xml version="1.0"?>
<FEDREG><VOL>89</VOL><NO>29</NO><DATE>Monday, February 12, 2024</DATE>
<NOTICES>
<NOTICE><PREAMB><PRTPAGE P="9900"/><AGENCY TYPE="N">AGENCY</AGENCY><SUBJECT>Good</SUBJECT></PREAMB>
<FRDOC>[FR Doc. 2024-99991 Filed 2-8-24; 8:45 am]</FRDOC></NOTICE>
<NOTICE><PREAMB><AGENCY TYPE="N">AGENCY</AGENCY><SUBJECT>No number</SUBJECT></PREAMB>
<FRDOC>[Filed 2-8-24; 8:45 am]</FRDOC></NOTICE>
</NOTICES></FEDREG>
"""

EO_BAD = """number,citation,signing_date,document_number,notes
99001, 70 FR 1,2005-01-01,05-1,
99002, seventy FR 2,2005-01-02,05-2,
"""

ECFR_NO_PART = """<?xml version="1.0"?>
<DLPSTEXTCLASS><TEXT><BODY><ECFRBRWS><AMDDATE>Dec. 29, 2022</AMDDATE>
<DIV1 N="1" NODE="1:1" TYPE="TITLE"><HEAD>Title 1—General Provisions</HEAD>
<DIV3 N="I" TYPE="CHAPTER"><HEAD>CHAPTER I—X</HEAD>
<DIV8 N="§ 9.1" TYPE="SECTION"><HEAD>§ 9.1   Orphan.</HEAD><P>Text.</P></DIV8>
<DIV5 N="99" TYPE="PART"><HEAD>PART 99—Y</HEAD>
<DIV8 N="§ 99.1" TYPE="SECTION"><HEAD>§ 99.1   Kept.</HEAD><P>Text.</P></DIV8></DIV5>
</DIV3></DIV1></ECFRBRWS></BODY></TEXT></DLPSTEXTCLASS>
"""

USLM_BAD_ID = """<?xml version="1.0"?>
<uscDoc xmlns="http://xml.house.gov/schemas/uslm/1.0" identifier="/us/usc/t52"><main>
<title identifier="/us/usc/t52"><section identifier="/us/usc/t52/s10101"><num>§ 10101.</num>
<heading>Good</heading><content>Text.</content></section>
<section identifier="/us/usc/t52/bogus"><num>§ x.</num><heading>Bad</heading></section></title>
</main></uscDoc>
"""

CREC_WRONG_DATE = """<html><body><pre>
[Congressional Record Volume 151, Number 99 (Thursday, July 21, 2005)]
[Senate]
[Page S9999]
From the Congressional Record Online through the Government Publishing Office [www.gpo.gov]

                                TITLE

  Mr. SMITH. Words.
</pre></body></html>
"""

CHRG_NO_HEADER = "<html><body><pre>\nA hearing with no chamber/congress line.\n</pre></body></html>"

CASES = [
    # single-record files, rejected whole: slug, file name, content, model, record named, words in the message
    ("crs-reports", "R12345v2-a-report.md", CRS_BAD_DATE, CrsReport, "crs:R12345", "Publication Date"),
    ("gao-reports", "gao-26-100001.md", GAO_BAD_DATE, GaoReport, "gao:GAO-26-100001", "Published"),
    ("congressional-record", "CREC-2005-07-20-pt1-PgS9999.htm", CREC_WRONG_DATE, CrecGranule,
     "crec:CREC-2005-07-20-pt1-PgS9999", "does not match the file name"),
    ("hearing-transcripts", "CHRG-118hhrg12345.htm", CHRG_NO_HEADER, HearingTranscript,
     "chrg:CHRG-118hhrg12345", "Hearing"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("slug", "name", "content", "model", "record", "words"), CASES, ids=[c[0] for c in CASES]
)
def test_malformed_file_names_file_and_record_and_writes_nothing(
    tmp_path, slug, name, content, model, record, words
):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    before = model.objects.count()
    result = run_ingest(slug=slug, paths=[path])
    assert result.status == "failed"
    assert len(result.errors) == 1
    (error,) = result.errors
    assert error["file"] == str(path)
    assert error["record"] == record
    assert words in error["message"]
    assert model.objects.count() == before


QUARANTINE_CASES = [
    # multi-record files: slug, file name, content, model, record and field named, words, the good record loaded
    ("crs-reports", "2026-04-01.csv", CRS_CATALOG_BAD, CrsCatalogEntry, "crs-catalog:2026-04-01.csv:R12346",
     "Publication Date", "date", {"product_number": "R12345"}),
    ("federal-register", "FR-2024-02-12.xml", FR_TWO_DOCS_ONE_BAD, FrDocument, "NOTICE #2", "FRDOC",
     "no document number", {"document_number": "2024-99991"}),
    ("executive-orders", "executive_orders.csv", EO_BAD, ExecutiveOrder, "eo:99002", "citation",
     "is not 'VOL FR PAGE'", {"number": 99001}),
    ("ecfr-and-cfr", "ECFR-title1.xml", ECFR_NO_PART, CfrSection, "cfr:1:9.1", "PART", "not inside a PART",
     {"section": "99.1"}),
    ("us-code", "usc52.xml", USLM_BAD_ID, UscSection, "/us/usc/t52/bogus", "identifier",
     "/us/usc/t52/bogus", {"section": "10101"}),
]  # fmt: skip


@pytest.mark.parametrize(
    ("slug", "name", "content", "model", "record", "field", "words", "good"),
    QUARANTINE_CASES,
    ids=[c[0] for c in QUARANTINE_CASES],
)
def test_one_bad_record_is_quarantined_and_the_rest_of_its_file_loads(
    tmp_path, slug, name, content, model, record, field, words, good
):
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    result = run_ingest(slug=slug, paths=[path])
    assert (result.status, result.errors, result.inserted) == ("partial", [], 1)
    (bad,) = result.quarantined
    assert (bad["file"], bad["record"], bad["field"]) == (str(path), record, field)
    assert words in bad["message"]
    assert model.objects.filter(**good).exists()
    again = run_ingest(
        slug=slug, paths=[path]
    )  # unchanged: the good record is a noop, the bad one named again
    assert (again.inserted, again.updated, again.noop, len(again.quarantined)) == (0, 0, 1, 1)


def test_a_bad_file_does_not_stop_the_good_ones(tmp_path, corpus):
    bad = tmp_path / "gao-26-100001.md"
    bad.write_text(GAO_BAD_DATE, encoding="utf-8")
    result = run_ingest(slug="gao-reports", paths=[corpus / "gao/gao-26-108653.md", bad])
    assert result.status == "partial"
    assert (result.records, result.noop, result.files_failed) == (1, 1, 1)
    assert not GaoReport.objects.filter(report_number="GAO-26-100001").exists()
