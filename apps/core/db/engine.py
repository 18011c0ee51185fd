"""The database engine a connection talks to, and what differs between the two Josh runs on.

Josh runs on SQLite (FTS5, sqlite-vec) or PostgreSQL (tsvector, pgvector). Where the two differ, the
difference is a method or attribute of an ``Engine``, and ``current()`` — the only reader of
``connection.vendor`` — picks the object. Core modules ask it (``current().day(column)``); the search app
chooses its ``SearchBackend`` from it (apps.search.backend), so no business function starts with an
``if`` on the engine. A migration passes its ``schema_editor.connection`` to ``current()``.
"""

import json
import re
from collections.abc import Iterable
from functools import lru_cache

from django.db import connection as default_connection


class Engine:
    """What the core layer needs to know of an engine. One instance per engine (``SQLITE``, ``POSTGRESQL``)."""

    name: str  # Django's vendor string
    # Time limits: PostgreSQL's ``statement_timeout`` stops a statement the server runs; SQLite has only the
    # client-side progress handler (apps.core.db.timelimit arms it on both).
    server_side_time_limits: bool
    # The folder under apps/search/sql/ holding this engine's own version of a statement, or None.
    sql_folder: str | None
    # The writer lock (apps.core.services.writer_lock.LOCKS): a file lock beside SQLite's file, or an advisory
    # lock in PostgreSQL, which holds across every app server that writes to it.
    writer_lock: str

    def day(self, column: str) -> str:
        """The date part of a date or datetime ``column`` (SQL), comparable with an ISO day."""
        raise NotImplementedError

    def bind(self, sql: str) -> str:
        """``sql`` written with ``:name`` / ``?`` parameters, in the paramstyle of this engine's raw cursor."""
        return sql

    def id_list(self, ids: Iterable[int]) -> str | list[int]:
        """A list of ids as one bound parameter (SQLite: JSON text for ``json_each``; PostgreSQL: an array)."""
        raise NotImplementedError

    def lock_wait(self, ms: int) -> tuple[str, list]:
        """The statement (and its parameters) that makes this connection wait at most ``ms`` for a lock."""
        raise NotImplementedError

    def lock_wait_reset(self, connection) -> str | None:
        """The statement that puts ``connection``'s own lock wait back after ``lock_wait``, or None."""
        raise NotImplementedError

    def require(self, needed: "Engine", message: str) -> None:
        """Raise ``WrongEngine(message)`` unless this is ``needed``: the guard of a job that runs on one
        engine only (the copy commands, bm25_index)."""
        if self is not needed:
            raise WrongEngine(message)


class WrongEngine(RuntimeError):
    """A command or job that runs on one engine only was started on the other."""


class SQLite(Engine):
    name = "sqlite"
    server_side_time_limits = False
    sql_folder = None
    writer_lock = "file"

    def day(self, column: str) -> str:
        return f"substr({column}, 1, 10)"  # dates and datetimes are stored as ISO text

    def lock_wait(self, ms: int) -> tuple[str, list]:
        return f"PRAGMA busy_timeout = {int(ms)}", []

    def lock_wait_reset(self, connection) -> str:
        own_ms = int(connection.settings_dict["OPTIONS"].get("timeout", 5) * 1000)
        return f"PRAGMA busy_timeout = {own_ms}"

    def id_list(self, ids: Iterable[int]) -> str:
        return json.dumps([int(i) for i in ids])


class PostgreSQL(Engine):
    name = "postgresql"
    server_side_time_limits = True
    sql_folder = "postgres"
    writer_lock = "advisory"

    def day(self, column: str) -> str:
        return f"CAST({column} AS date)"  # stored as date / timestamptz

    def lock_wait(self, ms: int) -> tuple[str, list]:
        return "SELECT set_config('lock_timeout', %s, false)", [f"{int(ms)}ms"]

    def lock_wait_reset(self, connection) -> str | None:
        # a failed transaction takes no statement until its rollback, which resets the setting anyway
        return None if connection.needs_rollback else "RESET lock_timeout"

    def bind(self, sql: str) -> str:
        return psycopg_sql(sql)

    def id_list(self, ids: Iterable[int]) -> list[int]:
        return [int(i) for i in ids]


SQLITE = SQLite()
POSTGRESQL = PostgreSQL()
ENGINES: dict[str, Engine] = {SQLITE.name: SQLITE, POSTGRESQL.name: POSTGRESQL}


def current(connection=None) -> Engine:
    """The engine of ``connection`` (default: Django's default connection; a schema editor passes its own)."""
    vendor = (connection or default_connection).vendor
    try:
        return ENGINES[vendor]
    except KeyError:
        raise NotImplementedError(f"Josh runs on SQLite or PostgreSQL, not {vendor}") from None


_NAMED = re.compile(r"(?<![:\w]):([A-Za-z_]\w*)")
_COMMENT = re.compile(r"--[^\n]*")


@lru_cache(maxsize=1024)
def psycopg_sql(sql: str) -> str:
    """``:name`` → ``%(name)s`` and ``?`` → ``%s`` (``::type`` casts untouched, a literal ``%`` doubled).
    Comments go first: Django's psycopg cursors bind on the client, and a value bound inside a ``--``
    comment would end it at the value's first newline. (No statement here has ``--`` inside a string.)"""
    sql = _COMMENT.sub("", sql)
    return _NAMED.sub(r"%(\1)s", sql.replace("%", "%%")).replace("?", "%s")
