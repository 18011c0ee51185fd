"""Embedding coverage of one body-bearing source, read from the live tables: how many documents have vectors,
and how many of those were re-ingested since (noted in ``search_stale`` by apps.search.staleness's triggers).

It lives with the schema readers so the source catalogue (apps.core.services.sources) can report it without
reaching up into the search app."""

from django.db import connection

from apps.core.db.quoting import quote_ident

# Documents that still exist and have chunks (one index seek each on the chunks' UNIQUE (doc_id, seq)).
EMBEDDED_DOCS_SQL = (
    "SELECT count(*) FROM {content} AS d WHERE EXISTS (SELECT 1 FROM {chunks} WHERE doc_id = d.id)"
)
STALE_DOCS_SQL = "SELECT count(*) FROM search_stale WHERE chunk_table = %s"


def coverage(spec) -> tuple[int, int]:
    """(documents with vectors, documents whose text changed since they were embedded) for one source."""
    sql = EMBEDDED_DOCS_SQL.format(
        chunks=quote_ident(spec.chunk_table), content=quote_ident(spec.content_table)
    )
    with connection.cursor() as cursor:
        cursor.execute(sql)
        embedded = cursor.fetchone()[0]
        cursor.execute(STALE_DOCS_SQL, [spec.chunk_table])
        stale = cursor.fetchone()[0]
    return embedded, stale
