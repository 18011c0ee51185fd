from datetime import date

import pytest

from apps.core.errors import UnrecognizedIdFormat
from apps.core.ids import classify_id, congress_for_date
from apps.documents.text import bill_mentions


@pytest.mark.parametrize(
    ("raw", "kind", "canonical"),
    [
        ("crs:R48917", "crs_report", "crs:R48917"),
        ("R48917", "crs_report", "crs:R48917"),
        ("if13013", "crs_report", "crs:IF13013"),
        ("CRS Report RL30857", "crs_report", "crs:RL30857"),
        ("crs:98-317", "crs_report", "crs:98-317"),
        ("GAO-26-108653", "gao_report", "gao:GAO-26-108653"),
        ("gao-08-587t", "gao_report", "gao:GAO-08-587T"),
        ("2024-02930", "fr_document", "fr:2024-02930"),
        ("FR Doc. 2024-02930", "fr_document", "fr:2024-02930"),
        ("fr:94-290", "fr_document", "fr:94-290"),
        ("EO 12890", "executive_order", "eo:12890"),
        ("Executive Order 14117", "executive_order", "eo:14117"),
        ("1 CFR 1.1", "cfr_section", "cfr:1:1.1"),
        ("1 C.F.R. § 51.9", "cfr_section", "cfr:1:51.9"),
        ("cfr:1:457.104-457.109", "cfr_section", "cfr:1:457.104-457.109"),
        ("1 U.S.C. 112a", "usc_section", "usc:1:112a"),
        ("/us/usc/t1/s112a", "usc_section", "usc:1:112a"),
        ("usc:1:112a", "usc_section", "usc:1:112a"),
        ("CREC-2005-07-20-pt1-PgS8587-2", "crec_granule", "crec:CREC-2005-07-20-pt1-PgS8587-2"),
        ("crec:crec-2005-07-20-pt1-pgs8587-2", "crec_granule", "crec:CREC-2005-07-20-pt1-PgS8587-2"),
        ("CREC-2005-07-20-pt1-PgS-FrontMatter", "crec_granule", "crec:CREC-2005-07-20-pt1-PgS-FrontMatter"),
        ("CHRG-118hhrg12345", "hearing_transcript", "chrg:CHRG-118hhrg12345"),
    ],
)
def test_document_ids_round_trip(raw, kind, canonical):
    found, got = classify_id(raw)
    assert (found.name, got) == (kind, canonical)
    assert classify_id(got)[1] == canonical  # the canonical form is itself accepted


def test_bill_ids_still_win_for_bill_citations():
    assert classify_id("H.R. 103-119")[1] == "hr:119:103"


def test_unknown_shape_lists_document_prefixes():
    with pytest.raises(UnrecognizedIdFormat) as exc:
        classify_id("nonsense!")
    assert {"crs", "gao", "fr", "eo", "cfr", "usc", "crec", "chrg"} <= set(exc.value.hint["valid_prefixes"])


@pytest.mark.parametrize(
    ("day", "congress"),
    [
        (date(2005, 7, 20), 109),
        (date(2025, 1, 2), 118),  # the 119th Congress convened on January 3, 2025
        (date(2025, 1, 3), 119),
        (date(2026, 1, 2), 119),  # even years: no turnover
        (date(2024, 2, 12), 118),
    ],
)
def test_congress_for_date(day, congress):
    assert congress_for_date(day) == congress


def test_bill_mentions_use_the_congress_the_sentence_names():
    text = (
        "In the 118th Congress, H.R. 7148 passed. The U.S. 2024 budget. S. \n1427 was introduced; see H.R. 1."
    )
    assert bill_mentions(text, congress=119) == [
        ("hr:118:7148", "H.R. 7148"),
        ("s:119:1427", "S. 1427"),
        ("hr:119:1", "H.R. 1"),
    ]
