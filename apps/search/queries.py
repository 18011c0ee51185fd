"""Load the ``sql/*.sql`` files once, fill in quoted identifiers, and run them under a time limit.

This is the only module of the search engine that talks to the database. It runs on the raw pysqlite3
connection of Django's default connection (same transaction) so the SQL keeps SQLite's ``:name``
parameters as written in the files.

On PostgreSQL the same names load ``sql/postgres/<name>.sql`` (that engine's statement for the same
question), the connection is psycopg's, and the one parameter style of the repository's SQL (``:name``, or
``?`` in a few one-line statements shared by both engines) is converted to psycopg's here, once per
statement text. A list of ids is bound as an array there (``= ANY(:ids)``), as a JSON array on SQLite.
"""

import json
import re
from collections.abc import Iterable
from functools import cache, lru_cache
from pathlib import Path

from django.db import connection

from apps.core.conf import knob
from apps.core.db import timelimit
from apps.core.db.engine import postgres
from apps.core.db.quoting import quote_ident
from apps.core.db.timelimit import deadline

SQL_DIR = Path(__file__).parent / "sql"


@cache
def _load(path: Path) -> str:
    return path.read_text()


def load(name: str) -> str:
    """The statement ``name`` for this connection's engine; a statement both engines run as written (plain
    SQL, no FTS5, no ``json_each``) has only the SQLite file."""
    if postgres() and (SQL_DIR / "postgres" / f"{name}.sql").exists():
        return _load(SQL_DIR / "postgres" / f"{name}.sql")
    return _load(SQL_DIR / f"{name}.sql")


_NAMED = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")
_COMMENT = re.compile(r"--[^\n]*")


@lru_cache(maxsize=1024)
def psycopg_sql(sql: str) -> str:
    """``:name`` → ``%(name)s`` and ``?`` → ``%s`` (``::type`` casts untouched, a literal ``%`` doubled).
    Comments go first: Django's psycopg cursors bind on the client, and a value bound inside a ``--``
    comment would end it at the value's first newline. (No statement here has ``--`` inside a string.)"""
    sql = _COMMENT.sub("", sql)
    return _NAMED.sub(r"%(\1)s", sql.replace("%", "%%")).replace("?", "%s")


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
        if postgres():
            cursor.execute(psycopg_sql(sql), params)
            return cursor.fetchall() if cursor.description else []
        return cursor.execute(sql, params).fetchall()
    finally:
        cursor.close()


def execute_many(sql: str, rows: Iterable) -> None:
    cursor = raw_connection().cursor()
    try:
        cursor.executemany(psycopg_sql(sql) if postgres() else sql, rows)
    finally:
        cursor.close()


def ids_param(ids: Iterable[int]) -> str | list[int]:
    if postgres():
        return [int(i) for i in ids]
    return json.dumps([int(i) for i in ids])


def time_limit_ms() -> int:
    return knob("QUERY_TIME_LIMIT_MS")


TIMEOUT_MESSAGE = (
    "The search ran past its {ms} ms budget. Add a filter (source, since, congress), use rarer words, "
    "or lower the limit."
)


def timeout_message(ms: int | None = None) -> str:
    """The search's timeout message with its budget filled in (for a worker thread's share of the work)."""
    return TIMEOUT_MESSAGE.format(ms=ms or time_limit_ms())


def time_limit(ms: int | None = None):
    """Abort the SQLite statements run inside after ``ms`` milliseconds with ``QueryTimeout``."""
    return deadline(ms or time_limit_ms(), TIMEOUT_MESSAGE)
