from django.apps import AppConfig


class ExplorerConfig(AppConfig):
    name = "apps.explorer"
    label = "explorer"
    verbose_name = "Josh explorer: server-rendered pages for people (search, bills, votes, members, reports)"
