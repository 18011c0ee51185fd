"""Writes that must not wait on an ingest: a short lock wait on the data database, then give up.

A web request that writes the data database (a curator's change applied at once, an admin login's
``last_login``) waits at most ``ms`` for a lock instead of the connection's 10 s; past it ``busy`` tells
the caller, which keeps the write queued for later (apps.curation.queue) instead of answering 500.

The statements are the engine's (``Engine.lock_wait``, apps.core.db.engine):

* SQLite: ``PRAGMA busy_timeout`` on the connection for the block (the write lock is taken at ``BEGIN
  IMMEDIATE``), the connection's own timeout put back after.
* PostgreSQL: ``lock_timeout`` for the block (a row the ingest's open batch wrote stays locked until it
  commits), reset after.
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import OperationalError, connection

from apps.core.db.engine import current

SHORT_WAIT_MS = 250


def busy(exc: BaseException) -> bool:
    """The write gave up waiting for a lock: SQLite's "database is locked", PostgreSQL's lock_timeout."""
    if type(exc).__name__ == "LockNotAvailable" or "lock timeout" in str(exc):
        return True
    cause = exc.__cause__
    return isinstance(exc, OperationalError) and (
        "database is locked" in str(exc) or (cause is not None and busy(cause))
    )


@contextmanager
def short_lock_wait(ms: int = SHORT_WAIT_MS) -> Iterator[None]:
    """The block's statements on the data database wait at most ``ms`` for a lock. Use outside any open
    transaction of this connection (the block opens its own)."""
    connection.ensure_connection()
    engine = current()
    with connection.cursor() as cursor:
        cursor.execute(*engine.lock_wait(ms))
    try:
        yield
    finally:
        if reset := engine.lock_wait_reset(connection):
            with connection.cursor() as cursor:
                cursor.execute(reset)
