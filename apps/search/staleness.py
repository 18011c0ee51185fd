"""Which documents' vectors no longer match their text: marked by the database itself, cleared by ``embed``.

A re-ingest rewrites a document's text at once, but its chunks and vectors change only when ``embed`` runs;
until then semantic hits quote the old passages. A trigger on each body-bearing source's content table notes
every document whose embedded columns (title, heavy header columns, body, date, congress) changed in
``search_stale``; ``embed`` deletes the notes of the documents it brought up to date. ``/v1/sources`` reports
per source how many documents have vectors (coverage) and how many of those are stale.

The triggers are (re-)created after every migrate, as the FTS triggers are: Django's SQLite ALTER remakes a
table without its triggers.
"""

from apps.core.db.quoting import quote_ident
from apps.search import queries

STALE_TABLE_SQL = (
    "CREATE TABLE IF NOT EXISTS search_stale ("
    " chunk_table TEXT NOT NULL, doc_id INTEGER NOT NULL, PRIMARY KEY (chunk_table, doc_id)) WITHOUT ROWID"
)


def trigger_sql(spec, columns: list[str]) -> str:
    """``AFTER UPDATE`` on the content table: note the document when any embedded column changed."""
    name = quote_ident(spec.chunk_table + "_stale_au")
    changed = " OR ".join(f"old.{quote_ident(c)} IS NOT new.{quote_ident(c)}" for c in columns)
    chunks = quote_ident(spec.chunk_table).strip('"')  # checked identifier, written as a string literal
    return (
        f"CREATE TRIGGER IF NOT EXISTS {name} AFTER UPDATE ON {quote_ident(spec.content_table)} "
        f"WHEN {changed} BEGIN INSERT OR IGNORE INTO search_stale (chunk_table, doc_id) "
        f"VALUES ('{chunks}', new.id); END"
    )


def clear(chunk_table: str, doc_ids: list[int]) -> None:
    queries.fetchall(queries.load("stale_clear"), (chunk_table, queries.ids_param(doc_ids)))


def stale_ids(chunk_table: str, doc_ids: list[int]) -> set[int]:
    """Which of ``doc_ids`` have text newer than their chunks (their passages would quote the old text)."""
    if not doc_ids:
        return set()
    rows = queries.fetchall(queries.load("stale_ids"), (chunk_table, queries.ids_param(doc_ids)))
    return {int(r[0]) for r in rows}
