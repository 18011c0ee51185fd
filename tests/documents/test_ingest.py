"""Every document sample ingests with zero errors; a second ingest changes nothing."""

import pytest

from apps.core.services.ingest import run_ingest
from tests.documents.conftest import DOCUMENT_SOURCES

FIRST_INGEST = {
    # slug: (files, records) -- crs-reports = 74 products + 67 catalog rows in 8 CSV exports
    "crs-reports": (82, 141),
    "gao-reports": (24, 24),
    "federal-register": (1, 96),
    "executive-orders": (1, 733),
    "ecfr-and-cfr": (1, 288),
    "us-code": (1, 39),
    "congressional-record": (93, 93),
}


@pytest.mark.parametrize("slug", DOCUMENT_SOURCES)
def test_sample_ingests_cleanly(documents_sample, slug):
    result = documents_sample[slug]
    assert result.errors == []
    assert result.status == "success"
    assert (result.files_total, result.records) == FIRST_INGEST[slug]
    assert result.inserted == result.records


@pytest.mark.django_db
@pytest.mark.parametrize("slug", DOCUMENT_SOURCES)
def test_reingest_is_all_noop(slug):
    result = run_ingest(slug=slug)
    assert result.errors == []
    assert (result.inserted, result.updated, result.noop) == (0, 0, FIRST_INGEST[slug][1])
