"""What the live schema says: FTS tables, chunk tables, and the shape of each source derived from them.

Read-only queries on ``sqlite_master`` and PRAGMAs; the DDL that writes the schema is apps.search.ddl."""

import re
from dataclasses import dataclass

from django.db import connection

_FTS_SQL = re.compile(r"USING\s+fts5\s*\((?P<args>.*)\)\s*$", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class FtsTable:
    name: str
    content_table: str | None
    columns: tuple[str, ...]


def _rows(sql: str, params=()) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def table_names() -> set[str]:
    return {name for (name,) in _rows("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}


def fts_tables() -> list[FtsTable]:
    """Every FTS5 table, with its content table and columns parsed from its CREATE statement."""
    out = []
    for name, sql in _rows("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE '%fts5%'"):
        m = _FTS_SQL.search(sql or "")
        if not m:
            continue
        parts = [p.strip() for p in m.group("args").split(",")]
        columns = tuple(p.strip('"') for p in parts if "=" not in p)
        content = next(
            (p.split("=", 1)[1].strip().strip("'\"") for p in parts if p.startswith("content=")), None
        )
        out.append(FtsTable(name, content or None, columns))
    return out


def missing_fts_triggers() -> list[tuple[str, str]]:
    triggers = {name for (name,) in _rows("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    return [
        (t.name, f"{t.name}{suffix}")
        for t in fts_tables()
        if t.content_table
        for suffix in ("_ai", "_ad", "_au")
        if f"{t.name}{suffix}" not in triggers
    ]


def fts_columns(fts_table: str) -> tuple[str, ...]:
    return next((t.columns for t in fts_tables() if t.name == fts_table), ())


def fts5_available() -> bool:
    try:
        return bool(_rows("SELECT sqlite_compileoption_used('ENABLE_FTS5')")[0][0])
    except Exception:
        return False


def vec_version() -> str | None:
    try:
        return _rows("SELECT vec_version()")[0][0]
    except Exception:
        return None


def source_shape(*, fts_table: str | None, chunk_base: str | None) -> str:
    """A = body-bearing (has <base>_chunks_vec0), B = short-body (FTS with a body column, no chunks),
    C = registry (anything else). Read from sqlite_master at call time."""
    names = table_names()
    if chunk_base and f"{chunk_base}_chunks_vec0" in names:
        return "body"
    if fts_table and fts_table in names and "body" in fts_columns(fts_table):
        return "short-body"
    return "registry"


@dataclass(frozen=True)
class SchemaSnapshot:
    """Table names and FTS columns read in one pass: per-request shape checks without a query per plan."""

    version: int
    names: frozenset[str]
    fts_columns: dict[str, tuple[str, ...]]

    def shape(self, *, fts_table: str | None, chunk_base: str | None) -> str:
        """The same rule as ``source_shape``."""
        if chunk_base and f"{chunk_base}_chunks_vec0" in self.names:
            return "body"
        if fts_table and fts_table in self.names and "body" in self.fts_columns.get(fts_table, ()):
            return "short-body"
        return "registry"


_SNAPSHOT: dict[str, SchemaSnapshot] = {}


def schema_snapshot() -> SchemaSnapshot:
    """The live schema, re-read only when ``PRAGMA schema_version`` moves (a migration ran)."""
    version = _rows("PRAGMA schema_version")[0][0]
    key = str(connection.settings_dict["NAME"])
    cached = _SNAPSHOT.get(key)
    if cached is None or cached.version != version:
        cached = SchemaSnapshot(version, frozenset(table_names()), {t.name: t.columns for t in fts_tables()})
        _SNAPSHOT[key] = cached
    return cached
