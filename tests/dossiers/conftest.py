"""The real samples the dossier tests read, ingested once for the package inside an outer
transaction rolled back at the end (each test nests as a savepoint)."""

from contextlib import contextmanager

import pytest
from django.db import transaction

from apps.core.services.ingest import run_ingest

SOURCES = (
    "legislators",
    "committees",
    "committee-memberships",
    "roll-call-votes",
    "bills",
    "cbo-cost-estimates",
    "public-laws",
    "statements-of-administration-policy",
    "crs-reports",
    "congressional-record",
    "hearings",
    "lda-filings",
)


@contextmanager
def ingested(django_db_blocker, slugs):
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield {slug: run_ingest(slug=slug) for slug in slugs}
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture(scope="package", autouse=True)
def sample(django_db_setup, django_db_blocker):
    with ingested(django_db_blocker, SOURCES) as results:
        yield results
