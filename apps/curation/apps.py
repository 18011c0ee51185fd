from django.apps import AppConfig


class CurationConfig(AppConfig):
    name = "apps.curation"
    verbose_name = "Curation: corrections, review flags, runs, data quality"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from apps.core import overrides
        from apps.curation import services

        overrides.register_provider(services.PROVIDER)
        services.connect_signals()
