from django.http import JsonResponse

from apps.core.errors import JoshError, error_body
from apps.core.request_context import new_request_id, reset_request_id, set_request_id


def _method_not_allowed(response) -> JsonResponse:
    """django-ninja answers a wrong method with plain text; API clients get the one envelope instead."""
    allowed = response.get("Allow", "")
    exc = JoshError(
        f"Method not allowed here; use {allowed or 'GET'}.",
        code="method_not_allowed",
        status=405,
        hint={"allowed_methods": [m.strip() for m in allowed.split(",") if m.strip()]},
    )
    envelope = JsonResponse(error_body(exc), status=405)
    if allowed:
        envelope["Allow"] = allowed
    return envelope


class RequestIdMiddleware:
    """Gives every request an id (echoed as X-Request-Id) that error bodies and logs carry."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.request_id = new_request_id(request.headers.get("X-Request-Id"))
        token = set_request_id(request.request_id)
        try:
            response = self.get_response(request)
            if (
                response.status_code == 405
                and request.path.startswith("/v1/")
                and "json" not in response.get("Content-Type", "")
            ):
                response = _method_not_allowed(response)
        finally:
            reset_request_id(token)
        response["X-Request-Id"] = request.request_id
        return response
