"""Copy a substrate between SQLite and the PostgreSQL database Josh is configured for, either way:
``manage.py copy_to_postgres FILE`` (SQLite file -> PostgreSQL) and ``manage.py copy_to_sqlite FILE``
(PostgreSQL -> a new SQLite file). One plan, one checksum, one verification serve both directions.

SQLite -> PostgreSQL: every table both schemas have (records, registry, chunks with their vectors, ingest runs, sync state, users)
is copied row for row with PostgreSQL's ``COPY``, ids kept, in one transaction: foreign keys are checked at
commit (Django creates them deferrable), so the order of the tables does not matter. What each engine builds
for itself is not copied: FTS5 and vec0 tables (the tsvector columns are generated, the HNSW index fills as
the chunks arrive), ``django_migrations`` (the target is migrated first). A chunk's pgvector copy (``vec``)
is made from its float32 ``embedding`` bytes. Identity sequences are moved past the copied ids.

PostgreSQL -> SQLite: the new file is migrated by ``manage.py migrate`` in a child process (the SQLite
settings, so every migration and post_migrate hook runs exactly as for a fresh install: FTS5 and vec0 tables,
their triggers), then filled inside one read-only REPEATABLE READ transaction on PostgreSQL (one consistent
state even while an ingest writes there). Inserting the rows fires the FTS5 triggers, so the full-text
indexes fill as they arrive; each vec0 mirror is rebuilt from its chunks' sign bits (what ``embed`` writes);
foreign keys are checked at the end (``PRAGMA foreign_key_check``). Values are written the way Django's SQLite
backend writes them (aware datetimes as naive UTC text, JSON as text). The file is built under a temporary
name and renamed into place only once every table verified: a failed copy leaves no file at the target.

Verified per table: the row count and a checksum (SHA-256 over the rows in id order of the id, every text
column and, for chunk tables, the vector bytes) computed on both sides from the values each engine returns.
"""

import datetime
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from django.conf import settings
from django.db import connection, transaction

from apps.core.db.engine import POSTGRESQL, current
from apps.core.db.quoting import quote_ident
from apps.core.processes import pid_alive

SKIP = {"django_migrations", "search_index_state"}  # the token is re-written below, so serving reloads
TEXT_TYPES = {"text", "character varying", "character"}


@dataclass
class TableCopy:
    """One table's verification: ``rows``/``checksum`` on the side copied from, ``target_*`` on the copy."""

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


