"""ASGI entry point (uvicorn josh.asgi:application) and the composition root of the serving stack.

``/mcp`` is routed beside Django by apps.mcp_bridge.asgi (the MCP SDK's Streamable HTTP app, stateless,
JSON responses; lifespan events go to it); every other path is Django's. See docs/MCP.md ("How /mcp is served beside Django").

Django itself is served through its WSGI handler on a fixed thread pool (a2wsgi), not Django's ASGI
handler. Every view is synchronous, and Django's ASGI handler runs each request on a fresh thread, so
every request opened a new SQLite connection (connect + sqlite-vec load + schema parse + cold page
cache: ~4 ms of a ~9 ms request). On a fixed pool each thread keeps its persistent connection
(CONN_MAX_AGE=None, health-checked), which is what SQLite wants.

The stack, outermost first (``compose``): security headers on every response, the 429s included; the pacing
per client of unchanging documents, and their cache (answered before the cap, as static files are); the
per-client cap on requests in flight (before a request can take a pool thread); the router that sends /mcp to
the MCP app and everything else to Django. Tests and the bench compose it over Django's own handler.
``application`` is built on first access (a module ``__getattr__``): importing the module for ``compose``
sets Django up and refuses a production deployment with a default password, and starts nothing.
"""

import os

from apps.core.conf import knob

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")
from django.core.wsgi import get_wsgi_application  # noqa: E402

# First: sets up the app registry before any model is imported.
_wsgi = get_wsgi_application()

from apps.core.checks import refuse_known_default_passwords  # noqa: E402

refuse_known_default_passwords()  # JOSH_PRODUCTION=1 with admin/admin: no server (docs/DEPLOY.md)


def compose(django_app):
    """The serving stack around ``django_app`` (the module docstring names its layers)."""

    from apps.access.concurrency import ClientConcurrencyLimit
    from apps.access.pacing import DocumentPacing
    from apps.core.document_cache import DocumentCache
    from apps.core.security_headers import SecurityHeaders
    from apps.mcp_bridge.asgi import build_mcp_asgi

    limited = ClientConcurrencyLimit(
        build_mcp_asgi(django_app),
        knob("CLIENT_CONCURRENCY"),
        queue=knob("CLIENT_QUEUE"),
        wait_s=knob("QUERY_TIME_LIMIT_MS") / 1000,
    )
    return SecurityHeaders(DocumentPacing(DocumentCache(limited)))


def _serving_application():
    from a2wsgi import WSGIMiddleware

    from apps.core import lane
    from josh.api import api

    served = compose(WSGIMiddleware(_wsgi, workers=knob("THREADS")))
    lane.start()  # searches run in worker processes (apps/core/lane.py): started now, not in the first search
    api.warm_openapi()  # ~0.7 s of CPU: paid at start, not by the first clients to ask (josh/api.py)
    return served


def __getattr__(name: str):
    if name == "application":
        globals()["application"] = served = _serving_application()
        return served
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
