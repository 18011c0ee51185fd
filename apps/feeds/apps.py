from django.apps import AppConfig


class FeedsConfig(AppConfig):
    name = "apps.feeds"
    label = "feeds"
    verbose_name = "Feeds: follow a search (an Atom feed per search, saved searches and their email digests)"
    default_auto_field = "django.db.models.BigAutoField"
