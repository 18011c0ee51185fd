"""Copy an SQLite substrate into the PostgreSQL database Josh is configured for (``manage.py copy_to_postgres``).

Every table both schemas have (records, registry, chunks with their vectors, ingest runs, sync state, users)
is copied row for row with PostgreSQL's ``COPY``, ids kept, in one transaction: foreign keys are checked at
commit (Django creates them deferrable), so the order of the tables does not matter. What each engine builds
for itself is not copied: FTS5 and vec0 tables (the tsvector columns are generated, the HNSW index fills as
the chunks arrive), ``django_migrations`` (the target is migrated first). A chunk's pgvector copy (``vec``)
is made from its float32 ``embedding`` bytes. Identity sequences are moved past the copied ids.

Verified per table: the row count and a checksum (SHA-256 over the rows in id order of the id, every text
column and, for chunk tables, the vector bytes) computed on both sides from the values each engine returns.
"""

import hashlib
import sqlite3
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from django.db import connection, transaction

from apps.core.db.quoting import quote_ident

SKIP = {"django_migrations", "search_index_state"}  # the token is re-written below, so serving reloads
TEXT_TYPES = {"text", "character varying", "character"}


@dataclass
class TableCopy:
    table: str
    rows: int
    target_rows: int
    checksum: str
    target_checksum: str

    @property
    def ok(self) -> bool:
        return self.rows == self.target_rows and self.checksum == self.target_checksum


def _sqlite_tables(source: sqlite3.Connection) -> dict[str, list[str]]:
    """Plain tables of the SQLite file (no virtual tables, no FTS5/vec0 shadow tables) and their columns."""
    names = [
        name
        for name, sql in source.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        if not name.startswith("sqlite_") and "VIRTUAL TABLE" not in (sql or "").upper()
    ]
    virtual = [n for n, s in source.execute("SELECT name, sql FROM sqlite_master") if "VIRTUAL" in (s or "")]
    names = [n for n in names if not any(n.startswith(v + "_") for v in virtual)]
    return {n: [r[1] for r in source.execute(f"PRAGMA table_info({quote_ident(n)})")] for n in names}


def _target_columns() -> dict[str, dict[str, str]]:
    """table -> {column: data type} for the target schema's ordinary columns (generated ones left out)."""
    out: dict[str, dict[str, str]] = {}
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = current_schema() AND is_generated = 'NEVER' ORDER BY ordinal_position"
        )
        for table, column, data_type in cursor.fetchall():
            out.setdefault(table, {})[column] = data_type
    return out


def plan(source_path: Path) -> list[tuple[str, list[str]]]:
    """(table, columns copied) for every table both databases have."""
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    try:
        tables = _sqlite_tables(source)
    finally:
        source.close()
    target = _target_columns()
    return [
        (name, [c for c in columns if c in target[name]])
        for name, columns in sorted(tables.items())
        if name in target and name not in SKIP
    ]


def _is_chunks(columns: list[str]) -> bool:
    return {"content_hash", "embedding", "doc_id"} <= set(columns)


def _checksum(rows, text_columns: list[int], vector_column: int | None) -> str:
    digest = hashlib.sha256()
    for row in rows:
        digest.update(str(row[0]).encode())
        for i in text_columns:
            digest.update(b"\x00" + (row[i] or "").encode())
        if vector_column is not None:
            digest.update(bytes(row[vector_column] or b""))
    return digest.hexdigest()


def _checksum_columns(table: str, columns: list[str], types: dict[str, str]) -> list[str]:
    text = [c for c in columns if types.get(c) in TEXT_TYPES]
    keep = [columns[0], *text]
    if _is_chunks(columns):
        keep.append("embedding")
    return keep


def _digest_sqlite(source, table: str, keep: list[str], order: str) -> tuple[int, str]:
    cols = ", ".join(quote_ident(c) for c in keep)
    rows = source.execute(f"SELECT {cols} FROM {quote_ident(table)} ORDER BY {order}").fetchall()
    return len(rows), _digest(rows, keep)


