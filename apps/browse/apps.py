from django.apps import AppConfig


class BrowseConfig(AppConfig):
    name = "apps.browse"
    label = "browse"
    verbose_name = "Josh browsable API (read-only DRF pages over the selectors)"
