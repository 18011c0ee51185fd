"""manage.py copy_to_sqlite FILE: copy the configured PostgreSQL database back into a new SQLite file."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from apps.core.db.engine import POSTGRESQL, WrongEngine, current
from apps.core.db.transfer import copy_to_sqlite


class CopyCommand(BaseCommand):
    """A copy between the engines: PostgreSQL configured (JOSH_DATABASE_URL) and a SQLite file named on the
    command line. Subclasses say which way (``direction``, for the guard's message) and ``copy(path)``."""

    direction = ""  # "reads from" or "writes into" PostgreSQL
    file_help = ""

    def add_arguments(self, parser):
        parser.add_argument("sqlite_file", help=self.file_help)

    def handle(self, *args, sqlite_file, **options):
        try:
            current().require(
                POSTGRESQL,
                f"Set JOSH_DATABASE_URL=postgres://... : this command {self.direction} PostgreSQL.",
            )
        except WrongEngine as exc:
            raise CommandError(str(exc)) from exc
        self.copy(Path(sqlite_file))

    def copy(self, path: Path) -> None:
        raise NotImplementedError


class Command(CopyCommand):
    help = (
        "Copy every record, chunk, vector and ingest run of the PostgreSQL database of JOSH_DATABASE_URL into "
        "a new SQLite file FILE (migrated first; the FTS5 and vec0 indexes rebuilt), then verify each "
        "table's row count and checksum. FILE must not exist. docs/DEPLOY.md walks through it."
    )
    direction = "reads from"
    file_help = "the SQLite database to create (e.g. var/josh.sqlite3)"

    def copy(self, path: Path) -> None:
        if path.exists():
            raise CommandError(f"{path} exists; pass a new path (a copy never overwrites a database).")
        try:
            results = copy_to_sqlite(path)
        except RuntimeError as exc:
            raise CommandError(f"{exc}; nothing was written to {path}") from exc
        report(self.stdout, results)
        total = sum(r.rows for r in results)
        self.stdout.write(
            f"copied {total:,} rows in {len(results)} tables to {path}; counts and checksums match"
        )


def report(out, results) -> None:
    """One line per table: rows, checksum prefix, ok or MISMATCH (copy_to_postgres prints the same)."""
    width = max(len(r.table) for r in results)
    for r in results:
        status = "ok" if r.ok else "MISMATCH"
        out.write(f"{r.table:<{width}}  {r.rows:>9,} rows  {r.checksum[:12]}  {status}")
