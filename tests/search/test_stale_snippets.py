"""Served text follows the data: a record whose text changed after its vectors were made (a curator's
redaction, a re-ingest) is never quoted from its old passages, and the answer says its vectors are stale."""

import pytest

from apps.search.embedding import embed_source

pytestmark = pytest.mark.django_db

QUERY = {"q": "bullying and harassment online", "mode": "semantic", "source": "bills"}


def _kids_hit(api_client):
    body = api_client.get("/v1/search", QUERY).json()
    [hit] = [h for h in body["results"] if h["id"] == "hr:119:101"]
    return body, hit


def test_a_redacted_passage_is_not_served_until_its_vectors_catch_up(corpus_db, search_plans, api_client):
    kids = corpus_db["bills"][0]
    body, hit = _kids_hit(api_client)
    assert "harassment" in hit["snippet"]["text"] and body.get("degraded") is None

    kids.body = kids.body.replace("including bullying and harassment online", "[redacted]")
    kids.save()
    body, hit = _kids_hit(api_client)  # still found by its old vectors, until embed runs
    assert "harassment" not in hit["snippet"]["text"] and "bullying" not in hit["snippet"]["text"]
    assert body["degraded"]["stale_vectors"] == {"bills": 1}
    assert "snippets from the current text" in body["degraded"]["reason"]

    embed_source(search_plans[0])
    body = api_client.get("/v1/search", QUERY).json()
    assert body.get("degraded") is None
    assert all("harassment" not in h["snippet"]["text"] for h in body["results"])
