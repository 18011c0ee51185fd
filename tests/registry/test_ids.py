import pytest

from apps.core.errors import UnrecognizedIdFormat
from apps.core.ids import classify_id, normalize_for


@pytest.mark.parametrize(
    ("raw", "kind", "canonical"),
    [
        ("S000033", "legislator", "S000033"),
        ("s000033", "legislator", "S000033"),
        ("lis:S313", "legislator", "lis:S313"),
        ("LIS:s313", "legislator", "lis:S313"),
        ("HSWM", "committee", "HSWM"),
        ("hswm", "committee", "HSWM"),
        ("hswm00", "committee", "HSWM"),
        ("HSWM01", "committee", "HSWM01"),
        ("hswm01", "committee", "HSWM01"),
        ("house:119:2025:77", "vote", "house:119:2025:77"),
        ("Senate:119:2025:0162", "vote", "senate:119:2025:162"),
        ("h77-119.2025", "vote", "house:119:2025:77"),
        ("s162-119.2025", "vote", "senate:119:2025:162"),
        ("hr:119:103", "bill", "hr:119:103"),
    ],
)
def test_registry_ids_classify_and_canonicalise(raw, kind, canonical):
    found, value = classify_id(raw)
    assert (found.name, value) == (kind, canonical)


@pytest.mark.parametrize(
    ("kind", "raw"),
    [("legislator", "S31"), ("legislator", "lis:S31"), ("committee", "HSWM1"), ("committee", "XXWM"),
     ("vote", "house:119:77"), ("vote", "x77-119.2025")],
)  # fmt: skip
def test_malformed_registry_ids_raise_naming_the_kind(kind, raw):
    with pytest.raises(UnrecognizedIdFormat) as err:
        normalize_for(kind, raw)
    assert err.value.hint["parameter"] == "id"
