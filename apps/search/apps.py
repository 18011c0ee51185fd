from django.apps import AppConfig
from django.db.models.signals import post_migrate


def _ensure_triggers(sender, **kwargs):
    from apps.search.ddl import ensure_fts_triggers

    ensure_fts_triggers()


class SearchConfig(AppConfig):
    name = "apps.search"
    label = "search"
    verbose_name = "Search"

    def ready(self):
        # Any migration may have remade an indexed table (dropping its triggers): re-create them.
        post_migrate.connect(_ensure_triggers, sender=self, dispatch_uid="josh-ensure-fts-triggers")
