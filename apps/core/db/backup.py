"""A consistent copy of the live database while it serves: ``VACUUM INTO`` on Django's connection.

``VACUUM INTO`` reads the whole database inside one read transaction, so the copy is one committed state
even while an ingest writes (WAL: readers never block the writer, and the writer never blocks this). The
copy is written beside the target under a temporary name and renamed into place, so a crash or a full
disk never leaves a half-written file at the target path. Copying the main file alone would miss the WAL
(docs/SQLITE.md §5).
"""

import os
from pathlib import Path

from django.db import connection

from apps.core.db.quoting import quote_ident


def integrity_errors(path: Path) -> list[str]:
    """``PRAGMA integrity_check`` plus every FTS5 table's own integrity-check on the file at ``path``;
    empty when all pass."""
    from apps.core.db.base import Database

    conn = Database.connect(str(path))
    try:
        import sqlite_vec

        conn.enable_load_extension(True)
        sqlite_vec.load(conn)
        conn.enable_load_extension(False)
        errors = [row[0] for row in conn.execute("PRAGMA integrity_check").fetchall() if row[0] != "ok"]
        tables = [
            row[0]
            for row in conn.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE '%USING fts5%'"
            ).fetchall()
        ]
        for table in tables:
            quoted = quote_ident(table)  # a name read from sqlite_master, never request data
            try:
                conn.execute(f"INSERT INTO {quoted}({quoted}, rank) VALUES ('integrity-check', 1)")
            except Database.DatabaseError as exc:
                errors.append(f"{table}: {exc}")
        return errors
    finally:
        conn.close()


def backup_to(target: Path) -> int:
    """Write a consistent copy of the default database to ``target`` (which must not exist); its size."""
    target = Path(target).resolve()
    if target.exists():
        raise FileExistsError(f"{target} exists; choose a new path (a backup never overwrites)")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    partial.unlink(missing_ok=True)
    try:
        connection.ensure_connection()
        connection.connection.execute("VACUUM INTO ?", (str(partial),))
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target.stat().st_size
