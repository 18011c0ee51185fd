"""Ingest real samples once for a test package.

The ingest runs inside an outer transaction that is rolled back when the package's tests are done; each
test's own ``django_db`` transaction nests inside it as a savepoint, so tests never see each other's writes
and other packages never see the sample. A later run copies the rows back from a snapshot instead of parsing
the corpus again (tests/sample_snapshot.py: keyed by everything the rows depend on).

On PostgreSQL the foreign keys are deferred to commit, and this transaction never commits: the checks its rows
queue would be fired again by every test (Django checks constraints at the end of each test, inside the test's
savepoint, and the savepoint's rollback re-queues them). Checking them once, right after the ingest and outside
any savepoint, fires them for good (and proves the sample consistent on both engines).
"""

import functools
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml
from django.conf import settings
from django.db import connection, transaction

from apps.core.services.ingest import IngestResult, run_ingest
from tests.sample_snapshot import restored_or_saved, without_statement_timeout


@contextmanager
def ingested(
    django_db_blocker, slugs: Iterable[str], *, paths: Mapping[str, list[Path] | None] | None = None
) -> Iterator[dict[str, IngestResult]]:
    """Ingest each source in ``slugs`` (its bundled sample, or ``paths[slug]``); yield the results per slug."""
    slugs, paths = list(slugs), paths or {}

    def ingest() -> dict[str, IngestResult]:
        return {slug: run_ingest(slug=slug, paths=paths.get(slug)) for slug in slugs}

    with django_db_blocker.unblock(), restored_or_saved(slugs, paths, ingest) as results:
        try:
            with without_statement_timeout():  # every sample row's deferred checks, in one statement
                connection.check_constraints()
            if connection.vendor == "postgresql":
                _gather_statistics()
            yield results
        finally:
            transaction.set_rollback(True)


def _gather_statistics() -> None:
    """PostgreSQL: the rows are this transaction's, never committed, so autovacuum never gathers statistics on
    them; without any, PostgreSQL planned the admin's vote-position search as nested loops of sequential scans
    (past its 20 s budget). A deployment's autovacuum analyzes after a load.

    One ``ANALYZE`` per table of the project, without the connection's statement timeout
    (``without_statement_timeout``): a database-wide ``ANALYZE`` is one statement over every table and the
    catalogs, and on a loaded CI machine it ran past the 30 s ``statement_timeout`` and failed the package's
    setup."""
    quote = connection.ops.quote_name
    with without_statement_timeout(), connection.cursor() as cursor:
        for table in sorted(connection.introspection.table_names(cursor)):
            cursor.execute(f"ANALYZE {quote(table)}")


@functools.cache
def corpus_yaml(relative: str) -> Any:
    """A YAML file of ``corpus/`` as data, parsed once per process with libyaml's safe loader (PyYAML's
    pure-Python ``safe_load`` took ~4 s for the legislators file). Shared between tests: read it, never change it."""
    return yaml.load(Path(settings.CORPUS_DIR, relative).read_text(), Loader=yaml.CSafeLoader)
