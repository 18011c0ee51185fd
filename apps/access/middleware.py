"""The access policy (apps.access.policy) on Django's paths: /v1 (ninja) and /browse/ (DRF) in one place."""

from apps.access.costs import metered
from apps.access.policy import access_check, is_protected, policy_active
from apps.core.adapters import josh_error_response


class AccessMiddleware:
    """401 / 429 in the one error envelope before any view runs; X-RateLimit-* on every covered response."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not policy_active() or not is_protected(request.path, request.method):
            return self.get_response(request)
        decision = access_check(
            headers=request.headers,
            remote_addr=request.META.get("REMOTE_ADDR"),
            user=getattr(request, "user", None),
        )
        request.principal = decision.principal
        if decision.error:
            response = josh_error_response(decision.error)
        else:
            with metered(decision):  # an expensive operation charges its cost to this caller (costs.charge)
                response = self.get_response(request)
        for name, value in decision.headers.items():
            response[name] = value
        return response
