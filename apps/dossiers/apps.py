from django.apps import AppConfig


class DossiersConfig(AppConfig):
    name = "apps.dossiers"
    label = "dossiers"
    verbose_name = "Josh dossiers: everything about one bill, member, committee or law"

    def ready(self):
        # /v1/search and /browse/search list the records a query names; apps.search sits below the apps
        # that hold them, so the finder is handed down (apps.search.entities).
        from apps.dossiers.selectors.entities import find_entities
        from apps.search.entities import register_entity_finder

        register_entity_finder(find_entities)
