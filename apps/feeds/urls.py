from django.urls import path

from apps.feeds import views

urlpatterns = [
    path("search/feed.atom", views.search_feed, name="feeds-search-atom"),
    path("search/save", views.save_search, name="feeds-save-search"),
]
