from django.contrib import admin
from django.urls import include, path

from apps.core.discovery import app_modules
from josh.api import api
from josh.views import healthz

# "/" and the record pages are the explorer's (apps/explorer/urls.py).
urlpatterns = [
    path("admin/", admin.site.urls),
    path("v1/", api.urls),
    path("healthz", healthz, name="healthz"),
]

# Apps may add pages (the browsable API, the MCP landing page) through an optional urls.py.
for _app, module in app_modules("urls"):
    urlpatterns.append(path("", include(module)))

handler404 = "apps.core.views.not_found"
handler500 = "apps.core.views.server_error"
