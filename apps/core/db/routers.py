"""Database routers: the web-state database (docs/ACCESS.md "Web requests never wait on an ingest") and read
replicas (docs/DEPLOY.md).

**Web state.** What web requests write (sessions, admin login attempts, API keys and their ``last_used``,
curators' queued changes) lives in a small database of its own beside the data when the data is an SQLite
file: SQLite lets one transaction write at a time and an ingest holds that write lock for long batches, so a
request writing the data database would wait for the batch (10 s, then a 500). ``WebStateRouter`` sends those
models to the ``web`` alias; without one (PostgreSQL, whose row locks never make these writes wait on an
ingest, and the tests' single in-memory database) they stay on ``default``.

**Read replicas.** GET and HEAD requests read from ``replica``, everything else uses ``default``.

Only read-only traffic is routed: ``ReplicaReadsMiddleware`` marks a safe request on its thread, and the
router sends that thread's ORM reads to the replica while it is marked and not inside a transaction on the
primary. Writes, ingest and embed (management commands, never marked), MCP tools (run on their own threads)
and the search engine's raw SQL (``django.db.connection``) stay on the primary, so nothing reads its own
write from a replica that has not caught up yet. Installed by settings only when
``JOSH_DATABASE_REPLICA_URL`` is set.
"""

import threading
from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connections

_local = threading.local()
SAFE_METHODS = ("GET", "HEAD")
WEB = "web"
# Whole apps (app labels) and single models (``app_label.model``) written by web requests, never by ingest.
WEB_STATE_APPS = frozenset({"sessions", "axes", "access"})
WEB_STATE_MODELS = frozenset({"curation.queuedchange"})


def is_web_state(model) -> bool:  # a model or an instance
    return model._meta.app_label in WEB_STATE_APPS or model._meta.label_lower in WEB_STATE_MODELS


def web_alias() -> str:
    """Where web state lives: the ``web`` database when there is one, else the data database."""
    return WEB if WEB in connections.databases else "default"


class WebStateRouter:
    """Web state to ``web`` (when configured); every other model is left to the next router or ``default``."""

    def db_for_read(self, model, **hints):
        return web_alias() if is_web_state(model) else None

    def db_for_write(self, model, **hints):
        return web_alias() if is_web_state(model) else None

    def allow_relation(self, obj1, obj2, **hints):
        if is_web_state(obj1) or is_web_state(obj2):
            return is_web_state(obj1) == is_web_state(obj2)  # never across the two databases
        return None

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        if WEB not in connections.databases:
            return None
        web = app_label in WEB_STATE_APPS or f"{app_label}.{model_name}" in WEB_STATE_MODELS
        if db == WEB:
            return web
        return False if web else None


def safe_request() -> bool:
    """Whether this thread serves a GET or HEAD request (``SafeRequestMiddleware``)."""
    return getattr(_local, "safe", False)


@contextmanager
def writing() -> Iterator[None]:
    """A block of a GET/HEAD request that writes on purpose (applying queued changes): its transactions take
    the write lock at BEGIN again, as a write's must (docs/SQLITE.md §5)."""
    was = safe_request()
    _local.safe = False
    try:
        yield
    finally:
        _local.safe = was


class SafeRequestMiddleware:
    """Marks a GET/HEAD request on its thread: its transactions on the SQLite data database start DEFERRED
    (apps/core/db/base.py), so the admin's change pages, which open one for every view, read beside an
    ingest instead of waiting for its write lock."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        _local.safe = request.method in SAFE_METHODS
        try:
            return self.get_response(request)
        finally:
            _local.safe = False


class ReplicaReadsMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        _local.replica = request.method in SAFE_METHODS
        try:
            return self.get_response(request)
        finally:
            _local.replica = False


class ReadReplicaRouter:
    def db_for_read(self, model, **hints):
        if getattr(_local, "replica", False) and not connections["default"].in_atomic_block:
            return "replica"
        return "default"

    def db_for_write(self, model, **hints):
        return "default"

    def allow_relation(self, obj1, obj2, **hints):
        return True  # the replica holds the primary's rows: same objects

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        return db == "default"
