from django.apps import AppConfig, apps
from django.db.models.signals import post_migrate


def _ensure_triggers(sender, **kwargs):
    from apps.search.ddl import ensure_fts_triggers
    from apps.search.embedding import ensure_stale_triggers

    ensure_fts_triggers()
    ensure_stale_triggers()


class SearchConfig(AppConfig):
    name = "apps.search"
    label = "search"
    verbose_name = "Search"

    def ready(self):
        # Any migration may have remade an indexed table (dropping its triggers): re-create them. Django sends
        # post_migrate only for apps with a models module, which this one has not: hang it on core's.
        post_migrate.connect(
            _ensure_triggers, sender=apps.get_app_config("core"), dispatch_uid="josh-ensure-fts-triggers"
        )
        from apps.core.services import ingest
        from apps.search import backend
        from apps.search.backend_postgres import PostgresSearch
        from apps.search.backend_sqlite import SQLiteSearch

        # The engines' search work (apps.search.backend says why they are registered, not imported there).
        backend.register("sqlite", SQLiteSearch())
        backend.register("postgresql", PostgresSearch())
        # An ingest run indexes its writes for BM25 on PostgreSQL before it is marked done.
        ingest.on_finish(backend.after_ingest)
