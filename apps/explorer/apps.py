from django.apps import AppConfig


class ExplorerConfig(AppConfig):
    name = "apps.explorer"
    label = "explorer"
    verbose_name = "Josh explorer: server-rendered pages for people (search, bills, votes, members, reports)"

    def ready(self):
        # every surface's links resolve through one rule (apps/explorer/links.py): no dead ends on browse either
        from apps.citations.links import set_record_resolver
        from apps.explorer.links import link_for_id

        set_record_resolver(link_for_id)
