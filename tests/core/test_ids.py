import pytest

from apps.core.errors import InvalidParameter, UnrecognizedIdFormat
from apps.core.ids import (
    BillRef,
    bill_id_param,
    classify_id,
    find_bill_mentions,
    is_id_key,
    normalize_for,
    parse_bill_ref,
)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("hr:119:103", BillRef("hr", 119, 103)),
        ("HR:119:103", BillRef("hr", 119, 103)),
        ("H.R. 103", BillRef("hr", None, 103)),
        ("HR103", BillRef("hr", None, 103)),
        ("hr103-119", BillRef("hr", 119, 103)),
        ("119-hr-103", BillRef("hr", 119, 103)),
        ("119hr103", BillRef("hr", 119, 103)),
        ("H.J.Res. 24", BillRef("hjres", None, 24)),
        ("hjres24-119", BillRef("hjres", 119, 24)),
        ("S.Con.Res. 33", BillRef("sconres", None, 33)),
        ("S. 1582", BillRef("s", None, 1582)),
        ("/us/bill/119/hjres/24", BillRef("hjres", 119, 24)),
        ("BILLS-119hjres24ih", BillRef("hjres", 119, 24)),
        ("BILLSTATUS-117hr1", BillRef("hr", 117, 1)),
    ],
)
def test_parse_bill_ref_accepts_the_spellings_seen_in_real_data(text, expected):
    assert parse_bill_ref(text) == expected


@pytest.mark.parametrize("text", ["", "hr", "hr:119", "xyz:1:2", "hr:119:abc", "S000033", "119"])
def test_parse_bill_ref_rejects_non_bills(text):
    assert parse_bill_ref(text) is None


def test_bill_ids_round_trip():
    ref = parse_bill_ref("hr103-119")
    assert ref.id == "hr:119:103"
    assert parse_bill_ref(ref.id) == ref


def test_find_bill_mentions_in_prose_dedupes_in_order():
    text = "See H.R. 1234 and S. 373; also H.J.Res. 24, S.Con.Res. 33 and H.R. 1234 again."
    ids = [ref.id for ref in find_bill_mentions(text, congress=119)]
    assert ids == ["hr:119:1234", "s:119:373", "hjres:119:24", "sconres:119:33"]


def test_find_bill_mentions_ignores_us_abbreviation():
    assert find_bill_mentions("In the U.S. 2024 budget, and 5 U.S. 552, see S. 12.", congress=118) == [
        BillRef("s", 118, 12)
    ]


def test_classify_id_dispatches_bills_and_rejects_unknown_prefixes_with_hint():
    kind, canonical = classify_id("HR103-119")
    assert (kind.name, canonical) == ("bill", "hr:119:103")
    with pytest.raises(UnrecognizedIdFormat) as err:
        classify_id("zzz:1")
    assert err.value.code == "unrecognized_id_format"
    assert "hr" in err.value.hint["valid_prefixes"]


def test_normalize_for_names_the_parameter():
    with pytest.raises(UnrecognizedIdFormat) as err:
        normalize_for("bill", "nonsense", parameter="bill_id")
    assert err.value.hint["parameter"] == "bill_id"


@pytest.mark.parametrize(
    ("raw", "congress", "expected"),
    [
        ("hr:119:103", None, "hr:119:103"),
        ("H.R. 103-119", None, "hr:119:103"),
        ("S. 373", 110, "s:110:373"),  # the request's congress filter supplies the missing congress
        ("hr:119:103", 110, "hr:119:103"),  # ...but never overrides the one the text names
    ],
)
def test_bill_id_param_canonicalises_any_spelling(raw, congress, expected):
    assert bill_id_param(raw, congress=congress) == expected


@pytest.mark.parametrize("raw", ["S. 373", "not-a-bill", ""])
def test_bill_id_param_without_a_congress_is_a_400_naming_the_parameter(raw):
    with pytest.raises(InvalidParameter) as caught:
        bill_id_param(raw, parameter="bill")
    assert caught.value.code == "invalid_parameter"
    assert caught.value.hint == {"parameter": "bill", "example": "hr:119:103"}
    assert "is not a bill id with a congress" in caught.value.message


@pytest.mark.parametrize(
    ("key", "linked"),
    [("id", True), ("bill_id", True), ("bill_ids", True), ("laws", True), ("crs_products_cited", True),
     ("upstream_id", False), ("package_id", False), ("title", False)],
)  # fmt: skip
def test_one_rule_says_which_keys_hold_ids(key, linked):
    assert is_id_key(key) is linked
