"""Ingest real samples once for a test package.

The ingest runs inside an outer transaction that is rolled back when the package's tests are done; each
test's own ``django_db`` transaction nests inside it as a savepoint, so tests never see each other's writes
and other packages never see the sample.
"""

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from django.db import transaction

from apps.core.services.ingest import IngestResult, run_ingest


@contextmanager
def ingested(
    django_db_blocker, slugs: Iterable[str], *, paths: Mapping[str, list[Path] | None] | None = None
) -> Iterator[dict[str, IngestResult]]:
    """Ingest each source in ``slugs`` (its bundled sample, or ``paths[slug]``); yield the results per slug."""
    paths = paths or {}
    with django_db_blocker.unblock(), transaction.atomic():
        try:
            yield {slug: run_ingest(slug=slug, paths=paths.get(slug)) for slug in slugs}
        finally:
            transaction.set_rollback(True)
