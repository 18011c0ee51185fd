from django.apps import AppConfig


class BrowseConfig(AppConfig):
    name = "apps.browse"
    label = "browse"
    verbose_name = "Josh browsable API (read-only DRF pages over the selectors)"

    def ready(self):
        from apps.browse.resources import register_resource_views

        register_resource_views()  # the resources were discovered in apps.core's ready(), which runs first
