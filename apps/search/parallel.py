"""Hybrid: the vector leg in a worker thread while the request's thread runs the lexical leg (``SEARCH_PARALLEL_LEGS``).

The two legs share nothing until fusion: the lexical one is SQLite's FTS5 (or PostgreSQL's GIN) lookups, the
vector one the query's encoding (ONNX), the bit-quantized scan and the float rescore (numpy, sqlite-vec), all
of which release the GIL for most of their time, so on a machine with a core to spare the request takes about
the longer leg instead of the sum. Each worker thread has its own database connection (Django's connections
are per thread; on SQLite each opens the same file, on PostgreSQL each is a session of its own) and the
worker runs under the request's own budget: it stops its SQL at the same end (``timelimit.until``), and
a ``QueryTimeout`` there is raised in the request's thread as if it had happened there.

The pool is a few threads kept for the process's life, so a worker's connection (and its loaded sqlite-vec
extension) is opened once; a stale or broken one is replaced before each task, as a request's is.
"""

import os
import threading
from concurrent.futures import Future, ThreadPoolExecutor

from django.db import close_old_connections, connection, connections

from apps.core.db import timelimit
from apps.search.conf import knob

_pool: ThreadPoolExecutor | None = None
_lock = threading.Lock()
_threads: set[int] = set()  # the live pool's worker threads
WORKERS = 4  # concurrent searches in one process (a heavy-lane worker runs one at a time)


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _lock:
        if _pool is None:
            _threads.clear()
            _pool = ThreadPoolExecutor(
                max_workers=WORKERS,
                thread_name_prefix="josh-vector-leg",
                initializer=lambda: _threads.add(threading.get_ident()),
            )
        return _pool


def shutdown() -> None:
    """Close every worker thread's database connection and stop the pool; the next search makes a new one. A
    test database cannot be dropped while a worker still holds a session on it (PostgreSQL)."""
    global _pool
    with _lock:
        pool, _pool = _pool, None
        count = len(_threads)
    if pool is None:
        return
    if count:
        # one task per thread, each held at the barrier until all have closed: every thread gets exactly one
        barrier = threading.Barrier(count)

        def close() -> None:
            connections.close_all()
            barrier.wait(timeout=30)

        for future in [pool.submit(close) for _ in range(count)]:
            future.result()
    pool.shutdown(wait=True)


def _forget_pool() -> None:
    global _pool
    _pool = None  # a forked child (a heavy-lane worker) has none of its parent's threads: it makes its own


os.register_at_fork(after_in_child=_forget_pool)


def possible() -> bool:
    """Whether to run the legs at once: the setting is on, and this thread is not inside a transaction (another
    connection cannot read what it has written; on SQLite's shared in-memory database it fails with "table is
    locked"), so such a caller gets the legs one after the other."""
    return bool(knob("SEARCH_PARALLEL_LEGS")) and not connection.in_atomic_block


def _run(end: float, message: str, fn, args):
    close_old_connections()  # a connection past its age or broken by the last task is replaced
    with timelimit.until(end, message):
        return fn(*args)


def submit(message: str, fn, *args) -> Future:
    """Run ``fn(*args)`` in a worker thread under this thread's open budgets (their earliest end)."""
    return _executor().submit(_run, timelimit.current_end(), message, fn, args)