def postgres_columns() -> dict[str, dict[str, str]]:
    """table -> {column: data type} for the PostgreSQL schema's ordinary columns (generated ones left out)."""
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
    """(table, columns copied) for every table both databases have (the SQLite file's and PostgreSQL's)."""
    source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
    try:
        tables = _sqlite_tables(source)
    finally:
        source.close()
    postgres = postgres_columns()
    return [
        (name, [c for c in columns if c in postgres[name]])
        for name, columns in sorted(tables.items())
        if name in postgres and name not in SKIP
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
    current().require(POSTGRESQL, "copy_from_sqlite writes into PostgreSQL: set JOSH_DATABASE_URL")
    tables = plan(source_path)
    types = postgres_columns()
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
        return [_verify(source, table, columns, types[table]).forward() for table, columns in tables]
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


@dataclass
class _Comparison:
    table: str
    sqlite_rows: int
    sqlite_checksum: str
    postgres_rows: int
    postgres_checksum: str

    def forward(self) -> TableCopy:  # SQLite -> PostgreSQL
        t = self
        return TableCopy(t.table, t.sqlite_rows, t.postgres_rows, t.sqlite_checksum, t.postgres_checksum)

    def backward(self) -> TableCopy:  # PostgreSQL -> SQLite
        t = self
        return TableCopy(t.table, t.postgres_rows, t.sqlite_rows, t.postgres_checksum, t.sqlite_checksum)


def _verify(source, table: str, columns: list[str], types: dict[str, str]) -> _Comparison:
    """The row count and checksum of ``table`` in the SQLite connection ``source`` and in PostgreSQL."""
    keep = _checksum_columns(table, columns, types)
    order = _order(columns) if "id" in columns else None
    if order:
        count, checksum = _digest_sqlite(source, table, keep, order)
        with connection.cursor() as cursor:
            cols = ", ".join(quote_ident(c) for c in keep)
            cursor.execute(f"SELECT {cols} FROM {quote_ident(table)} ORDER BY {order}")
            target_rows = cursor.fetchall()
        return _Comparison(table, count, checksum, len(target_rows), _digest(target_rows, keep))
    # No id: compare the rows sorted in Python (collations differ between the engines).
    cols = ", ".join(quote_ident(c) for c in keep)
    mine = sorted(source.execute(f"SELECT {cols} FROM {quote_ident(table)}").fetchall(), key=repr)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT {cols} FROM {quote_ident(table)}")
        theirs = sorted(cursor.fetchall(), key=repr)
    return _Comparison(table, len(mine), _digest(mine, keep), len(theirs), _digest(theirs, keep))


# PostgreSQL -> SQLite ----------------------------------------------------------------------------------------


def _naive_utc(value):
    # Django's SQLite backend stores an aware datetime as naive UTC text ("2026-01-02 03:04:05.123456").
    return str(value.astimezone(datetime.UTC).replace(tzinfo=None)) if value is not None else None


def _json_text(value):
    # Django reads jsonb as text (its JSONField parses it); a driver that parsed it gets it dumped back.
    return value if value is None or isinstance(value, str) else json.dumps(value)


def _time_text(value):
    # Django's SQLite backend stores a TimeField as "HH:MM[:SS[.ffffff]]" text; the driver binds no time.
    return value.isoformat() if value is not None else None


def _microseconds(value):
    # A DurationField is an integer of microseconds on SQLite (an interval on PostgreSQL).
    return value // datetime.timedelta(microseconds=1) if value is not None else None


TO_SQLITE = {
    "timestamp with time zone": _naive_utc,
    "time without time zone": _time_text,
    "interval": _microseconds,
    "inet": lambda value: str(value) if value is not None else None,  # GenericIPAddressField (axes)
    "jsonb": _json_text,
    "json": _json_text,
    "uuid": lambda value: (
        value.hex if value is not None else None
    ),  # Django's SQLite UUIDField: 32 hex digits
}


def migrate_sqlite_file(path: Path) -> None:
    """Create and migrate the SQLite database at ``path`` in a child process on the SQLite settings: the
    migrations and post_migrate hooks (FTS5, vec0, triggers) run exactly as for a fresh install."""
    env = {k: v for k, v in os.environ.items() if k not in {"JOSH_DATABASE_URL", "JOSH_DATABASE_REPLICA_URL"}}
    env["JOSH_DATABASE"] = str(path)
    # One file: the web state (API keys, sessions, queued changes) goes in beside the records, as PostgreSQL
    # holds it; the first `migrate` of a server's own web-state file moves the keys there (docs/DEPLOY.md).
    env["JOSH_WEB_DATABASE"] = "same"
    manage = Path(settings.BASE_DIR) / "manage.py"
    done = subprocess.run(
        [sys.executable, str(manage), "migrate", "--verbosity", "0"], env=env, capture_output=True, text=True
    )
    if done.returncode != 0:
        raise RuntimeError(f"migrating {path} failed: {done.stderr[-2000:]}")


def open_sqlite(path: Path):
    """A connection to the SQLite file at ``path``: pysqlite3 with sqlite-vec loaded (the vec0 mirrors are
    written too), autocommit (transactions are explicit), foreign keys not enforced (checked once at the end)."""
    import sqlite_vec

    from apps.core.db.base import Database

    db = Database.connect(str(path), isolation_level=None)
    db.enable_load_extension(True)
    sqlite_vec.load(db)
    db.enable_load_extension(False)
    return db


def copy_to_sqlite(target_path: Path, *, batch: int = 5_000) -> list[TableCopy]:
    """Write PostgreSQL's substrate into a new SQLite file at ``target_path`` (which must not exist), verify
    each table, and rename it into place. Raises ``RuntimeError`` (and leaves no file) when a check fails."""
    current().require(POSTGRESQL, "copy_to_sqlite reads from PostgreSQL: set JOSH_DATABASE_URL")
    target = Path(target_path).resolve()
    if target.exists():
        raise FileExistsError(f"{target} exists; choose a new path (a copy never overwrites)")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    remove_stale_partials(target)
    _remove_sqlite(partial)
    try:
        migrate_sqlite_file(partial)
        tables = plan(partial)
        types = postgres_columns()
        db = open_sqlite(partial)
        try:
            with transaction.atomic():
                with connection.cursor() as cursor:  # one snapshot for the rows and their verification
                    cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY")
                db.execute("BEGIN")
                # What migrate seeded (content types, permissions) gives way to the copy.
                for table, _columns in tables:
                    db.execute(f"DELETE FROM {quote_ident(table)}")
                for table, columns in tables:
                    _copy_rows_to_sqlite(db, table, columns, types[table], batch)
                db.execute("COMMIT")
                _check_foreign_keys(db)
                results = [_verify(db, table, columns, types[table]).backward() for table, columns in tables]
        finally:
            db.close()
        bad = [r.table for r in results if not r.ok]
        if bad:
            raise RuntimeError(f"{len(bad)} table(s) differ after the copy: {', '.join(bad)}")
        os.replace(partial, target)
        return results
    finally:
        _remove_sqlite(partial)


def remove_stale_partials(target: Path) -> list[Path]:
    """Remove what an earlier copy to ``target`` left when it was killed (``kill -9`` skips its clean-up):
    its ``.partial-<pid>`` file and that file's -wal/-shm, when process ``pid`` is gone. A copy still
    running (its process alive) keeps its files. Returns the files removed."""
    removed = []
    for leftover in target.parent.glob(f".{target.name}.partial-*"):
        pid = leftover.name.rsplit(".partial-", 1)[1].split("-", 1)[0]
        if pid.isdigit() and not pid_alive(int(pid)):
            leftover.unlink(missing_ok=True)
            removed.append(leftover)
    return removed


def _remove_sqlite(path: Path) -> None:
    for suffix in ("", "-wal", "-shm", "-journal"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)


def _copy_rows_to_sqlite(db, table: str, columns: list[str], types: dict[str, str], batch: int) -> None:
    convert = [(i, TO_SQLITE[types[c]]) for i, c in enumerate(columns) if types[c] in TO_SQLITE]
    cols = ", ".join(quote_ident(c) for c in columns)
    insert = f"INSERT INTO {quote_ident(table)} ({cols}) VALUES ({', '.join('?' * len(columns))})"
    raw = connection.connection
    # A server-side cursor: the rows stream in batches instead of landing in memory at once.
    with raw.cursor(name=f"josh_copy_{table}") as read:
        read.execute(f"SELECT {cols} FROM {quote_ident(table)} ORDER BY {_order(columns)}")
        while rows := read.fetchmany(batch):
            if convert:
                rows = [_converted(row, convert) for row in rows]
            db.executemany(insert, rows)
    mirror = db.execute("SELECT 1 FROM sqlite_master WHERE name = ?", (table + "_vec0",)).fetchone()
    if _is_chunks(columns) and mirror:
        # The bit-quantized vec0 mirror, from the sign bits ``embed`` stored with each vector.
        db.execute(
            f"INSERT INTO {quote_ident(table + '_vec0')} (chunk_id, embedding) "
            f"SELECT id, vec_bit(bits) FROM {quote_ident(table)} WHERE bits IS NOT NULL"
        )


def _converted(row, convert) -> tuple:
    row = list(row)
    for i, to_sqlite in convert:
        row[i] = to_sqlite(row[i])
    return tuple(row)


def _check_foreign_keys(db) -> None:
    broken = db.execute("PRAGMA foreign_key_check").fetchall()
    if broken:
        tables = sorted({row[0] for row in broken})
        raise RuntimeError(f"{len(broken)} row(s) break a foreign key after the copy: {', '.join(tables)}")
