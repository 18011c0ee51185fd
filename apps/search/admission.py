"""At most ``JOSH["SEARCH_CONCURRENCY"]`` searches run at once in a process; the rest wait, within their own
request budget, for a slot.

A search is the one request whose cost a client chooses (32 common words, prefixes): a few at once saturate
the CPUs, and every other request (a 10 ms lookup) then waits for a core and for the GIL. With searches
admitted a few at a time, the cores they cannot take stay free for the cheap requests. A search that gets no
slot before its budget ends fails like one that ran past it: 503 ``query_timeout``, never later.
"""

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

from apps.core.conf import knob
from apps.core.db.timelimit import remaining_s, timeout_error


@cache
def _slots(size: int) -> threading.BoundedSemaphore:
    return threading.BoundedSemaphore(size)


@contextmanager
def admitted() -> Iterator[None]:
    size = knob("SEARCH_CONCURRENCY")
    if size <= 0:
        yield
        return
    slots = _slots(size)
    if not slots.acquire(timeout=remaining_s()):
        raise timeout_error()
    try:
        yield
    finally:
        slots.release()
