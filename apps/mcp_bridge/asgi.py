"""The ASGI router that serves /mcp beside Django (docs/MCP.md, "How /mcp is served beside Django").

``/mcp`` goes to the MCP SDK's Streamable HTTP app (stateless, JSON responses); everything else, and a
browser's ``GET /mcp`` (the landing page), goes to Django. Lifespan events go to the MCP app, whose session
manager only starts there (Django's handler rejects them). Because /mcp bypasses Django's middleware, the
router re-applies what matters: Host (421) and Origin (403) checks, the protocol-version gate (400), 405 for
GET/DELETE, a request id, the request whose host absolute URLs are built from, the access policy (apps.access.policy: 401, 429, X-RateLimit-*), and the ``scope``
parameter of the bearer challenge.
"""

import json
from urllib.parse import urlsplit

from django.http.request import split_domain_port, validate_host

from apps.access.costs import metered
from apps.access.policy import access_check_async
from apps.core.errors import error_body
from apps.core.public_url import request_from_scope, serving
from apps.core.request_context import new_request_id
from apps.mcp_bridge import conf

CORS_ALLOW_HEADERS = (
    "content-type, authorization, mcp-protocol-version, mcp-session-id, x-api-key, x-request-id"
)
CORS_EXPOSE_HEADERS = (
    "mcp-session-id, www-authenticate, x-request-id, retry-after, "
    "x-ratelimit-limit, x-ratelimit-remaining, x-ratelimit-reset"
)


def _headers(scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


async def _reply(send, status: int, body: dict | None, extra: list[tuple[str, str]] = ()) -> None:
    payload = json.dumps(body).encode() if body is not None else b""
    headers = [(b"content-length", str(len(payload)).encode())]
    if body is not None:
        headers.append((b"content-type", b"application/json"))
    headers += [(k.encode(), v.encode()) for k, v in extra]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": payload})


def _rpc_error(rpc_code: int, message: str, **data) -> dict:
    """A JSON-RPC error with no id (the transport answers before any message is read)."""
    return {"jsonrpc": "2.0", "id": None, "error": {"code": rpc_code, "message": message, "data": data}}


def host_allowed(host: str) -> bool:
    domain, _port = split_domain_port(host)
    return bool(domain) and validate_host(domain, conf.allowed_hosts())


def origin_allowed(origin: str, host: str) -> bool:
    """Same-origin with a validated Host, the public base origin, or an allowlisted browser client."""
    origin = origin.rstrip("/")
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False
    return parts.netloc.lower() == host.lower() or origin in conf.allowed_origins()


def _cors(origin: str | None) -> list[tuple[str, str]]:
    if not origin:
        return []
    return [
        ("access-control-allow-origin", origin),
        ("access-control-expose-headers", CORS_EXPOSE_HEADERS),
        ("vary", "Origin"),
    ]


def _rewrite_headers(scope, request_id: str, headers: dict[str, str]) -> dict:
    raw = [(k, v) for k, v in scope.get("headers", []) if k.lower() != b"x-request-id"]
    raw.append((b"x-request-id", request_id.encode()))
    if "x-api-key" in headers and "authorization" not in headers:
        raw.append((b"authorization", f"Bearer {headers['x-api-key']}".encode()))
    path = conf.MCP_PATH
    return {**scope, "headers": raw, "path": path, "raw_path": path.encode()}


def _wrap_send(send, request_id: str, origin: str | None, access_headers: dict[str, str]):
    async def wrapped(message):
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            headers.append((b"x-request-id", request_id.encode()))
            headers += [(k.lower().encode(), v.encode()) for k, v in access_headers.items()]
            headers += [(k.encode(), v.encode()) for k, v in _cors(origin)]
            if message["status"] in (401, 403):
                headers = [
                    (k, v + f', scope="{conf.SCOPE}"'.encode() if k.lower() == b"www-authenticate" else v)
                    for k, v in headers
                ]
            message = {**message, "headers": headers}
        await send(message)

    return wrapped


def build_router(django_app, mcp_app):
    async def router(scope, receive, send):
        if scope["type"] == "lifespan":
            return await mcp_app(scope, receive, send)
        if scope["type"] != "http" or scope["path"] not in (conf.MCP_PATH, conf.MCP_PATH + "/"):
            return await django_app(scope, receive, send)
        # The request every absolute URL in the reply is built from (apps.core.public_url).
        with serving(request_from_scope(scope)):
            return await _serve_mcp(scope, receive, send)

    async def _serve_mcp(scope, receive, send):  # noqa: C901 - one flat list of transport rules
        headers = _headers(scope)
        method = scope["method"]
        accept = headers.get("accept", "")
        if method in ("GET", "HEAD") and "text/html" in accept and "text/event-stream" not in accept:
            return await django_app(scope, receive, send)  # the landing page (apps.mcp_bridge.views)
        host = headers.get("host", "")
        if not host_allowed(host):
            return await _reply(
                send, 421, _rpc_error(-32600, f"Invalid Host header: {host!r}", code="bad_host")
            )
        origin = headers.get("origin")
        if origin is not None and not origin_allowed(origin, host):
            return await _reply(send, 403, _rpc_error(-32600, "Origin not allowed", code="bad_origin"))
        if method == "OPTIONS":
            preflight = [
                ("access-control-allow-methods", "POST, OPTIONS"),
                ("access-control-allow-headers", CORS_ALLOW_HEADERS),
                ("access-control-max-age", "86400"),
            ]
            return await _reply(send, 204, None, _cors(origin) + preflight)
        if method != "POST":
            message = "This stateless endpoint accepts POST only (no SSE stream, no sessions to delete)."
            return await _reply(send, 405, _rpc_error(-32600, message), [("allow", "POST, OPTIONS")])
        version = headers.get("mcp-protocol-version")
        if version is not None and version not in conf.SERVED_VERSIONS:
            message = (
                f"Unsupported MCP-Protocol-Version {version!r}; supported: {sorted(conf.SERVED_VERSIONS)}"
            )
            return await _reply(
                send, 400, _rpc_error(-32600, message, supported=sorted(conf.SERVED_VERSIONS))
            )
        request_id = new_request_id(headers.get("x-request-id"))
        client = scope.get("client") or ("", 0)
        decision = await access_check_async(
            headers=headers, remote_addr=client[0], resource_path=conf.MCP_PATH
        )
        if decision.error is not None:
            extra = [*decision.headers.items(), ("x-request-id", request_id), *_cors(origin)]
            if decision.error.hint.get("retry_after") is not None:
                extra.append(("retry-after", str(decision.error.hint["retry_after"])))
            body = error_body(decision.error, request_id=request_id)
            return await _reply(send, decision.error.status, body, extra)
        scope = _rewrite_headers(scope, request_id, headers)
        with metered(decision):  # a tool's expensive operation charges its cost to this caller
            return await mcp_app(scope, receive, _wrap_send(send, request_id, origin, decision.headers))

    return router


def build_mcp_asgi(django_app):
    """The router with a fresh MCP server; ``.mcp_server`` is exposed for tests (enter its session manager)."""
    from apps.mcp_bridge.server import build_server, streamable_app

    server = build_server()
    router = build_router(django_app, streamable_app(server))
    router.mcp_server = server
    return router
