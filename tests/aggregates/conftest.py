"""The real samples the aggregate tests count over, ingested once for the package inside an outer
transaction rolled back at the end (each test nests as a savepoint)."""

import pytest

from tests.corpus import ingested

SOURCES = (
    "legislators",
    "committees",
    "committee-memberships",
    "roll-call-votes",
    "bills",
    "public-laws",
    "statements-of-administration-policy",
    "federal-register",
    "crs-reports",
    "lda-filings",
    "regulations-dot-gov-dockets",
)


@pytest.fixture(scope="package")
def corpus_sample(django_db_setup, django_db_blocker):
    with ingested(django_db_blocker, SOURCES) as results:
        yield results
