"""Rate limits that hold under concurrency: 60 simultaneous requests against 30/m admit exactly 30, each
request counted once, through the same counters every worker process shares."""

import os
import subprocess
import sys
import threading
import time

from apps.access import counters
from apps.access.policy import Principal, rate_limit_hit


def _burst(n: int, principal: Principal) -> list:
    start = threading.Barrier(n)
    results: list = [None] * n

    def one(i: int) -> None:
        start.wait()  # all threads hit the counter together
        results[i] = rate_limit_hit(principal)

    threads = [threading.Thread(target=one, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return results


def test_sixty_simultaneous_requests_against_30_per_minute_admit_exactly_30(settings, frozen_rate_window):
    settings.JOSH = {**settings.JOSH, "RATE_LIMIT": "30/m"}
    results = _burst(60, Principal("anonymous", "203.0.113.7"))
    admitted = [headers for headers, error in results if error is None]
    refused = [error for _headers, error in results if error is not None]
    assert (len(admitted), len(refused)) == (30, 30)
    assert sorted(int(h["X-RateLimit-Remaining"]) for h in admitted) == list(range(30))
    assert {e.code for e in refused} == {"rate_limited"} and refused[0].status == 429
    # another client's budget is its own
    assert rate_limit_hit(Principal("anonymous", "203.0.113.8"))[1] is None


def test_processes_share_the_counters(settings, frozen_rate_window):
    """A second process (another uvicorn worker) counts in the same budget."""
    # The child's clock is frozen at the parent's instant: a fixed window once rolled over while the child
    # started on a busy machine (count 1, expected 3).
    key, now = "josh.api:anonymous:198.51.100.1", time.time()
    code = (
        "import sys, time_machine; from apps.access import counters; "
        "time_machine.travel(float(sys.argv[2]), tick=False).start(); "
        "print(counters.hit(sys.argv[1], '5/m').count)"
    )
    env = {
        "DJANGO_SETTINGS_MODULE": "josh.settings_test",
        "JOSH_RATE_LIMIT_CACHE_DIR": str(settings.RATE_LIMIT_DIR),
    }
    assert counters.hit(key, "5/m").count == 1
    child = subprocess.run(
        # Settings only, no django.setup(): the counters read one setting and no model, and populating every
        # app cost the child ~1.5 s of CPU.
        [sys.executable, "-c", code, key, repr(now)],
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    assert child.stdout.strip() == "2"
    usage = counters.hit(key, "5/m")
    assert (usage.count, usage.limit, usage.should_limit) == (3, 5, False)
    assert 1 <= usage.time_left <= 60


def test_rates_parse_as_count_and_seconds():
    assert [counters.parse_rate(r) for r in ("600/m", "100/10s", "5000/h", "1/d")] == [
        (600, 60),
        (100, 10),
        (5000, 3600),
        (1, 86400),
    ]
