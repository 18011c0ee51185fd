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
