"""The real document samples, ingested once for the package inside an outer transaction that is rolled
back at the end (each test's own transaction nests as a savepoint: tests never see each other's writes,
other packages never see the sample)."""

from contextlib import contextmanager

import pytest
from django.db import transaction

from apps.core.services.ingest import run_ingest

DOCUMENT_SOURCES = (
    "crs-reports",
    "gao-reports",
    "federal-register",
    "executive-orders",
    "ecfr-and-cfr",
    "us-code",
    "congressional-record",
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
def documents_sample(django_db_setup, django_db_blocker):
    """First-ingest results per source."""
    with ingested(django_db_blocker, DOCUMENT_SOURCES) as results:
        yield results
