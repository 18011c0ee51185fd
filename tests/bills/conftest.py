"""The real bill-side samples (plus legislators and roll-call votes, so sponsors and recorded votes can
link), ingested once for the package inside an outer transaction rolled back at the end: each test's own
transaction nests as a savepoint, so tests never see each other's writes."""

from contextlib import contextmanager

import pytest
from django.db import transaction

from apps.core.plans import get_plan
from apps.core.services.ingest import run_ingest

REGISTRY_SOURCES = ("legislators", "roll-call-votes")
BILL_SOURCES = (
    "bills",
    "topic-taxonomy",
    "cbo-cost-estimates",
    "committee-reports",
    "bill-text",
    "public-laws",
    "statements-of-administration-policy",
)


@contextmanager
def ingested(django_db_blocker, slugs):
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            yield {slug: run_ingest(slug=slug) for slug in slugs if get_plan(slug) is not None}
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture(scope="package", autouse=True)
def bills_sample(django_db_setup, django_db_blocker):
    """First-ingest results per source (registry sources too, when their plans exist)."""
    with ingested(django_db_blocker, REGISTRY_SOURCES + BILL_SOURCES) as results:
        yield results
