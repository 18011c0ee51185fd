from django.apps import AppConfig


class SyncConfig(AppConfig):
    name = "apps.sync"
    label = "sync"
    verbose_name = "Josh sync: what changed upstream"

    def ready(self):
        from apps.core import freshness
        from apps.sync.selectors import last_synced_by_plan

        freshness.register(last_synced_by_plan)
