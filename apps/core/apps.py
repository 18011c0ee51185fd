from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "apps.core"
    label = "core"
    verbose_name = "Josh core: ingest runs and sources"

    def ready(self):
        from apps.core import checks  # noqa: F401  (registers system checks)
        from apps.core.plans import autodiscover

        autodiscover()
