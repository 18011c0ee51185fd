"""Bill-side id kinds and sloppy bill spellings."""

import pytest

from apps.bills.selectors import bill_resolve_id
from apps.core.errors import NotFound, UnrecognizedIdFormat
from apps.core.ids import classify_id


@pytest.mark.parametrize(
    ("raw", "kind", "canonical"),
    [
        ("pl:119:7", "public-law", "pl:119:7"),
        ("Public Law 119–7", "public-law", "pl:119:7"),
        ("P.L. 113-44", "public-law", "pl:113:44"),
        ("PLAW-113publ44", "public-law", "pl:113:44"),
        ("comps:339", "public-law", "comps:339"),
        ("sap:2025-04-03_sjres26,sjres33", "sap", "sap:2025-04-03_sjres26_sjres33"),
        ("topic:policy-area:energy", "topic", "topic:policy-area:energy"),
        ("hjres24-119", "bill", "hjres:119:24"),
    ],
)
def test_classify(raw, kind, canonical):
    found, value = classify_id(raw)
    assert (found.name, value) == (kind, canonical)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("raw", "canonical"),
    [("H.R. 1", "hr:117:1"), ("HR1", "hr:117:1"), ("hr1-117", "hr:117:1"), ("S.Con.Res. 5", "sconres:117:5")],
)
def test_sloppy_bill_spellings(raw, canonical):
    assert bill_resolve_id(raw) == canonical


@pytest.mark.django_db
def test_unknown_and_bad_bills():
    assert bill_resolve_id("hr103-119") == "hr:119:103"  # a full id is canonical even if not ingested
    with pytest.raises(NotFound):
        bill_resolve_id("H.R. 103")  # no congress, and no H.R. 103 in any ingested Congress
    with pytest.raises(UnrecognizedIdFormat):
        bill_resolve_id("HB 103")
