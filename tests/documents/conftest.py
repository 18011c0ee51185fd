"""The real document samples, ingested once for the package inside an outer transaction that is rolled
back at the end (each test's own transaction nests as a savepoint: tests never see each other's writes,
other packages never see the sample)."""

import pytest

from tests.corpus import ingested

DOCUMENT_SOURCES = (
    "crs-reports",
    "gao-reports",
    "federal-register",
    "executive-orders",
    "ecfr-and-cfr",
    "us-code",
    "congressional-record",
)


@pytest.fixture(scope="package")
def corpus_sample(django_db_setup, django_db_blocker):
    """First-ingest results per source."""
    with ingested(django_db_blocker, DOCUMENT_SOURCES) as results:
        yield results


@pytest.fixture(scope="package")
def documents_sample(corpus_sample):
    return corpus_sample
