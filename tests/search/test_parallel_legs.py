"""Hybrid with both legs at once (``SEARCH_PARALLEL_LEGS``): the vector leg in a worker thread with its own
connection, under the request's budget. The answer must be the one the legs give one after the other. Over
the named bills of conftest.py (hashing encoder); the database is committed (``transactional_db``) because a
worker thread's connection cannot see a test transaction's rows."""

import threading

import pytest
from django.db import connection

from apps.core.db import timelimit
from apps.core.errors import QueryTimeout
from apps.search import parallel, queries

QUERIES = (
    "drinking water",
    "children online",
    "rural broadband internet",
    "xyzzyplugh quuxfrob",
    '"lead service lines"',
)


@pytest.fixture(autouse=True)
def _closed_workers():
    yield
    parallel.shutdown()  # the workers' connections end with the test (PostgreSQL drops its database after)


@pytest.fixture
def get(client, transactional_db, corpus_db, search_plans, settings):
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": {"hashing-v1": 0.2}}

    def call(parallel_legs: int, **params):
        settings.JOSH = {**settings.JOSH, "SEARCH_PARALLEL_LEGS": parallel_legs}
        response = client.get("/v1/search", params)
        assert response.status_code == 200, response.content
        body = response.json()
        body.pop("took_ms")
        return body

    return call


@pytest.mark.parametrize("q", QUERIES)
def test_both_legs_at_once_answer_exactly_what_they_answer_one_after_the_other(get, q):
    at_once = get(1, q=q, source="bills", mode="hybrid", limit=20)
    in_turn = get(0, q=q, source="bills", mode="hybrid", limit=20)
    assert at_once == in_turn


def test_both_legs_at_once_rank_and_count_the_hybrid_answer(get, monkeypatch):
    from apps.search import selectors

    ran_in, real = [], selectors._encoded_leg

    def watched(*args):  # the real vector leg, noting the thread it ran in
        ran_in.append(threading.current_thread().name)
        return real(*args)

    monkeypatch.setattr(selectors, "_encoded_leg", watched)
    body = get(1, q="drinking water", source="bills", mode="hybrid")
    assert len(ran_in) == 1 and ran_in[0].startswith("josh-vector-leg")
    assert [h["id"] for h in body["results"]] == ["hr:119:102", "hr:118:105"]
    assert body["total"] == 2 and body["total_basis"] == "exact"
    first = body["results"][0]["explain"]
    assert first["lexical_rank"] == 1 and first["semantic_rank"] == 1


def test_without_an_encoder_the_worker_thread_degrades_the_answer_to_lexical(get, settings):
    settings.JOSH = {**settings.JOSH, "ENCODER": "no-such-encoder"}
    body = get(1, q="drinking water", source="bills", mode="hybrid")
    assert [h["id"] for h in body["results"]] == ["hr:119:102", "hr:118:105"]
    assert body["degraded"]["to"] == "lexical" and "no-such-encoder" in body["degraded"]["semantic"]


def test_inside_a_transaction_the_legs_run_one_after_the_other(client, corpus_db, search_plans, settings):
    # the test's transaction holds the bills: a worker thread's connection could not read them
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": {"hashing-v1": 0.2}, "SEARCH_PARALLEL_LEGS": 1}
    body = client.get("/v1/search", {"q": "drinking water", "source": "bills", "mode": "hybrid"}).json()
    assert [h["id"] for h in body["results"]] == ["hr:119:102", "hr:118:105"] and body["total"] == 2


# A statement that runs until it is interrupted: SQLite's progress handler is what stops it.
ENDLESS = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"


def _endless():
    with connection.cursor() as cursor:
        cursor.execute(ENDLESS)
        return cursor.fetchall()


@pytest.mark.django_db(transaction=True)
def test_the_worker_thread_stops_at_the_request_budget_and_the_timeout_reaches_the_request():
    threads = []

    def work():
        threads.append(threading.get_ident())
        return _endless()

    with queries.time_limit(200):
        future = parallel.submit(queries.timeout_message(200), work)
        with pytest.raises(QueryTimeout) as caught:
            future.result()
    assert "200 ms budget" in caught.value.message
    assert threads and threads[0] != threading.get_ident()  # it ran in a worker thread, on its own connection


@pytest.mark.django_db(transaction=True)
def test_work_submitted_after_the_budget_ended_never_starts():
    ran = []
    with pytest.raises(QueryTimeout):
        with timelimit.until(0.0, queries.timeout_message(5)):
            ran.append(True)
    assert ran == []
