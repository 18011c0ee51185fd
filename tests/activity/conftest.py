"""Activity fixtures: each source's real sample corpus, ingested once for the package through its plan
(tests/corpus.py ``ingested``: inside an outer transaction rolled back when the package is done, and restored
from a snapshot on later runs), plus legislators, so a staff directory's member filter resolves crosswalk ids.

``tests/conftest.py`` gives every database test of the package this sample. A test that ingests a file of its
own and needs the table without the sample's rows deletes them first, inside its own transaction (rolled back
after it)."""

import pytest

from apps.core.services.ingest import run_ingest
from tests.corpus import ingested

SOURCES = ("legislators", "lda-filings", "regulations-dot-gov-dockets", "hearings")


def ingest(slug: str, paths=None):
    result = run_ingest(slug=slug, paths=paths)
    return result


@pytest.fixture(scope="package")
def corpus_sample(django_db_setup, django_db_blocker):
    """First-ingest results per source."""
    with ingested(django_db_blocker, SOURCES) as results:
        for slug, result in results.items():
            assert result.errors == [], slug
        yield results


@pytest.fixture
def lda(corpus_sample, db):
    return corpus_sample["lda-filings"]


@pytest.fixture
def regs(corpus_sample, db):
    return corpus_sample["regulations-dot-gov-dockets"]


@pytest.fixture
def hearings(corpus_sample, db):
    return corpus_sample["hearings"]


@pytest.fixture
def legislators(corpus_sample, db):
    return corpus_sample["legislators"]
