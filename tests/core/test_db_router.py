"""The read-replica router (apps/core/db/routers.py): only a safe request's reads outside a transaction go to
the replica; writes and everything unmarked stay on the primary."""

import pytest
from django.db import transaction
from django.test import RequestFactory

from apps.core.db.routers import ReadReplicaRouter, ReplicaReadsMiddleware
from apps.registry.models import Legislator


def _read_db_during(method: str, *, atomic: bool = False) -> str:
    router, seen = ReadReplicaRouter(), []

    def view(request):
        if atomic:
            with transaction.atomic():
                seen.append(router.db_for_read(Legislator))
        else:
            seen.append(router.db_for_read(Legislator))
        return None

    ReplicaReadsMiddleware(view)(getattr(RequestFactory(), method.lower())("/v1/legislators"))
    return seen[0]


@pytest.mark.django_db(transaction=True)
def test_safe_requests_read_from_the_replica_and_nothing_else_does():
    router = ReadReplicaRouter()
    assert _read_db_during("GET") == "replica"
    assert _read_db_during("HEAD") == "replica"
    assert _read_db_during("POST") == "default"
    assert _read_db_during("GET", atomic=True) == "default"  # a transaction reads what it wrote
    assert router.db_for_read(Legislator) == "default"  # outside a request: commands, MCP threads
    assert router.db_for_write(Legislator) == "default"
    assert router.allow_migrate("replica", "registry") is False and router.allow_migrate(
        "default", "registry"
    )
