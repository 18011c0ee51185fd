"""Every public query runs under the SQLite progress-handler time limit and answers ``query_timeout`` (503).

Search has its own limit (apps.search.queries.time_limit); lists, lookups, the browsable API and MCP tools
get a per-statement one (apps.core.db.timelimit) wired around every Django request and every MCP tool call.
The tests make the budget already spent and the handler fire on every VM step, so any guarded statement
stops at once.
"""

import itertools

import pytest
from django.db import connection

from apps.core.db import timelimit
from tests.hardening.conftest import assert_envelope

pytestmark = pytest.mark.django_db


def _clock():
    ticks = itertools.count(1_000_000)
    return lambda: float(next(ticks))


def _ms_clock():
    """A clock one millisecond later at every read: budgets run out after a fixed amount of SQLite work
    (one read per ``_PROGRESS_STEPS`` VM steps), however busy the machine is."""
    ticks = itertools.count(1_000_000_000)
    return lambda: next(ticks) / 1000


@pytest.fixture
def no_time_left(settings, monkeypatch):
    settings.JOSH = {**settings.JOSH, "QUERY_TIME_LIMIT_MS": 1}
    monkeypatch.setattr(timelimit, "_PROGRESS_STEPS", 1)  # the one progress-handler time limit
    monkeypatch.setattr(timelimit.time, "perf_counter", _clock())  # each check is a second later


def _assert_timeout(response):
    assert response.status_code == 503, response.content[:300]
    assert_envelope(response)
    error = response.json()["error"]
    assert error["code"] == "query_timeout"
    assert error["hint"]["time_limit_ms"] == 1
    assert error["hint"]["suggest_narrowing"] == ["since", "until", "congress", "source", "limit"]


@pytest.mark.parametrize(
    "path",
    [
        "/v1/legislators",
        "/v1/legislators/A000055",
        "/v1/bills",
        "/v1/bills/hr:119:1",
        "/v1/votes",
        "/v1/saps",
        "/v1/gao-reports",
        "/v1/topics",
    ],
)
def test_lists_and_lookups_stop_with_query_timeout(client, hardening_corpus, no_time_left, path):
    _assert_timeout(client.get(path))


def test_search_stops_with_query_timeout(client, hardening_corpus, settings, monkeypatch):
    settings.JOSH = {**settings.JOSH, "QUERY_TIME_LIMIT_MS": 1}
    monkeypatch.setattr(timelimit, "_PROGRESS_STEPS", 1)  # search's time_limit is timelimit.deadline
    monkeypatch.setattr(timelimit.time, "perf_counter", _clock())
    response = client.get("/v1/search", {"q": "water", "mode": "lexical"})
    assert response.status_code == 503
    assert response.json()["error"]["code"] == "query_timeout"


def test_the_limit_ends_with_the_request(client, hardening_corpus):
    assert client.get("/v1/legislators").status_code == 200
    assert timelimit._statement_limit not in connection.execute_wrappers
    from apps.registry.models import Legislator

    assert Legislator.objects.count() > 500  # the test's own queries are not limited


def test_mcp_tool_calls_run_under_the_limit(hardening_corpus, no_time_left):
    from apps.registry.models import Legislator

    with pytest.raises(Exception) as caught, timelimit.public_queries():
        list(Legislator.objects.all())
    assert getattr(caught.value, "code", None) == "query_timeout"
    assert timelimit._statement_limit not in connection.execute_wrappers
    import inspect

    from apps.mcp_bridge.tools import base

    assert "public_queries()" in inspect.getsource(base._run)


def test_a_suspended_block_runs_past_the_budget_and_the_budget_resumes_after(no_time_left):
    from apps.core.errors import QueryTimeout
    from apps.search import queries

    long_query = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) SELECT count(*) FROM n"
    with pytest.raises(QueryTimeout), queries.time_limit(5_000):
        with timelimit.suspended():  # e.g. loading a semantic index: not the request's own work
            assert queries.fetchall(long_query) == [(2000,)]
        for _ in range(6):  # six seconds pass on this clock: past the block's 5 s, which is back
            timelimit.time.perf_counter()
        queries.fetchall(long_query)
    assert timelimit._ARMED == {}


# Both engines run it (PostgreSQL allows no LIMIT in a recursive query).
SLOW = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < %s) SELECT count(*) FROM n"


