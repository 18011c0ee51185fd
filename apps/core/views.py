from django.http import JsonResponse
from django.shortcuts import render

from apps.core.errors import NotFound, error_body, server_error_body

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
