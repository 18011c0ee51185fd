"""manage.py backup PATH [--check]: a consistent copy of the live database (safe while serving/ingesting),
and of the web-state database beside it (PATH's name with ``-web``) when the site has one."""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from apps.core.db.backup import backup_all, integrity_errors


class Command(BaseCommand):
    help = (
        "Write a consistent copy of the database to PATH with VACUUM INTO (one read transaction: safe while "
        "the server serves and an ingest writes). PATH must not exist. The web-state database (sessions, API "
        "keys, curators' changes), when separate, is copied beside it as NAME-web.EXT."
    )

    def add_arguments(self, parser):
        parser.add_argument("path", help="where to write the copy (a new file)")
        parser.add_argument(
            "--check", action="store_true", help="then run integrity_check and the FTS5 checks on the copy"
        )

    def handle(self, *args, path, check, **options):
        try:
            written = backup_all(Path(path))
        except FileExistsError as exc:
            raise CommandError(str(exc)) from exc
        for target, size in written:
            self.stdout.write(f"backup written: {target} ({size / 1_048_576:.1f} MiB)")
        if check:
            for target, _size in written:
                errors = integrity_errors(target)
                if errors:
                    raise CommandError(f"{target} failed its integrity checks: " + "; ".join(errors[:20]))
            self.stdout.write("integrity_check ok; FTS5 integrity-check ok")
