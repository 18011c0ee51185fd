"""A fixed pool of threads for ORM work started from async code (the /mcp ASGI path).

``sync_to_async(thread_sensitive=True)`` funnels every call through one thread, so concurrent MCP tool calls
queued behind each other (bench/load.py: MCP p50 316 ms with 8 clients). A fixed pool runs them in parallel,
and because its threads live for the whole process, each keeps its persistent SQLite connection
(CONN_MAX_AGE=None), like the a2wsgi pool that serves Django's own requests.
"""

from concurrent.futures import ThreadPoolExecutor
from functools import cache

from asgiref.sync import sync_to_async

from apps.core.conf import knob


@cache
def db_executor() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=knob("THREADS"), thread_name_prefix="josh-db")


def run_in_db_thread(fn):
    """``fn`` as an awaitable that runs on the process's DB thread pool.

    With ``JOSH["DB_THREAD_POOL"]`` off (the in-process tests), it runs on Django's one sync thread instead:
    a test's uncommitted transaction is visible only on that thread's connection.
    """
    if not knob("DB_THREAD_POOL", True):
        return sync_to_async(fn, thread_sensitive=True)
    return sync_to_async(fn, thread_sensitive=False, executor=db_executor())