def _digest(rows, keep: list[str]) -> str:
    vector = keep.index("embedding") if "embedding" in keep else None
    text = [i for i in range(1, len(keep)) if i != vector]
    return _checksum(rows, text, vector)


def _order(columns: list[str]) -> str:
    """Rows in a order both engines give alike: by id, else by every column (small bookkeeping tables)."""
    if "id" in columns:
        return quote_ident("id")
    return ", ".join(quote_ident(c) for c in columns)


def _vector_text(blob) -> str | None:
    if blob is None:
        return None
    return "[" + ",".join(map(repr, np.frombuffer(bytes(blob), dtype=np.float32).tolist())) + "]"


def copy_from_sqlite(source_path: Path, *, batch: int = 5_000) -> list[TableCopy]:
    """Replace the target's rows of every shared table with the SQLite file's, then verify each table."""
    if connection.vendor != "postgresql":
        raise RuntimeError("copy_from_sqlite writes into PostgreSQL: set JOSH_DATABASE_URL")
    tables = plan(source_path)
    types = _target_columns()
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    source.text_factory = str
    try:
        with transaction.atomic():
            raw = connection.connection
            with raw.cursor() as cursor:
                names = ", ".join(quote_ident(t) for t, _ in tables)
                cursor.execute(f"TRUNCATE {names} CASCADE")
                for table, columns in tables:
                    copy_table(source, cursor, table, columns, batch)
                    _reset_identity(cursor, table, columns)
                cursor.execute("DELETE FROM search_index_state")  # every serving process reloads
        return [_verify(source, table, columns, types[table]) for table, columns in tables]
    finally:
        source.close()


def copy_table(source, cursor, table: str, columns: list[str], batch: int = 5_000) -> None:
    """COPY one table's rows from the SQLite connection ``source`` (a chunk table gets its ``vec`` too)."""
    chunks = _is_chunks(columns)
    target_columns = [*columns, "vec"] if chunks else columns
    embedding = columns.index("embedding") if chunks else None
    cols = ", ".join(quote_ident(c) for c in columns)
    read = source.execute(f"SELECT {cols} FROM {quote_ident(table)} ORDER BY {_order(columns)}")
    statement = f"COPY {quote_ident(table)} ({', '.join(quote_ident(c) for c in target_columns)}) FROM STDIN"
    with cursor.copy(statement) as copy:
        while rows := read.fetchmany(batch):
            for row in rows:
                copy.write_row((*row, _vector_text(row[embedding])) if chunks else row)


def _reset_identity(cursor, table: str, columns: list[str]) -> None:
    if "id" not in columns:
        return
    cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", (quote_ident(table),))
    sequence = cursor.fetchone()[0]
    if sequence:
        cursor.execute(
            f"SELECT setval(%s, coalesce(max(id), 1), max(id) IS NOT NULL) FROM {quote_ident(table)}",
            (sequence,),
        )


def _verify(source, table: str, columns: list[str], types: dict[str, str]) -> TableCopy:
    keep = _checksum_columns(table, columns, types)
    order = _order(columns) if "id" in columns else None
    if order:
        count, checksum = _digest_sqlite(source, table, keep, order)
        with connection.cursor() as cursor:
            cols = ", ".join(quote_ident(c) for c in keep)
            cursor.execute(f"SELECT {cols} FROM {quote_ident(table)} ORDER BY {order}")
            target_rows = cursor.fetchall()
        return TableCopy(table, count, len(target_rows), checksum, _digest(target_rows, keep))
    # No id: compare the rows sorted in Python (collations differ between the engines).
    cols = ", ".join(quote_ident(c) for c in keep)
    mine = sorted(source.execute(f"SELECT {cols} FROM {quote_ident(table)}").fetchall(), key=repr)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {cols} FROM {quote_ident(table)}")
        theirs = sorted(cursor.fetchall(), key=repr)
    return TableCopy(table, len(mine), len(theirs), _digest(mine, keep), _digest(theirs, keep))
