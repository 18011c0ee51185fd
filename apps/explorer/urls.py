"""The explorer at / : home, search (+ CSV), a list page per listable resource, /<resource>, and one page per
record, /<resource>/<id>."""

from django.urls import path

from apps.explorer import views
from apps.explorer.lists import list_views
from apps.explorer.records import GETTERS

urlpatterns = [
    path("", views.home, name="home"),
    path("search", views.search_page, name="explorer-search"),
    path("search.csv", views.search_csv, name="explorer-search-csv"),
    *(
        path(resource, views.list_view(resource), name=f"explorer-list-{resource}")
        for resource in list_views()
    ),
    *(
        path(f"{resource}/<str:id>", views.record_view(resource), name=f"explorer-{resource}")
        for resource in GETTERS
    ),
]
