"""/browse/: one URL per registered browse view (each app's ``browse.py``), found like admin.py modules."""

from django.urls import path

from apps.browse.views import REGISTRY, BrowseRoot, browse
from apps.core.discovery import discover

discover("browse")
if BrowseRoot not in REGISTRY:
    browse(BrowseRoot)

urlpatterns = [
    path(f"browse/{cls.route()}" if cls.route() else "browse/", cls.as_view(), name=f"browse-{cls.__name__}")
    for cls in REGISTRY
]
