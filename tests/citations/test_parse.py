"""apps.citations.parse: each citation form as readers write it, and the near misses that are not one.

Pure parsing (no database): what each form is read as. Which record it opens is
tests/explorer/test_onebox.py, against the ingested samples.
"""

import pytest

from apps.citations.parse import BILL, COMMITTEE_REPORT, FR_PAGE, parse_citation


@pytest.mark.parametrize(
    "text, volume, page",
    [
        ("89 FR 9838", 89, 9838),
        ("89 F.R. 9838", 89, 9838),
        ("89 Fed. Reg. 9,838", 89, 9838),
        ("  89  FR  9742 ", 89, 9742),
    ],
)
def test_federal_register_page(text, volume, page):
    cite = parse_citation(text)
    assert (cite.kind, cite.parts, cite.id) == (FR_PAGE, {"volume": volume, "page": page}, None)
    assert cite.label == f"{volume} FR {page}"


@pytest.mark.parametrize(
    "text, canonical, label",
    [
        ("42 U.S.C. 1983", "usc:42:1983", "42 U.S.C. 1983"),
        ("42 USC § 1983", "usc:42:1983", "42 U.S.C. 1983"),
        ("1 U.S.C. § 1", "usc:1:1", "1 U.S.C. 1"),
        ("16 U.S.C. 1a–1", "usc:16:1a-1", "16 U.S.C. 1a-1"),  # the Code's en dash reads as the id's hyphen
    ],
)
def test_us_code(text, canonical, label):
    cite = parse_citation(text)
    assert (cite.kind, cite.resource, cite.id, cite.label) == ("usc_section", "us-code", canonical, label)


@pytest.mark.parametrize("text", ["Pub. L. 117-58", "P.L. 117-58", "Public Law 117-58", "PL 117–58"])
def test_public_law(text):
    cite = parse_citation(text)
    assert (cite.kind, cite.resource, cite.id, cite.label) == (
        "public-law",
        "public-laws",
        "pl:117:58",
        "Pub. L. 117-58",
    )


@pytest.mark.parametrize(
    "text, parts, label",
    [
        ("S. Rept. 118-12", {"report_type": "srpt", "congress": 118, "number": 12}, "S. Rept. 118-12"),
        ("H. Rept. 118-100", {"report_type": "hrpt", "congress": 118, "number": 100}, "H. Rept. 118-100"),
        ("H.Rpt. 117-118", {"report_type": "hrpt", "congress": 117, "number": 118}, "H. Rept. 117-118"),
        ("H. Rep. No. 114-182", {"report_type": "hrpt", "congress": 114, "number": 182}, "H. Rept. 114-182"),
        (
            "H. Rept. 117-118, Part 2",
            {"report_type": "hrpt", "congress": 117, "number": 118, "part": 2},
            "H. Rept. 117-118",
        ),
    ],
)
def test_committee_report(text, parts, label):
    cite = parse_citation(text)
    assert (cite.kind, cite.parts, cite.label, cite.id) == (COMMITTEE_REPORT, parts, label, None)


@pytest.mark.parametrize("text", ["1 CFR 1.1", "1 C.F.R. § 1.1", "1 C.F.R. 1.1"])
def test_cfr(text):
    cite = parse_citation(text)
    assert (cite.kind, cite.resource, cite.id, cite.label) == ("cfr_section", "cfr", "cfr:1:1.1", "1 CFR 1.1")


@pytest.mark.parametrize(
    "text, canonical, label",
    [
        ("HR1 118th", "hr:118:1", "H.R. 1 (118th)"),
        ("H.Res. 99 (114th)", "hres:114:99", "H.Res. 99 (114th)"),
        ("S. 2155, 115th Congress", "s:115:2155", "S. 2155 (115th)"),
        ("H.R. 1 (117th Congress)", "hr:117:1", "H.R. 1 (117th)"),
        ("S.Con.Res. 5 (117th)", "sconres:117:5", "S.Con.Res. 5 (117th)"),
        ("hr:117:4350", "hr:117:4350", "H.R. 4350 (117th)"),
        ("S. 1 (111th)", "s:111:1", "S. 1 (111th)"),
        ("S. 1 (112th)", "s:112:1", "S. 1 (112th)"),
    ],
)
def test_bill_with_its_congress(text, canonical, label):
    cite = parse_citation(text)
    assert (cite.kind, cite.resource, cite.id, cite.label) == (BILL, "bills", canonical, label)


@pytest.mark.parametrize(
    "text, bill_type, number",
    [("H.R. 1", "hr", 1), ("S. 2155", "s", 2155), ("H.J.Res. 24", "hjres", 24), ("HR1", "hr", 1)],
)
def test_bill_without_a_congress_keeps_its_parts(text, bill_type, number):
    cite = parse_citation(text)
    assert (cite.kind, cite.id, cite.resource) == (BILL, None, "bills")
    assert cite.parts == {"bill_type": bill_type, "number": number, "congress": None}


@pytest.mark.parametrize(
    "text, label",
    [
        ("Ｈ.Ｒ. １", "H.R. 1"),
        ("８９ ＦＲ ９８３８", "89 FR 9838"),
        ("Ｐｕｂ. Ｌ. １１７-５８", "Pub. L. 117-58"),
    ],
)
def test_full_width_forms_read_as_their_ascii_citation(text, label):
    cite = parse_citation(text)
    assert cite is not None and cite.label == label


@pytest.mark.parametrize(
    "text, kind, canonical",
    [
        ("2024-02930", "fr_document", "fr:2024-02930"),
        ("FR Doc. 2024-02930", "fr_document", "fr:2024-02930"),
        ("R47000", "crs_report", "crs:R47000"),
        ("crs:IF12495", "crs_report", "crs:IF12495"),
        ("GAO-24-106", "gao_report", "gao:GAO-24-106"),
        ("gao-26-107759", "gao_report", "gao:GAO-26-107759"),
        ("E.O. 14117", "executive_order", "eo:14117"),
    ],
)
def test_document_numbers(text, kind, canonical):
    cite = parse_citation(text)
    assert (cite.kind, cite.id) == (kind, canonical)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "89 FR",  # a volume without a page
        "FR 9838",  # a page without a volume
        "89 FR 0",
        "42 U.S.C.",  # a title without a section
        "U.S.C. 1983",
        "Pub. L. 117",  # a Congress without a law number
        "Public Law",
        "S. Rept. 118",  # a Congress without a report number
        "Rept. 118-12",  # no chamber
        "1 CFR",
        "CFR 1.1",
        "H.R.",
        "HR1 118",  # a number after a bill is not a Congress without its ordinal
        "U.S. 2024",  # the country and a year, not the bill S. 2024
        "R470",  # a CRS number has four or five digits
        "GAO-24",
        "Elizabeth Warren",
        "AOC",
        "walk-in freezer efficiency",
        "HSWM",  # a committee code is a name the committee cards find, not a citation
        "snap",
        "S000033",  # a member's id: the member cards find members
        "89 FR 9838 and 89 FR 9839",  # two citations: words to search
    ],
)
def test_near_misses_are_not_citations(text):
    assert parse_citation(text) is None
