"""Searches are admitted a few at a time per process; one that gets no slot within its request budget fails
with query_timeout (503) instead of running late."""

import threading

import pytest

from apps.core.db import timelimit
from apps.core.errors import QueryTimeout
from apps.search import admission


def test_a_search_waits_for_a_slot_only_within_its_budget(settings, monkeypatch):
    settings.JOSH = {**settings.JOSH, "SEARCH_CONCURRENCY": 1, "QUERY_TIME_LIMIT_MS": 2000}
    inside, leave = threading.Event(), threading.Event()

    def holder():
        with admission.admitted():
            inside.set()
            leave.wait()

    thread = threading.Thread(target=holder)
    thread.start()
    inside.wait()
    with timelimit.public_queries():
        monkeypatch.setattr(admission, "remaining_s", lambda: 0.0)  # the request's budget is spent
        with pytest.raises(QueryTimeout) as refused:
            with admission.admitted():
                pass
    assert (refused.value.status, refused.value.code) == (503, "query_timeout")
    leave.set()
    thread.join()
    with admission.admitted():  # the slot is free again
        pass


def test_no_cap_admits_everyone(settings):
    settings.JOSH = {**settings.JOSH, "SEARCH_CONCURRENCY": 0}
    with admission.admitted(), admission.admitted():
        pass
