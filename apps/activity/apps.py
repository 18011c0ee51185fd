from django.apps import AppConfig


class ActivityConfig(AppConfig):
    name = "apps.activity"
    label = "activity"
    verbose_name = "Lobbying, dockets and hearings"

    def ready(self):
        from apps.activity import ids  # noqa: F401  (registers the activity id kinds)
