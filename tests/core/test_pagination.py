import pytest

from apps.core.errors import InvalidParameter
from apps.core.pagination import decode_cursor, encode_cursor, paginate, parse_limit


def test_limit_defaults_to_20_and_caps_at_250():
    assert parse_limit(None) == 20
    assert parse_limit(250) == 250
    for bad in (0, -1, 251):
        with pytest.raises(InvalidParameter) as err:
            parse_limit(bad)
        assert err.value.hint["parameter"] == "limit"


def test_cursor_round_trips_and_rejects_forgeries():
    assert decode_cursor(encode_cursor(40)) == 40
    assert decode_cursor(None) == 0
    for bad in ("garbage!", "eDo1", "bzotMQ"):  # not base64, "x:5", "o:-1"
        with pytest.raises(InvalidParameter) as err:
            decode_cursor(bad)
        assert err.value.hint["parameter"] == "cursor"


def test_paginate_walks_a_sequence():
    items = list(range(45))
    first = paginate(items, limit=20, cursor=None, to_schema=lambda x: x)
    assert first.results == list(range(20)) and first.pagination.total == 45
    second = paginate(items, limit=20, cursor=first.pagination.next_cursor, to_schema=lambda x: x)
    third = paginate(items, limit=20, cursor=second.pagination.next_cursor, to_schema=lambda x: x)
    assert third.results == list(range(40, 45)) and third.pagination.next_cursor is None
