"""ASGI entry point (uvicorn josh.asgi:application).

The MCP endpoint is routed here, beside Django, by apps.mcp_bridge when it provides ``asgi_app``
(see ../shared/notes/mcp.md §3).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "josh.settings")

django_application = get_asgi_application()

try:
    from apps.mcp_bridge.asgi import build_application
except ImportError:
    application = django_application
else:
    application = build_application(django_application)
