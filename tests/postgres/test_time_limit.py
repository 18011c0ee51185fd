"""PostgreSQL's side of the time limits (apps/core/db/timelimit.py): SQLite's progress handler has no
equivalent there, so a ``deadline`` block hands its budget to the server as ``statement_timeout``."""

import time

import pytest
from django.conf import settings
from django.db import connection

from apps.core.db.timelimit import deadline
from apps.core.errors import QueryTimeout

pytestmark = pytest.mark.skipif(
    settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
    reason="PostgreSQL's statement_timeout: run with make test-postgres",
)


def _show_timeout() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SHOW statement_timeout")
        return cursor.fetchone()[0]


@pytest.mark.django_db
def test_a_statement_past_its_block_is_stopped_by_the_server():
    started = time.perf_counter()
    with pytest.raises(QueryTimeout) as caught, deadline(200, "past {ms} ms"):
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_sleep(5)")
    assert 0.15 < time.perf_counter() - started < 3  # stopped at its budget, not after the 5 s sleep
    assert (str(caught.value), caught.value.hint["time_limit_ms"]) == ("past 200 ms", 200)


@pytest.mark.django_db(transaction=True)
def test_the_block_budget_is_set_for_the_block_only_and_nested_blocks_restore_the_outer_one():
    own = _show_timeout()
    with deadline(60_000, "outer"):
        assert 59_000 <= _ms(_show_timeout()) <= 60_000
        with deadline(5_000, "inner"):
            assert 4_000 <= _ms(_show_timeout()) <= 5_000
        assert 59_000 <= _ms(_show_timeout()) <= 60_000
    assert _show_timeout() == own
    with deadline(100, "after"), connection.cursor() as cursor:
        cursor.execute("SELECT 1")  # a quick statement inside its budget is untouched
        assert cursor.fetchone() == (1,)


def _ms(text: str) -> int:
    number, unit = int("".join(c for c in text if c.isdigit())), text.lstrip("0123456789")
    return number * {"ms": 1, "s": 1000, "min": 60_000}[unit]
