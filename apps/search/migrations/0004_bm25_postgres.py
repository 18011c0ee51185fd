"""Okapi BM25 on PostgreSQL (apps.search.pgbm25): the term, length and queue tables, and the row trigger of
every stemmed source indexed before ``ddl_postgres.fts_sql`` made them, with each of its records queued (the
next search of a source, or ``copy_to_postgres``, indexes them). Nothing to do on SQLite, where FTS5 ranks."""

from django.db import migrations

from apps.core.db.engine import POSTGRESQL, current

from apps.search.ddl_postgres import (
    BM25_TABLES_REVERSE_SQL,
    BM25_TABLES_SQL,
    FTS_COMMENT_PREFIX,
    TS_CONFIG,
    bm25_trigger_reverse_sql,
    bm25_trigger_sql,
)

# Each tsvector column of the stemmed configuration, with its table and the columns its comment names.
STEMMED_SQL = """
    SELECT a.attname, c.relname, col_description(c.oid, a.attnum)
    FROM pg_attribute AS a
    JOIN pg_class AS c ON c.oid = a.attrelid
    JOIN pg_attrdef AS d ON d.adrelid = c.oid AND d.adnum = a.attnum
    WHERE c.relnamespace = current_schema()::regnamespace AND NOT a.attisdropped
      AND col_description(c.oid, a.attnum) LIKE %s AND pg_get_expr(d.adbin, d.adrelid) LIKE %s
"""


def _stemmed(cursor):
    cursor.execute(STEMMED_SQL, (FTS_COMMENT_PREFIX + "%", f"%{TS_CONFIG}%"))
    for fts, content, comment in cursor.fetchall():
        yield fts, content, tuple(comment.removeprefix(FTS_COMMENT_PREFIX).split(","))


def forward(apps, schema_editor):
    if current(schema_editor.connection) is not POSTGRESQL:
        return
    with schema_editor.connection.cursor() as cursor:
        for statement in BM25_TABLES_SQL:
            cursor.execute(statement)
        for fts, content, columns in list(_stemmed(cursor)):
            for statement in bm25_trigger_sql(fts, content, columns):
                cursor.execute(statement)


def backward(apps, schema_editor):
    if current(schema_editor.connection) is not POSTGRESQL:
        return
    with schema_editor.connection.cursor() as cursor:
        for fts, content, _ in list(_stemmed(cursor)):
            for statement in bm25_trigger_reverse_sql(fts, content):
                cursor.execute(statement)
        for statement in BM25_TABLES_REVERSE_SQL:
            cursor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [("search", "0003_vec_storage_main")]
    operations = [migrations.RunPython(forward, backward)]
