"""System checks with stable ids: Josh refuses to start on a SQLite that lacks what it needs."""

from django.core.checks import Error, Warning, register
from django.db import connection


@register()
def check_sqlite_features(app_configs, **kwargs):
    from apps.search.introspect import fts5_available, vec_version

    errors = []
    if connection.vendor != "sqlite":
        return errors
    if not fts5_available():
        errors.append(
            Error(
                "SQLite was built without FTS5; lexical search cannot work.",
                hint="Install the pysqlite3==0.6.1 wheel (bundles SQLite with FTS5).",
                id="josh.E001",
            )
        )
    if vec_version() is None:
        errors.append(
            Error(
                "sqlite-vec could not be loaded on the database connection.",
                hint="pip install sqlite-vec==0.1.9 and use the apps.core.db backend.",
                id="josh.E002",
            )
        )
    return errors


@register("database")
def check_fts_triggers(app_configs, databases=None, **kwargs):
    from apps.search.introspect import missing_fts_triggers

    return [
        Warning(
            f"FTS trigger {trigger} on {table} is missing (a table remake drops it); "
            "run 'manage.py migrate' to re-create it.",
            id="josh.W004",
        )
        for table, trigger in missing_fts_triggers()
    ]
