"""Django's ``TestCase`` checks every foreign key at the end of each test (``_fixture_teardown``: deferred
checks would otherwise never fire, since the test's transaction is rolled back, not committed). On SQLite
that check is ``PRAGMA foreign_key_check`` over the whole database, the package's ingested sample included:
~13 ms a test over the full sample, for rows that were checked once when the sample was loaded
(tests/corpus.py). Only a write can break a foreign key, so a test on SQLite that wrote no row (the
connection's ``total_changes`` did not move: it counts every row inserted, updated or deleted, by triggers
too) skips it; a test that wrote anything is checked as before, as is every test on PostgreSQL (where the
check only fires the constraints the test's own writes queued)."""

from django.db import connections
from django.test import TestCase

# Django's own (``_fixture_setup`` is a classmethod: pytest-django sets a test up on a class made for it).
_fixture_setup = TestCase.__dict__["_fixture_setup"].__func__
_should_check_constraints = TestCase._should_check_constraints


def _rows_written(connection) -> int | None:
    if connection.vendor != "sqlite" or connection.connection is None:
        return None
    return connection.connection.total_changes


@classmethod
def _fixture_setup_noting_writes(cls):
    _fixture_setup(cls)
    cls.josh_rows_written = {alias: _rows_written(connections[alias]) for alias in cls._databases_names()}


def _should_check_written_constraints(self, connection):
    before = getattr(self, "josh_rows_written", {}).get(connection.alias)
    if before is not None and _rows_written(connection) == before:
        return False
    return _should_check_constraints(self, connection)


def install() -> None:
    TestCase._fixture_setup = _fixture_setup_noting_writes  # type: ignore[method-assign]
    TestCase._should_check_constraints = _should_check_written_constraints  # type: ignore[method-assign]
