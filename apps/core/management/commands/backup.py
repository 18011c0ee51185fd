"""manage.py backup PATH [--check]: a consistent copy of the live database (safe while serving/ingesting)."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from apps.core.db.backup import backup_to, integrity_errors


class Command(BaseCommand):
    help = (
        "Write a consistent copy of the database to PATH with VACUUM INTO (one read transaction: safe while "
        "the server serves and an ingest writes). PATH must not exist."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="where to write the copy (a new file)")
        parser.add_argument(
            "--check", action="store_true", help="then run integrity_check and the FTS5 checks on the copy"
        )

    def handle(self, *args, path, check, **options):
        target = Path(path)
        try:
            size = backup_to(target)
        except FileExistsError as exc:
            raise CommandError(str(exc)) from exc
        self.stdout.write(f"backup written: {target} ({size / 1_048_576:.1f} MiB)")
        if check:
            errors = integrity_errors(target)
            if errors:
                raise CommandError("the copy failed its integrity checks: " + "; ".join(errors[:20]))
            self.stdout.write("integrity_check ok; FTS5 integrity-check ok")
