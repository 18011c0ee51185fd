"""ASGI entry point (uvicorn josh.asgi:application).

``/mcp`` is routed beside Django by apps.mcp_bridge.asgi (the MCP SDK's Streamable HTTP app, stateless,
JSON responses; lifespan events go to it); every other path is Django's. See ../shared/notes/mcp.md §3.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")

# First: sets up the app registry before any model is imported.
django_application = get_asgi_application()

from apps.mcp_bridge.asgi import build_application  # noqa: E402

application = build_application(django_application)
