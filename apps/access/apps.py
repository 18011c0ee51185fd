from django.apps import AppConfig


class AccessConfig(AppConfig):
    name = "apps.access"
    label = "access"
    verbose_name = "Access: API keys and rate limits"

    def ready(self):
        from apps.access import logins

        logins.connect()
