"""Every real sample, ingested once for the package (as tests/explorer does): the audit covers every source."""

import pytest

from apps.core.plans import all_plans
from tests.corpus import ingested
from tests.live import live_server


@pytest.fixture(scope="package")
def corpus_sample(django_db_setup, django_db_blocker):
    with ingested(django_db_blocker, [p.slug for p in all_plans() if p.has_sample]) as results:
        yield results


@pytest.fixture
def server():
    """A live server thread sharing the test's SQLite connection, so a browser sees the ingested rows."""
    with live_server() as live:
        yield live
