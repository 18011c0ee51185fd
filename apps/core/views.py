from django.http import JsonResponse
from django.shortcuts import render

from apps.core.errors import NotFound, error_body, server_error_body
from apps.core.services.health import health
from apps.search.health import index_health

_API_PREFIXES = ("/v1/", "/mcp", "/.well-known/")


def not_found(request, exception=None):
    """404 for any unmatched URL: the error envelope for API paths, a plain page elsewhere."""
    if request.path.startswith(_API_PREFIXES):
        exc = NotFound(f"No route {request.path}. See /v1/docs for the REST routes.")
        return JsonResponse(error_body(exc), status=404)
    return render(request, "404.html", status=404)


def server_error(request):
    if request.path.startswith(_API_PREFIXES):
        return JsonResponse(server_error_body(), status=500)
    return render(request, "500.html", status=500)


def healthz(request):
    """Liveness and per-source health for load balancers and operators: 200 unless the database is down."""
    body = health(index_health)
    return JsonResponse(body, status=503 if body["status"] == "down" else 200)
