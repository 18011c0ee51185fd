"""The base URL (scheme://host[:port][/prefix]) every absolute URL Josh emits starts with: one rule for all.

``JOSH_PUBLIC_BASE_URL``, when set, wins (a deployment names its public address once). Unset, the URL is the
request's own, read the way Django reads it: ``request.scheme`` (https only from a TLS connection, uvicorn's
X-Forwarded-Proto from JOSH_FORWARDED_ALLOW_IPS, or SECURE_PROXY_SSL_HEADER) and ``request.get_host()`` (the
Host header, X-Forwarded-Host only with JOSH_TRUST_X_FORWARDED_HOST, validated against ALLOWED_HOSTS). So a
page served at http://josh.example.org:9000 never points a client at 127.0.0.1:8000.

The request being served is kept in a context variable — set by ``PublicUrlMiddleware`` for Django and by the
/mcp router (apps.mcp_bridge.asgi) for MCP calls — so code far from HTTP (a tool's ``api_url``, a 401's
metadata URL) needs no request argument. Outside any request (startup, management commands) the local
development address stands in.
"""

import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpRequest

LOCAL_BASE_URL = "http://127.0.0.1:8000"

_current_request: ContextVar[HttpRequest | None] = ContextVar("josh_public_url_request", default=None)


def configured_base_url() -> str | None:
    """JOSH_PUBLIC_BASE_URL without its trailing slash, or None when the request decides."""
    return (settings.PUBLIC_BASE_URL or "").rstrip("/") or None


def request_base_url(request: HttpRequest) -> str | None:
    """scheme://host[:port] of ``request`` as Django reads it; None for a Host Django refuses."""
    try:
        host = request.get_host()
    except DisallowedHost:
        return None
    return f"{request.scheme}://{host}"


def public_base_url(request: HttpRequest | None = None) -> str:
    """The configured public URL, else that of ``request`` (default: the request being served)."""
    configured = configured_base_url()
    if configured:
        return configured
    request = request or _current_request.get()
    return (request is not None and request_base_url(request)) or LOCAL_BASE_URL


def request_from_scope(scope) -> HttpRequest:
    """A Django request over an ASGI HTTP scope (headers, scheme, server), so /mcp reads it by the same rule."""
    return ASGIRequest(scope, io.BytesIO())


@contextmanager
def serving(request: HttpRequest) -> Iterator[None]:
    """Within this block, ``public_base_url()`` answers for ``request``."""
    token = _current_request.set(request)
    try:
        yield
    finally:
        _current_request.reset(token)


class PublicUrlMiddleware:
    """Makes each Django request the one ``public_base_url()`` answers for."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        with serving(request):
            return self.get_response(request)
