"""Lexical answers a new record at once while its vectors catch up, and every search answer says how far they
have: ``vector_coverage`` per body source, ``degraded.incomplete_vectors`` when the vector leg ran on a
source with unembedded documents. The counts behind it are kept per index generation, not rescanned."""

from datetime import date

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.core.db import coverage as db_coverage
from apps.search.embedding import embed_source
from tests.search.conftest import make_bill

pytestmark = pytest.mark.django_db

NEW_BILL = (
    "hr:119:190",
    "Lighthouse Preservation Act",
    "Transfers historic lighthouses to nonprofit stewards.",
    "SEC. 1. LIGHTHOUSES.\nThe Administrator may convey a historic lighthouse to a nonprofit steward.",
    date(2025, 7, 1),
)


@pytest.fixture(autouse=True)
def _fresh_counts():
    db_coverage.clear_cache()  # test databases reuse ids; a count from an earlier test must not be served
    yield
    db_coverage.clear_cache()


def test_a_new_record_is_found_lexically_at_once_and_flagged_until_embedded(
    corpus_db, search_plans, api_client
):
    everywhere = api_client.get("/v1/search", {"q": "water", "mode": "hybrid"}).json()["vector_coverage"]
    assert everywhere["bills"] == 1.0 and len(everywhere) > 1  # every body source searched
    assert "statements-of-administration-policy" not in everywhere  # short-body here: no vectors to count
    body = api_client.get("/v1/search", {"q": "water", "mode": "hybrid", "source": "bills"}).json()
    assert body["vector_coverage"] == {"bills": 1.0}
    assert body.get("degraded") is None

    make_bill(*NEW_BILL)
    documents = len(corpus_db["bills"]) + 1
    hybrid = api_client.get("/v1/search", {"q": "lighthouse", "mode": "hybrid", "source": "bills"}).json()
    assert [h["id"] for h in hybrid["results"]][:1] == ["hr:119:190"]  # the lexical leg has it already
    assert hybrid["vector_coverage"] == {"bills": round((documents - 1) / documents, 4)}
    assert hybrid["degraded"]["incomplete_vectors"] == {"bills": 1}
    assert "1 document(s) have no vectors yet" in hybrid["degraded"]["reason"]

    semantic = api_client.get("/v1/search", {"q": "lighthouse", "mode": "semantic", "source": "bills"}).json()
    assert "hr:119:190" not in [h["id"] for h in semantic["results"]]
    assert semantic["degraded"]["incomplete_vectors"] == {"bills": 1}

    lexical = api_client.get("/v1/search", {"q": "lighthouse", "mode": "lexical", "source": "bills"}).json()
    assert [h["id"] for h in lexical["results"]] == ["hr:119:190"]
    assert lexical["vector_coverage"] == hybrid["vector_coverage"]
    assert lexical.get("degraded") is None  # lexical mode misses nothing for want of vectors

    sources = {s["slug"]: s for s in api_client.get("/v1/sources").json()}
    assert sources["bills"]["embedding"]["documents"] == documents
    assert sources["bills"]["embedding"]["embedded"] == documents - 1

    embed_source(search_plans[0])
    after = api_client.get("/v1/search", {"q": "lighthouse", "mode": "semantic", "source": "bills"}).json()
    assert after["results"][0]["id"] == "hr:119:190"
    assert after["vector_coverage"] == {"bills": 1.0}
    assert after.get("degraded") is None


def test_counts_are_read_once_per_generation(corpus_db, search_plans):
    spec = search_plans[0].search
    first = db_coverage.counts(spec)
    assert (first.documents, first.embedded, first.stale) == (
        len(corpus_db["bills"]),
        len(corpus_db["bills"]),
        0,
    )
    with CaptureQueriesContext(connection) as same:
        assert db_coverage.counts(spec) == first
    assert len(same.captured_queries) == 1  # the generation's index seeks only

    make_bill(*NEW_BILL)  # a new newest id: a new generation
    with CaptureQueriesContext(connection) as moved:
        second = db_coverage.counts(spec)
    assert len(moved.captured_queries) == 3
    assert (second.documents, second.embedded) == (first.documents + 1, first.embedded)

    corpus_db["bills"][0].body += " Amended."
    corpus_db["bills"][0].save()  # the stale trigger notes it: a new generation too
    assert db_coverage.counts(spec).stale == 1
