from django.urls import path

from apps.feeds import views

urlpatterns = [
    path("search/feed.atom", views.search_feed, name="feeds-search-atom"),
    path("search/save", views.save_search, name="feeds-save-search"),
    path("sign-in", views.SignIn.as_view(), name="feeds-sign-in"),
    path("searches", views.my_searches, name="feeds-my-searches"),
    path("searches/<int:pk>/rename", views.rename_search, name="feeds-rename-search"),
    path("searches/<int:pk>/digest", views.digest_search, name="feeds-digest-search"),
    path("searches/<int:pk>/delete", views.delete_search, name="feeds-delete-search"),
]
