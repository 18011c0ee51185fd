"""The real bill-side samples (plus legislators and roll-call votes, so sponsors and recorded votes can
link), ingested once for the package inside an outer transaction rolled back at the end: each test's own
transaction nests as a savepoint, so tests never see each other's writes."""

import pytest

from apps.core.plans import get_plan
from tests.corpus import ingested

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


@pytest.fixture(scope="package")
def corpus_sample(django_db_setup, django_db_blocker):
    """First-ingest results per source (registry sources too, when their plans exist)."""
    slugs = [s for s in REGISTRY_SOURCES + BILL_SOURCES if get_plan(s) is not None]
    with ingested(django_db_blocker, slugs) as results:
        yield results


@pytest.fixture(scope="package")
def bills_sample(corpus_sample):
    return corpus_sample
