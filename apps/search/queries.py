"""Load the ``sql/*.sql`` files once, fill in quoted identifiers, and run them under a time limit.

This is the only module of the search engine that talks to the database. It runs on the raw pysqlite3
connection of Django's default connection (same transaction) so the SQL keeps SQLite's ``:name``
parameters as written in the files.
"""

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from django.conf import settings
from django.db import connection

from apps.core.db import timelimit
from apps.core.db.quoting import quote_ident
from apps.core.db.timelimit import deadline

SQL_DIR = Path(__file__).parent / "sql"


@cache
def load(name: str) -> str:
    return (SQL_DIR / f"{name}.sql").read_text()


def render(name: str, *, idents: dict[str, str] | None = None, raw: dict[str, str] | None = None) -> str:
    """The SQL of ``name`` with identifiers quoted and code-built fragments (never user text) inserted."""
    values = {key: quote_ident(value) for key, value in (idents or {}).items()}
    values.update(raw or {})
    return load(name).format(**values)


def raw_connection():
    connection.ensure_connection()
    return connection.connection


def database_name() -> str:
    return str(connection.settings_dict["NAME"])


def fetchall(sql: str, params: dict | tuple = ()) -> list[tuple]:
    raw = raw_connection()
    if timelimit.overdue(raw):
        raise timelimit.interrupted_error()
    cursor = raw.cursor()
    try:
        return cursor.execute(sql, params).fetchall()
    finally:
        cursor.close()


def execute_many(sql: str, rows: Iterable) -> None:
    cursor = raw_connection().cursor()
    try:
        cursor.executemany(sql, rows)
    finally:
        cursor.close()


def ids_param(ids: Iterable[int]) -> str:
    return json.dumps([int(i) for i in ids])


def time_limit_ms() -> int:
    return settings.JOSH["QUERY_TIME_LIMIT_MS"]


def time_limit(ms: int | None = None):
    """Abort the SQLite statements run inside after ``ms`` milliseconds with ``QueryTimeout``."""
    return deadline(
        ms or time_limit_ms(),
        "The search ran past its {ms} ms budget. Add a filter (source, since, congress), use rarer words, "
        "or lower the limit.",
    )
