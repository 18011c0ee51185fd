"""Views that compose several apps, so they live in the composition root rather than in any one app."""

from django.http import JsonResponse

from apps.core.services.health import health
from apps.search.health import index_health


def healthz(request):
    """Liveness and per-source health for load balancers and operators: 200 unless the database is down."""
    body = health(index_health)
    return JsonResponse(body, status=503 if body["status"] == "down" else 200)
