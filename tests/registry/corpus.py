"""The real registry sample (corpus/congress-legislators + corpus/votes), ingested once per test package.

The ingest runs inside an outer transaction that is rolled back when the package's tests are done; each
test's own ``django_db`` transaction nests inside it as a savepoint, so tests never see each other's writes
and other packages never see the sample.
"""

from contextlib import contextmanager

from django.db import transaction

from apps.core.services.ingest import run_ingest

REGISTRY_SOURCES = (
    "legislators",
    "legislators-social-media",
    "committees",
    "committee-memberships",
    "roll-call-votes",
)


@contextmanager
def ingested_registry_sample(django_db_blocker):
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield {slug: run_ingest(slug=slug) for slug in REGISTRY_SOURCES}
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
