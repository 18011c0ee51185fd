"""The explorer at / : home, search (+ CSV) and one page per record, /<resource>/<id>."""

from django.urls import path

from apps.explorer import views
from apps.explorer.records import GETTERS

urlpatterns = [
    path("", views.home, name="home"),
    path("search", views.search_page, name="explorer-search"),
    path("search.csv", views.search_csv, name="explorer-search-csv"),
    *(
        path(f"{resource}/<str:id>", views.record_view(resource), name=f"explorer-{resource}")
        for resource in GETTERS
    ),
]
