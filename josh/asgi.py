"""ASGI entry point (uvicorn josh.asgi:application).

``/mcp`` is routed beside Django by apps.mcp_bridge.asgi (the MCP SDK's Streamable HTTP app, stateless,
JSON responses; lifespan events go to it); every other path is Django's. See docs/MCP.md ("How /mcp is served beside Django").

Django itself is served through its WSGI handler on a fixed thread pool (a2wsgi), not Django's ASGI
handler. Every view is synchronous, and Django's ASGI handler runs each request on a fresh thread, so
every request opened a new SQLite connection (connect + sqlite-vec load + schema parse + cold page
cache: ~4 ms of a ~9 ms request). On a fixed pool each thread keeps its persistent connection
(CONN_MAX_AGE=None, health-checked), which is what SQLite wants.
"""

import os

from a2wsgi import WSGIMiddleware
from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")

# First: sets up the app registry before any model is imported.
_wsgi = get_wsgi_application()
from django.conf import settings  # noqa: E402  (configured by get_wsgi_application above)

from apps.core.checks import refuse_known_default_passwords  # noqa: E402

refuse_known_default_passwords()  # JOSH_PRODUCTION=1 with admin/admin: no server (docs/DEPLOY.md)

django_application = WSGIMiddleware(_wsgi, workers=settings.JOSH["THREADS"])

from apps.mcp_bridge.asgi import build_application  # noqa: E402

application = build_application(django_application)

from apps.core import lane  # noqa: E402

lane.start()  # searches run in worker processes (apps/core/lane.py): started now, not in the first search

from josh.api import api  # noqa: E402

api.warm_openapi()  # ~0.7 s of CPU: paid at start, not by the first clients to ask (josh/api.py)
