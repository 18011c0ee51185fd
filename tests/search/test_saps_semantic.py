"""Statements of Administration Policy are body-bearing: chunked, embedded, searchable by meaning, `similar`."""

import pytest

from apps.core.plans import get_plan
from apps.search.embedding import embed_source
from tests.search.conftest import SAPS, make_sap

SAP = "statements-of-administration-policy"


@pytest.fixture
def saps(db):
    rows = [make_sap(*row) for row in SAPS]
    stats = embed_source(get_plan(SAP))
    assert stats.documents == 2 and stats.embedded == stats.chunks >= 4  # header + body chunk each
    return rows


def test_saps_answer_semantic_search(saps, client):
    body = client.get(
        "/v1/search", {"q": "drinking water treatment grants", "mode": "semantic", "source": SAP}
    )
    assert body.status_code == 200, body.content
    hits = body.json()["results"]
    assert [h["id"] for h in hits] == ["sap:2025-03-05_hr102", "sap:2025-04-05_s103"]
    assert hits[0]["explain"]["semantic_rank"] == 1 and hits[0]["citation"]["source"] == SAP


def test_saps_have_similar(saps, client):
    body = client.get("/v1/saps/sap:2025-03-05_hr102/similar").json()
    assert [h["id"] for h in body["results"]] == ["sap:2025-04-05_s103"]


def test_sources_lists_saps_as_body(saps, client):
    source = next(s for s in client.get("/v1/sources").json() if s["slug"] == SAP)
    assert source["shape"] == "body"
