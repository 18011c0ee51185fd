"""Load the ``sql/*.sql`` files once, fill in quoted identifiers, and run them under a time limit.

This is the only module of the search engine that talks to the database. It runs on the raw pysqlite3
connection of Django's default connection (same transaction) so the SQL keeps SQLite's ``:name``
parameters as written in the files.

On PostgreSQL the same names load ``sql/postgres/<name>.sql`` (that engine's statement for the same
question), the connection is psycopg's, and the one parameter style of the repository's SQL (``:name``, or
``?`` in a few one-line statements shared by both engines) is converted to psycopg's here, once per
statement text. A list of ids is bound as an array there (``= ANY(:ids)``), as a JSON array on SQLite. The
folder, the parameter style and the id list are the engine's (apps.core.db.engine).
"""

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from django.db import connection

from apps.core.conf import knob
from apps.core.db import timelimit
from apps.core.db.engine import current
from apps.core.db.quoting import quote_ident
from apps.core.db.timelimit import deadline

SQL_DIR = Path(__file__).parent / "sql"


@cache
def _load(path: Path) -> str:
    return path.read_text()


def load(name: str) -> str:
    """The statement ``name`` for this connection's engine; a statement both engines run as written (plain
    SQL, no FTS5, no ``json_each``) has only the SQLite file."""
    folder = current().sql_folder
    if folder and (SQL_DIR / folder / f"{name}.sql").exists():
        return _load(SQL_DIR / folder / f"{name}.sql")
    return _load(SQL_DIR / f"{name}.sql")


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
        cursor.execute(current().bind(sql), params)
        return cursor.fetchall() if cursor.description else []
    finally:
        cursor.close()


def execute_many(sql: str, rows: Iterable) -> None:
    cursor = raw_connection().cursor()
    try:
        cursor.executemany(current().bind(sql), rows)
    finally:
        cursor.close()


def ids_param(ids: Iterable[int]) -> str | list[int]:
    return current().id_list(ids)


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
