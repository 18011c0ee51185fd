import pytest

from tests.registry.corpus import ingested_registry_sample


@pytest.fixture(scope="package")
def corpus_sample(django_db_setup, django_db_blocker):
    """First-ingest results per source; the rows stay for every test in this package."""
    with ingested_registry_sample(django_db_blocker) as results:
        yield results


@pytest.fixture(scope="package")
def registry_sample(corpus_sample):
    return corpus_sample
