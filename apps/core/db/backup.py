"""A consistent copy of the live database while it serves: ``VACUUM INTO`` on Django's connection.

``VACUUM INTO`` reads the whole database inside one read transaction, so the copy is one committed state
even while an ingest writes (WAL: readers never block the writer, and the writer never blocks this). The
copy is written beside the target under a temporary name and renamed into place, so a crash or a full
disk never leaves a half-written file at the target path. Copying the main file alone would miss the WAL
(docs/SQLITE.md §5).
"""

import os
from pathlib import Path

from django.db import connections

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


def web_state_target(target: Path) -> Path:
    """Where the web-state database's copy goes beside ``target``: josh.sqlite3 -> josh-web.sqlite3, the
    same naming as the live pair (josh/settings.py)."""
    target = Path(target)
    return target.with_name(f"{target.stem}-web{target.suffix}")


def backup_all(target: Path) -> list[tuple[Path, int]]:
    """Copy the data database to ``target`` and, when there is a separate web-state database (sessions, API
    keys, login attempts, curators' changes: apps/core/db/routers.py), that one beside it
    (``web_state_target``). Neither path may exist. [(path, size)] of what was written."""
    targets = [(Path(target), "default")]
    if "web" in connections.databases:
        targets.append((web_state_target(target), "web"))
    for path, _alias in targets:
        if Path(path).exists():
            raise FileExistsError(
                f"{Path(path).resolve()} exists; choose a new path (a backup never overwrites)"
            )
    return [(path, backup_to(path, alias=alias)) for path, alias in targets]


def backup_to(target: Path, alias: str = "default") -> int:
    """Write a consistent copy of the database ``alias`` to ``target`` (which must not exist); its size."""
    target = Path(target).resolve()
    if target.exists():
        raise FileExistsError(f"{target} exists; choose a new path (a backup never overwrites)")
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_name(f".{target.name}.partial-{os.getpid()}")
    partial.unlink(missing_ok=True)
    try:
        connection = connections[alias]
        connection.ensure_connection()
        connection.connection.execute("VACUUM INTO ?", (str(partial),))
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return target.stat().st_size
