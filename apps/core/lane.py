"""The heavy lane: expensive reads (searches) run in a few worker processes at a lower CPU priority, so a cheap
request never waits for them — neither for the GIL nor for a core.

All of one process's threads share one GIL, and the operating system cannot tell a 10 ms lookup from a 2 s
search when both are threads of the same process: with a search running, the lookup got a slice of the GIL
at each switch interval and was 5-10x slower (docs/DEVELOPING.md, "Serving and threads"). In its own process
a search holds its own GIL, and at ``nice`` ``JOSH["HEAVY_LANE_NICE"]`` the scheduler gives the serving
process's threads the CPU first whenever both want it.

``run(fn, **kwargs)`` calls the module-level ``fn`` in the lane under what is left of the caller's request
budget and waits at most that long: past it, the caller answers 503 ``query_timeout`` at once whatever the
worker is doing (the worker's own progress handler stops its SQL at the same end). Work that waited in the
queue past its end is never started. A ``JoshError`` raised in the worker is raised again in the caller with
its code, message and hint. A worker that dies is replaced; the request it served gets a 503.

A worker is not ready until its initializer has run (a new interpreter, ``django.setup()``, the warm-up: the
encoder, the vector indexes, a first hybrid search). That took 5-13 s at ``nice`` 10 on a busy two-core host,
and a process that never called ``start()`` (a script, a shell, ``manage.py`` code calling the selectors) or
whose worker had died paid it inside its first search's 2 s budget: 503, or 5-8 s with a longer budget, for
a query whose own work takes ~0.1 s. So until a worker of the current pool is ready, ``run`` calls ``fn`` here,
as with the lane off, while the pool starts in the background; ``state()`` says which (``/healthz``).

``JOSH["HEAVY_LANE_PROCESSES"] = 0`` runs ``fn`` in the calling thread instead (the tests: their database is an
in-memory one that no other process can open).
"""

import ctypes
import functools
import logging
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from concurrent.futures.process import BrokenProcessPool

from django.utils.module_loading import import_string

from apps.core.conf import knob
from apps.core.db import timelimit
from apps.core.errors import JoshError, QueryTimeout

logger = logging.getLogger("josh.lane")
_pool: ProcessPoolExecutor | None = None
_pool_lock = threading.Lock()
_ready = threading.Event()  # a worker of the current pool has run its initializer (warm-up included)
_in_lane = False  # True inside a lane worker: a lane call there runs inline


def size() -> int:
    return knob("HEAVY_LANE_PROCESSES", 0)


def enabled() -> bool:
    return size() > 0 and not _in_lane


def _die_with_parent() -> None:
    """Linux: the worker gets SIGKILL when the serving process dies (even by kill -9), never an orphan."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _worker_init(nice: int, warm: str) -> None:
    global _in_lane
    _die_with_parent()
    os.nice(nice)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the server's Ctrl-C is the server's to handle
    import django

    django.setup()
    _in_lane = True
    if warm:  # one-time loads (an encoder) done at start, not inside the first request's budget
        try:
            import_string(warm)()
        except Exception:  # a database not migrated yet: the first search loads what it needs itself
            logger.exception("heavy lane: warming up with %s failed", warm)


def _pool_now() -> ProcessPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _ready.clear()
            _pool = pool = ProcessPoolExecutor(
                max_workers=size(),
                mp_context=multiprocessing.get_context("spawn"),  # never fork a process that has threads
                initializer=_worker_init,
                initargs=(knob("HEAVY_LANE_NICE", 10), knob("HEAVY_LANE_WARM", "")),
            )
            # A worker takes work only after its initializer: the first of these to finish marks the pool ready.
            for _ in range(size()):
                pool.submit(time.sleep, 0).add_done_callback(functools.partial(_mark_ready, pool))
        return _pool


def _mark_ready(pool: ProcessPoolExecutor, done: Future) -> None:
    with _pool_lock:
        if pool is _pool and not done.cancelled() and done.exception() is None:
            _ready.set()


def _drop_pool(broken: ProcessPoolExecutor) -> None:
    global _pool
    with _pool_lock:
        if _pool is broken:
            _pool = None
            _ready.clear()
    broken.shutdown(wait=False, cancel_futures=True)


def state() -> str:
    """``off`` (searches run in the serving process), ``starting`` (no worker warm yet: searches run in the
    serving process meanwhile) or ``ready``."""
    if not enabled():
        return "off"
    return "ready" if _pool is not None and _ready.is_set() else "starting"


READY_TIMEOUT_S = 120


def start() -> None:
    """Start the workers now, at server start, and wait until one has warmed up (its initializer ran) before
    the server listens: a search sent as soon as /healthz answered used to wait in its budget for the warm-up
    (the encoder, the vector indexes, a cold PostgreSQL cache) and came back 503. Past ``READY_TIMEOUT_S`` the
    server starts anyway, and says so."""
    if enabled():
        _pool_now()
        if not _ready.wait(READY_TIMEOUT_S):
            logger.warning("heavy lane: no worker warm after %d s; serving anyway", READY_TIMEOUT_S)


def _call(fn, kwargs: dict, end: float):
    """In the worker: ``fn(**kwargs)`` under a request budget that ends at ``end`` (``time.monotonic``, one
    clock for every process on the host). A ``JoshError`` comes back as data: its class's ``__init__`` may not
    take what pickling would give it."""
    left = end - time.monotonic()
    try:
        if left <= 0:  # waited in the queue past its end: the caller has already answered 503
            raise timelimit.timeout_error()
        with timelimit.public_queries(budget_s=left):
            return ("ok", fn(**kwargs))
    except JoshError as exc:
        return ("error", (type(exc), exc.args, exc.__dict__))


def _rebuild(cls, args, state) -> JoshError:
    exc = cls.__new__(cls)
    Exception.__init__(exc, *args)
    exc.__dict__.update(state)
    return exc


def run(fn, /, **kwargs):
    """``fn(**kwargs)`` in the lane (or here when the lane is off), within the caller's request budget."""
    if not enabled():
        return fn(**kwargs)
    pool = _pool_now()
    if not _ready.is_set():  # no worker warm yet: its start must not be paid inside this request's budget
        return fn(**kwargs)
    left = timelimit.remaining_s()
    try:
        future = pool.submit(_call, fn, kwargs, time.monotonic() + left)
        kind, value = future.result(timeout=left)
    except FutureTimeout:
        future.cancel()
        raise timelimit.timeout_error() from None
    except BrokenProcessPool:
        _drop_pool(pool)
        raise QueryTimeout(
            "The search worker stopped while serving this request; retry.", code="search_worker_lost"
        ) from None
    if kind == "error":
        raise _rebuild(*value)
    return value
