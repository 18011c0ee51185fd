"""In-process calls to a REST v1 resource route, for kinds whose selector fetch does not know yet.

``fetch`` prefers a kind's selector (apps.mcp_bridge.tools.fetch.GETTERS); for any other id kind it calls
the same handler ``GET /v1/<resource>/{id}`` runs — still the one service behind both surfaces — and maps
an error envelope back to the JoshError it came from.
"""

import json
from urllib.parse import quote, urlsplit

from django.http import HttpRequest, QueryDict
from django.urls import Resolver404, resolve

from apps.core.errors import JoshError, NotFound
from apps.mcp_bridge import conf


def _request(path: str) -> HttpRequest:
    base = urlsplit(conf.public_base_url())
    request = HttpRequest()
    request.method = "GET"
    request.path = request.path_info = path
    request.GET = QueryDict()
    request.META = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": path,
        "SERVER_NAME": base.hostname or "localhost",
        "SERVER_PORT": str(base.port or (443 if base.scheme == "https" else 80)),
        "HTTP_ACCEPT": "application/json",
        "wsgi.url_scheme": base.scheme or "http",
    }
    request.user = None
    return request


def route_exists(path: str) -> bool:
    try:
        resolve(path)
    except Resolver404:
        return False
    return True


def rest_get(resource: str, record_id: str, suffix: str = "") -> dict:
    """GET /v1/<resource>/<id><suffix> in-process; the JSON body, or the JoshError its envelope names."""
    path = f"/v1/{resource}/{quote(record_id, safe=':')}{suffix}"
    try:
        match = resolve(path)
    except Resolver404:
        raise NotFound(
            f"Records of type '{resource}' cannot be fetched yet (no GET /v1/{resource}/{{id}} route).",
            code="resource_not_served",
        ) from None
    response = match.func(_request(path), *match.args, **match.kwargs)
    body = json.loads(response.content or b"{}")
    if response.status_code >= 400:
        error = body.get("error", {}) if isinstance(body, dict) else {}
        exc = JoshError(
            error.get("message", f"{path} answered {response.status_code}"),
            code=error.get("code", "http_error"),
            hint=error.get("hint"),
            status=response.status_code,
        )
        exc.type = error.get("type", exc.type)
        raise exc
    return body
