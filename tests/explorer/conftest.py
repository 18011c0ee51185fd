"""Every real sample, ingested once for the package inside an outer transaction rolled back at the end
(each test nests as a savepoint), as tests/browse does."""

import pytest

from apps.core.plans import all_plans
from tests.corpus import ingested


@pytest.fixture(scope="package")
def corpus_sample(django_db_setup, django_db_blocker):
    with ingested(django_db_blocker, [p.slug for p in all_plans() if p.has_sample]) as results:
        yield results


@pytest.fixture
def server():
    """A live server thread sharing the test's SQLite connection, so a browser sees the ingested samples."""
    from pytest_django.live_server_helper import LiveServer

    live = LiveServer("localhost:0")
    live._live_server_modified_settings.enable()
    try:
        yield live
    finally:
        live._live_server_modified_settings.disable()
        live.stop()
