"""manage.py copy_to_postgres SQLITE_FILE: move a SQLite substrate into the configured PostgreSQL database."""

from pathlib import Path

from django.core.management import call_command
from django.core.management.base import CommandError

from apps.core.db.transfer import copy_from_sqlite
from apps.core.management.commands.copy_to_sqlite import CopyCommand, report


class Command(CopyCommand):
    help = (
        "Copy every record, chunk, vector and ingest run of SQLITE_FILE into the PostgreSQL database of "
        "JOSH_DATABASE_URL (migrated first; its rows of those tables are replaced), then verify each table's "
        "row count and checksum. docs/DEPLOY.md walks through it."
    )
    direction = "writes into"
    file_help = "the SQLite database to copy (e.g. var/josh.sqlite3)"

    def copy(self, path: Path) -> None:
        if not path.is_file():
            raise CommandError(f"{path} is not a file; pass the SQLite database to copy.")
        call_command("migrate", interactive=False, verbosity=0)
        results = copy_from_sqlite(path)
        report(self.stdout, results)
        bad = [r.table for r in results if not r.ok]
        if bad:
            raise CommandError(f"{len(bad)} table(s) differ after the copy: {', '.join(bad)}")
        # the search's BM25 terms of the copied records (TRUNCATE fired no row trigger; apps.search names it)
        call_command("bm25_index", verbosity=0, stdout=self.stdout)
        total = sum(r.rows for r in results)
        self.stdout.write(f"copied {total:,} rows in {len(results)} tables; counts and checksums match")
