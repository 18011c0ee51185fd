"""Read replicas (docs/DEPLOY.md): GET and HEAD requests read from ``replica``, everything else uses ``default``.

Only read-only traffic is routed: ``ReplicaReadsMiddleware`` marks a safe request on its thread, and the
router sends that thread's ORM reads to the replica while it is marked and not inside a transaction on the
primary. Writes, ingest and embed (management commands, never marked), MCP tools (run on their own threads)
and the search engine's raw SQL (``django.db.connection``) stay on the primary, so nothing reads its own
write from a replica that has not caught up yet. Installed by settings only when
``JOSH_DATABASE_REPLICA_URL`` is set.
"""

import threading

from django.db import connections

_local = threading.local()
SAFE_METHODS = ("GET", "HEAD")


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
