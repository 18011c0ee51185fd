"""What the live schema says: FTS tables, chunk tables, and the shape of each source derived from them.

Read-only queries on ``sqlite_master`` and PRAGMAs, or on PostgreSQL's catalog (``pg_class``, ``pg_attribute``):
there an FTS table is a generated ``tsvector`` column of its content table, named like the SQLite FTS table,
whose comment lists the indexed columns, and ``<base>_chunks_vec0`` is the name of the chunk table's HNSW
index (apps.search.ddl_postgres). The DDL that writes the schema is apps.search.ddl."""

import re
from dataclasses import dataclass

from django.db import connection

from apps.core.db.engine import current

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


class _SQLiteCatalog:
    """``sqlite_master``: FTS5 tables are virtual tables whose CREATE statement names their columns."""

    version_sql = "PRAGMA schema_version"

    def table_names(self) -> set[str]:
        return {name for (name,) in _rows("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")}

    def fts_tables(self) -> list[FtsTable]:
        out = []
        for name, sql in _rows(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql LIKE '%fts5%'"
        ):
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

    def missing_fts_triggers(self) -> list[tuple[str, str]]:
        triggers = {name for (name,) in _rows("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
        return [
            (t.name, f"{t.name}{suffix}")
            for t in self.fts_tables()
            if t.content_table
            for suffix in ("_ai", "_ad", "_au")
            if f"{t.name}{suffix}" not in triggers
        ]


class _PostgresCatalog:
    """``pg_class`` and ``pg_attribute``: an FTS table is a tsvector column whose comment names its columns."""

    # Tables and views of the current schema, the tsvector columns that stand for FTS tables, and the HNSW
    # indexes that stand for vec0 tables: every name the shape rule reads.
    NAMES_SQL = """
SELECT c.relname FROM pg_class AS c
WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'v', 'p')
UNION ALL
SELECT i.relname FROM pg_class AS i JOIN pg_am AS am ON am.oid = i.relam
WHERE i.relnamespace = current_schema()::regnamespace AND i.relkind = 'i' AND am.amname = 'hnsw'
UNION ALL
SELECT a.attname FROM pg_attribute AS a JOIN pg_class AS c ON c.oid = a.attrelid
WHERE c.relnamespace = current_schema()::regnamespace AND a.atttypid = 'tsvector'::regtype AND NOT a.attisdropped
"""
    FTS_SQL = """
SELECT a.attname, c.relname, col_description(c.oid, a.attnum)
FROM pg_attribute AS a JOIN pg_class AS c ON c.oid = a.attrelid
WHERE c.relnamespace = current_schema()::regnamespace AND a.atttypid = 'tsvector'::regtype
  AND NOT a.attisdropped AND col_description(c.oid, a.attnum) LIKE %s
"""
    # Moves whenever a relation (table, index) is created or dropped in the schema: the snapshot's version.
    version_sql = """
SELECT count(*) || ':' || coalesce(max(oid::bigint), 0) FROM pg_class
WHERE relnamespace = current_schema()::regnamespace
"""
    TRIGGERS_SQL = """
SELECT t.tgname FROM pg_trigger AS t JOIN pg_class AS c ON c.oid = t.tgrelid
WHERE c.relnamespace = current_schema()::regnamespace AND NOT t.tgisinternal
"""
    FTS_PREFIX = "josh-fts:"

    def table_names(self) -> set[str]:
        return {name for (name,) in _rows(self.NAMES_SQL)}

    def fts_tables(self) -> list[FtsTable]:
        return [
            FtsTable(name, content, tuple(comment.removeprefix(self.FTS_PREFIX).split(",")))
            for name, content, comment in _rows(self.FTS_SQL, (self.FTS_PREFIX + "%",))
        ]

    def missing_fts_triggers(self) -> list[tuple[str, str]]:
        triggers = {name for (name,) in _rows(self.TRIGGERS_SQL)}
        return [
            (t.name, f"{t.name}_version") for t in self.fts_tables() if f"{t.name}_version" not in triggers
        ]


# Each engine's catalog, by Engine.name (apps.core.db.engine).
_CATALOGS: dict[str, _SQLiteCatalog | _PostgresCatalog] = {
    "sqlite": _SQLiteCatalog(),
    "postgresql": _PostgresCatalog(),
}


def _catalog() -> _SQLiteCatalog | _PostgresCatalog:
    return _CATALOGS[current().name]


def table_names() -> set[str]:
    return _catalog().table_names()


def fts_tables() -> list[FtsTable]:
    """Every FTS5 table, with its content table and columns parsed from its CREATE statement (on PostgreSQL,
    every tsvector column with its table and the columns its comment names)."""
    return _catalog().fts_tables()


def missing_fts_triggers() -> list[tuple[str, str]]:
    """(FTS table, trigger name) for every sync trigger that is missing. On PostgreSQL the tsvector columns
    are generated (nothing to sync): the one trigger is the statement-level version bump the lexical head
    cache keys by (``<fts>_version``, apps.search.ddl_postgres)."""
    return _catalog().missing_fts_triggers()


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


@dataclass(frozen=True)
class SchemaSnapshot:
    """Table names and FTS columns read in one pass: per-request shape checks without a query per plan."""

    version: int | str
    names: frozenset[str]
    fts_columns: dict[str, tuple[str, ...]]

    def shape(self, *, fts_table: str | None, chunk_base: str | None) -> str:
        """The source-shape rule, its one home: ``body`` = body-bearing (has <base>_chunks_vec0),
        ``short-body`` (FTS with a body column, no chunks), ``registry`` (anything else)."""
        if chunk_base and f"{chunk_base}_chunks_vec0" in self.names:
            return "body"
        if fts_table and fts_table in self.names and "body" in self.fts_columns.get(fts_table, ()):
            return "short-body"
        return "registry"


_SNAPSHOT: dict[str, SchemaSnapshot] = {}


def schema_snapshot() -> SchemaSnapshot:
    """The live schema, re-read only when ``PRAGMA schema_version`` (PostgreSQL: the schema's relations) moves
    (a migration ran)."""
    version = _rows(_catalog().version_sql)[0][0]
    key = str(connection.settings_dict["NAME"])
    cached = _SNAPSHOT.get(key)
    if cached is None or cached.version != version:
        cached = SchemaSnapshot(version, frozenset(table_names()), {t.name: t.columns for t in fts_tables()})
        _SNAPSHOT[key] = cached
    return cached
