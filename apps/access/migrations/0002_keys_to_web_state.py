"""API keys moved to the web-state database (apps/core/db/routers.py): on the ``web`` database, copy the keys
an older install kept in the data database, so no issued key stops working. Elsewhere nothing to do."""

from django.db import migrations

COLUMNS = ("id", "name", "prefix", "key_hash", "created", "revoked", "last_used")


def copy_keys(apps, schema_editor):
    from django.db import connections

    if schema_editor.connection.alias != "web" or "default" not in connections:
        return
    source = connections["default"]
    if "access_apikey" not in source.introspection.table_names():
        return
    with source.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(COLUMNS)} FROM access_apikey")
        rows = cursor.fetchall()
    ApiKey = apps.get_model("access", "ApiKey")
    ApiKey.objects.using("web").bulk_create(
        [ApiKey(**dict(zip(COLUMNS, row, strict=True))) for row in rows], ignore_conflicts=True
    )


class Migration(migrations.Migration):
    dependencies = [("access", "0001_initial")]

    operations = [migrations.RunPython(copy_keys, migrations.RunPython.noop, elidable=True)]