def _run(sql: str, *params):
    with connection.cursor() as cursor:  # through Django's execute wrappers, as ORM statements are
        cursor.execute(sql, params)
        return cursor.fetchall()


def test_a_block_inside_a_request_keeps_its_own_tighter_budget(settings, monkeypatch):
    """Regression: the per-statement limit of a request used to re-arm SQLite's one progress handler with the
    full public budget, silently replacing a name lookup's or aggregate's tighter one."""
    from apps.core.errors import QueryTimeout

    settings.JOSH = {**settings.JOSH, "QUERY_TIME_LIMIT_MS": 5_000}
    monkeypatch.setattr(timelimit.time, "perf_counter", _ms_clock())
    with pytest.raises(QueryTimeout, match="lookup ran past 50 ms"), timelimit.public_queries():
        with timelimit.deadline(50, "lookup ran past {ms} ms"):
            _run(SLOW, 100_000_000)
    assert timelimit._ARMED == {} and timelimit._BLOCKS == {}


def test_the_request_budget_bounds_the_sum_of_its_statements(settings, monkeypatch):
    """Many statements, each well inside the per-statement budget, cannot add up past the request's."""
    from apps.core.errors import QueryTimeout

    settings.JOSH = {**settings.JOSH, "QUERY_TIME_LIMIT_MS": 300}
    monkeypatch.setattr(timelimit.time, "perf_counter", _ms_clock())
    statements = 0
    with pytest.raises(QueryTimeout), timelimit.public_queries():
        # A few clock reads each (one before it starts on PostgreSQL): far inside the per-statement budget.
        for _ in range(1_000):
            _run(SLOW, 20_000)
            statements += 1
    assert 1 <= statements < 1_000  # several statements ran, and their sum hit the request's budget
    assert _run("SELECT 1") == [(1,)]  # the budget ended with the block


def test_a_raw_statement_does_not_start_once_its_block_is_spent(no_time_left):
    """A statement too short to reach the progress handler's first check (``SELECT 1``) must still not start
    after the budget is spent: the search engine's raw statements check before they run."""
    from apps.core.errors import QueryTimeout
    from apps.search import queries

    with pytest.raises(QueryTimeout, match="spent"), timelimit.deadline(1, "spent after {ms} ms"):
        queries.fetchall("SELECT 1")
    assert queries.fetchall("SELECT 1") == [(1,)]  # no block open: nothing to check against


def test_the_request_budget_counts_from_the_requests_arrival(settings, monkeypatch):
    """Time a request spent waiting before its first statement (in its client's line, for a pool thread) is
    inside its budget: a request that arrived a whole budget ago gets no statement at all, one that arrived
    just now gets the whole budget."""
    from apps.core.errors import QueryTimeout

    settings.JOSH = {**settings.JOSH, "QUERY_TIME_LIMIT_MS": 300}
    monkeypatch.setattr(timelimit.time, "perf_counter", _ms_clock())
    token = timelimit.arrived.set(timelimit.time.perf_counter() - 0.3)
    try:
        with pytest.raises(QueryTimeout), timelimit.public_queries():
            _run("SELECT 1")
        timelimit.arrived.set(timelimit.time.perf_counter())
        with timelimit.public_queries():
            # The work stops 5 % early (15 ms here), the time to build and send the 503 within the budget.
            assert 0.275 < timelimit.remaining_s() <= 0.285
            assert _run("SELECT 1") == [(1,)]
    finally:
        timelimit.arrived.reset(token)
    with timelimit.public_queries(budget_s=0.05):  # an explicit budget (a lane worker's) starts now
        assert 0.04 < timelimit.remaining_s() <= 0.05


def test_an_ingest_runs_free_of_a_public_budget_left_open_on_its_thread(no_time_left):
    """A streamed response nobody read to the end never sends request_finished, so its budget stays open on
    the thread; an ingest after it (or one run inline by a request) is a write job, not a public query."""
    from apps.core.services.ingest import run_ingest

    timelimit.install()  # the request that never finished: with this clock its budget is long spent
    try:
        result = run_ingest(slug="committees")
        assert result.status == "success" and result.records > 0
    finally:
        restored = timelimit._statement_limit in connection.execute_wrappers
        timelimit.uninstall()
    assert restored  # the caller's budget is back once the ingest is done
