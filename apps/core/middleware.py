from apps.core.request_context import new_request_id, reset_request_id, set_request_id


class RequestIdMiddleware:
    """Gives every request an id (echoed as X-Request-Id) that error bodies and logs carry."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.request_id = new_request_id(request.headers.get("X-Request-Id"))
        token = set_request_id(request.request_id)
        try:
            response = self.get_response(request)
        finally:
            reset_request_id(token)
        response["X-Request-Id"] = request.request_id
        return response
