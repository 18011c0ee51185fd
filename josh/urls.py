from importlib import import_module

from django.apps import apps
from django.contrib import admin
from django.urls import include, path

from josh.api import api
from josh.views import healthz

# "/" and the record pages are the explorer's (apps/explorer/urls.py).
urlpatterns = [
    path("admin/", admin.site.urls),
    path("v1/", api.urls),
    path("healthz", healthz, name="healthz"),
]

# Apps may add pages (the browsable API, the MCP landing page) through an optional urls.py.
for app_config in apps.get_app_configs():
    if app_config.name.startswith("apps."):
        try:
            import_module(f"{app_config.name}.urls")
        except ModuleNotFoundError as exc:
            if exc.name != f"{app_config.name}.urls":
                raise
            continue
        urlpatterns.append(path("", include(f"{app_config.name}.urls")))

handler404 = "apps.core.views.not_found"
handler500 = "apps.core.views.server_error"
