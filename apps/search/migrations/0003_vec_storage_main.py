"""Keep each chunk's float vector in its row on PostgreSQL (ddl_postgres.VEC_STORAGE_SQL says why), for the
chunk tables made before chunk_sql set it. It applies to rows written from now on (an ingest or embed that
rewrites a chunk); ``VACUUM FULL <source>_chunks`` moves the existing ones back into their rows at once
(docs/DEPLOY.md). Nothing to do on SQLite."""

from django.db import migrations

from apps.core.db.engine import POSTGRESQL, current
from apps.core.db.quoting import quote_ident
from apps.search.ddl_postgres import VEC_STORAGE_SQL

CHUNK_TABLES_SQL = """
    SELECT c.relname
    FROM pg_attribute AS a
    JOIN pg_class AS c ON c.oid = a.attrelid
    JOIN pg_namespace AS n ON n.oid = c.relnamespace
    WHERE n.nspname = current_schema() AND c.relkind = 'r' AND c.relname LIKE '%\\_chunks'
      AND a.attname = 'vec' AND NOT a.attisdropped
"""


def _set_storage(storage: str):
    def run(apps, schema_editor):
        if current(schema_editor.connection) is not POSTGRESQL:
            return
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(CHUNK_TABLES_SQL)
            for (table,) in cursor.fetchall():
                cursor.execute(VEC_STORAGE_SQL.format(chunks=quote_ident(table), storage=storage))

    return run


class Migration(migrations.Migration):
    dependencies = [("search", "0002_search_stale")]
    operations = [migrations.RunPython(_set_storage("MAIN"), _set_storage("EXTERNAL"))]
