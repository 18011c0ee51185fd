from django.apps import AppConfig


class SyncConfig(AppConfig):
    name = "apps.sync"
    label = "sync"
    verbose_name = "Josh sync: what changed upstream"
