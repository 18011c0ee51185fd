"""manage.py bm25_index: (re)build the BM25 term tables of every lexically searched source on PostgreSQL."""

from django.core.management.base import BaseCommand, CommandError

from apps.core.db.engine import POSTGRESQL, WrongEngine, current
from apps.search import eligibility, pgbm25


class Command(BaseCommand):
    help = (
        "Index every record of every lexically searched source for BM25 on PostgreSQL again "
        "(apps.search.pgbm25): what copy_to_postgres runs after its copy. Ingest runs and searches keep the tables current "
        "by themselves afterwards."
    )

    def handle(self, *args, **options):
        try:
            current().require(
                POSTGRESQL,
                "Nothing to do on SQLite: FTS5 keeps its own terms. Set JOSH_DATABASE_URL=postgres://...",
            )
        except WrongEngine as exc:
            raise CommandError(str(exc)) from exc
        for slug, (plan, shape) in sorted(eligibility.shapes().items()):
            if shape in ("body", "short-body"):
                count = pgbm25.rebuild(plan.search)
                if options["verbosity"] >= 1:
                    self.stdout.write(f"{slug}: {count:,} records indexed for BM25")
