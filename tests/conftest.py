"""Shared fixtures. Migrations stay ON: the FTS5/vec0 tables and triggers exist only through them."""

from pathlib import Path

import pytest
from django.conf import settings

CORPUS = Path(settings.CORPUS_DIR)


@pytest.fixture
def corpus() -> Path:
    return CORPUS


@pytest.fixture
def api_client(client):
    """Django's test client; named for what the tests use it for."""
    return client


@pytest.fixture(scope="session", autouse=True)
def _no_request_budget_left_over():
    """A WSGI request made at collection time (schemathesis loads /v1/openapi.json then) sends request_started
    but not request_finished until its response is closed; its wall-clock budget must not govern the test
    database's migrations or later tests outside a request."""
    from apps.core.db import timelimit

    timelimit.uninstall()
    yield


@pytest.fixture(autouse=True)
def _request_budget_closed_after_each_test():
    from apps.core.db import timelimit

    yield
    timelimit.uninstall()
