"""The heavy lane (apps/core/lane.py): work runs in a real worker process at a lower CPU priority, within the
caller's budget; the caller answers 503 at its budget's end whatever the worker is doing, a worker's JoshError
comes back whole, and a dead worker is replaced. The functions below are what the worker runs."""

import os
import time
from pathlib import Path

import pytest

from apps.core import lane
from apps.core.db import timelimit
from apps.core.errors import InvalidParameter, QueryTimeout

pytestmark = pytest.mark.slow  # spawns worker processes that each set Django up


def where() -> tuple[int, int]:
    return os.getpid(), os.getpriority(os.PRIO_PROCESS, 0)


def refuse(parameter: str) -> None:
    raise InvalidParameter(parameter, f"{parameter} is not a number.", allowed=["1", "2"])


def hold(started: str, release: str) -> str:
    """Announce itself, then wait (bounded) for the test's signal: longer than the caller's budget."""
    Path(started).touch()
    for _ in range(6000):
        if Path(release).exists():
            return "released"
        time.sleep(0.01)
    return "never released"


def die() -> None:
    os._exit(1)


@pytest.fixture(scope="module")
def worker():
    """One worker for the module (each start sets Django up in a new process: seconds on a busy machine).

    Its priority is one step lower, not five: the worker sets itself up at that priority, and on a loaded
    machine (the other pytest worker, other jobs) a nice-5 worker got a third of a core and took ~17 s to
    start. One step shows the lowering as well."""
    from django.conf import settings
    from django.test import override_settings

    josh = {**settings.JOSH, "HEAVY_LANE_PROCESSES": 1, "HEAVY_LANE_NICE": 1, "HEAVY_LANE_WARM": ""}
    with override_settings(JOSH=josh):
        lane.start()  # the calls below go to the worker, not to this process while it starts
        yield
        if lane._pool is not None:
            lane._drop_pool(lane._pool)


def test_work_runs_in_another_process_at_a_lower_priority(worker):
    pid, priority = lane.run(where)
    assert pid != os.getpid()
    assert priority == min(19, os.getpriority(os.PRIO_PROCESS, 0) + 1)
    assert lane.run(where) == (pid, priority)  # the same worker serves the next call


def test_a_josh_error_in_the_worker_is_raised_whole_in_the_caller(worker):
    with pytest.raises(InvalidParameter) as raised:
        lane.run(refuse, parameter="congress")
    error = raised.value
    assert (error.status, error.code, error.parameter, str(error)) == (
        400, "invalid_parameter", "congress", "congress is not a number."
    )  # fmt: skip
    assert error.hint == {"parameter": "congress", "allowed": ["1", "2"]}


def test_the_caller_answers_at_its_budget_while_the_worker_is_still_busy(worker, tmp_path):
    lane.run(where)  # the worker is up: what follows measures the call, not the start
    started, release = tmp_path / "started", tmp_path / "release"
    with pytest.raises(QueryTimeout) as raised, timelimit.public_queries(budget_s=0.5):
        lane.run(hold, started=str(started), release=str(release))
    assert raised.value.code == "query_timeout"
    assert started.exists() and not release.exists()  # the worker was still holding when the caller gave up
    release.touch()
    assert lane.run(where)[0] != os.getpid()  # and the worker serves again once it is done


def test_work_whose_budget_is_spent_never_starts(worker, tmp_path):
    lane.run(where)
    started = tmp_path / "started"
    with pytest.raises(QueryTimeout), timelimit.public_queries(budget_s=0.0):
        lane.run(hold, started=str(started), release=str(tmp_path / "release"))
    lane.run(where)  # the worker has taken (and dropped) the spent call by now
    assert not started.exists()


def test_a_worker_that_dies_is_replaced(worker):
    first = lane.run(where)[0]
    with pytest.raises(QueryTimeout) as raised:
        lane.run(die)
    assert (raised.value.status, raised.value.code) == (503, "search_worker_lost")
    assert lane.run(where)[0] == os.getpid()  # served here while the replacement starts, not after it
    lane.start()
    assert lane.state() == "ready"
    assert lane.run(where)[0] not in (first, os.getpid())


def slow_warm() -> None:
    """A warm-up that takes a while, then leaves a mark the test can see (the worker is another process)."""
    time.sleep(1.0)
    Path(os.environ["JOSH_TEST_WARM_MARK"]).touch()


def test_start_returns_only_once_a_worker_has_warmed_up(tmp_path, monkeypatch):
    from django.conf import settings
    from django.test import override_settings

    mark = tmp_path / "warm"
    monkeypatch.setenv("JOSH_TEST_WARM_MARK", str(mark))  # the spawned worker inherits the environment
    # At the test process's own priority (the default lowers it by 10, starving the start on a loaded machine):
    # what is tested here is when start() returns, not the priority.
    josh = {
        **settings.JOSH,
        "HEAVY_LANE_PROCESSES": 1,
        "HEAVY_LANE_NICE": 0,
        "HEAVY_LANE_WARM": "tests.core.test_lane.slow_warm",
    }
    if lane._pool is not None:  # a pool another test started is warm already: start a fresh one
        lane._drop_pool(lane._pool)
    with override_settings(JOSH=josh):
        try:
            lane.start()
            assert mark.exists()  # the server listens after the warm-up, not during it
        finally:
            if lane._pool is not None:
                lane._drop_pool(lane._pool)


def warm_when_told() -> None:
    """A warm-up that lasts until the test says so (bounded), like an encoder loading on a busy host."""
    release = Path(os.environ["JOSH_TEST_WARM_RELEASE"])
    for _ in range(6000):
        if release.exists():
            return
        time.sleep(0.01)


def test_a_search_while_the_workers_start_runs_here_instead_of_waiting_in_its_budget(tmp_path, monkeypatch):
    """The first search of a process that never called start(): it used to wait for the worker's start and
    warm-up inside its budget (503 on a busy host). Now it runs in the caller until a worker is ready."""
    from django.conf import settings
    from django.test import override_settings

    release = tmp_path / "release"
    monkeypatch.setenv("JOSH_TEST_WARM_RELEASE", str(release))
    josh = {
        **settings.JOSH,
        "HEAVY_LANE_PROCESSES": 1,
        "HEAVY_LANE_NICE": 0,  # as above: the start's order is tested, not the priority
        "HEAVY_LANE_WARM": "tests.core.test_lane.warm_when_told",
    }
    if lane._pool is not None:
        lane._drop_pool(lane._pool)
    with override_settings(JOSH=josh):
        try:
            assert lane.state() == "starting"
            with timelimit.public_queries(budget_s=0.5):
                assert lane.run(where)[0] == os.getpid()  # the worker is still warming up: served here
            assert lane.state() == "starting"
            release.touch()
            lane.start()
            assert lane.state() == "ready"
            assert lane.run(where)[0] != os.getpid()  # from now on the worker serves
        finally:
            if lane._pool is not None:
                lane._drop_pool(lane._pool)
