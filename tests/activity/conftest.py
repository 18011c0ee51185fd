"""Activity fixtures: each source's real sample corpus ingested through its plan."""

import pytest

from apps.core.services.ingest import run_ingest


def ingest(slug: str, paths=None):
    result = run_ingest(slug=slug, paths=paths)
    return result


@pytest.fixture
def lda(db):
    result = ingest("lda-filings")
    assert result.errors == []
    return result


@pytest.fixture
def regs(db):
    result = ingest("regulations-dot-gov-dockets")
    assert result.errors == []
    return result


@pytest.fixture
def hearings(db):
    result = ingest("hearings")
    assert result.errors == []
    return result
