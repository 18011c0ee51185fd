from django.apps import AppConfig


class DossiersConfig(AppConfig):
    name = "apps.dossiers"
    label = "dossiers"
    verbose_name = "Josh dossiers: everything about one bill, member, committee or law"
