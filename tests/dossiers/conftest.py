"""The real samples the dossier tests read, ingested once for the package inside an outer
transaction rolled back at the end (each test nests as a savepoint)."""

import pytest

from tests.corpus import ingested

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


@pytest.fixture(scope="package")
def corpus_sample(django_db_setup, django_db_blocker):
    with ingested(django_db_blocker, SOURCES) as results:
        yield results
