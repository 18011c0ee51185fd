"""Embedding coverage of one body-bearing source, read from the live tables: how many documents have vectors,
and how many of those were re-ingested since (noted in ``search_stale`` by apps.search.staleness's triggers).

It lives with the schema readers so the source catalogue (apps.core.services.sources) can report it without
reaching up into the search app.

Counting is a scan of the content and chunk tables (seconds at millions of chunks), and every search
response, ``/v1/sources`` and ``/healthz`` report it, so the counts are kept per process and recounted only
when the source's *generation* moves: the chunk table's index token (every embed group writes a new one),
the newest document id (an ingest of new records) and the number of stale documents (a re-ingest of changed
text, noted by the triggers). Those three are index seeks. A deletion that leaves the newest id in place is
caught by ``MAX_AGE`` at the latest.
"""

import threading
import time
from dataclasses import dataclass

from django.db import connection

from apps.core.db.quoting import quote_ident

# Documents that still exist and have chunks (one index seek each on the chunks' UNIQUE (doc_id, seq)).
EMBEDDED_DOCS_SQL = (
    "SELECT count(*) FROM {content} AS d WHERE EXISTS (SELECT 1 FROM {chunks} WHERE doc_id = d.id)"
)
COUNTS_SQL = "SELECT (SELECT count(*) FROM {content}), (SELECT count(*) FROM {chunks})"
# The generation: three index seeks (search_index_state and search_stale are keyed by chunk_table).
GENERATION_SQL = (
    "SELECT (SELECT token FROM search_index_state WHERE chunk_table = %s), (SELECT max(id) FROM {content}), "
    "(SELECT count(*) FROM search_stale WHERE chunk_table = %s)"
)
MAX_AGE = 300.0  # seconds a count is trusted while its generation stands still


@dataclass(frozen=True)
class Counts:
    documents: int  # documents of the source (what lexical search can find)
    embedded: int  # documents with vectors (what semantic search can find)
    stale: int  # embedded documents whose text changed since
    chunks: int  # chunk rows with vectors


_cache: dict[tuple, tuple[tuple, float, Counts]] = {}
_lock = threading.Lock()


def counts(spec) -> Counts:
    """The source's counts, recounted only when its generation moved (or past ``MAX_AGE``)."""
    tables = {"chunks": quote_ident(spec.chunk_table), "content": quote_ident(spec.content_table)}
    key = (connection.alias, connection.settings_dict.get("NAME"), spec.chunk_table)
    with connection.cursor() as cursor:
        cursor.execute(GENERATION_SQL.format(**tables), [spec.chunk_table, spec.chunk_table])
        generation = tuple(cursor.fetchone())
        with _lock:
            cached = _cache.get(key)
        if cached and cached[0] == generation and time.monotonic() - cached[1] < MAX_AGE:
            return cached[2]
        cursor.execute(EMBEDDED_DOCS_SQL.format(**tables))
        embedded = cursor.fetchone()[0]
        cursor.execute(COUNTS_SQL.format(**tables))
        documents, chunks = cursor.fetchone()
    fresh = Counts(documents=documents, embedded=embedded, stale=generation[2], chunks=chunks)
    with _lock:
        _cache[key] = (generation, time.monotonic(), fresh)
    return fresh


def clear_cache() -> None:
    """Forget every count (a test that rebuilds its tables under the same ids)."""
    with _lock:
        _cache.clear()


def coverage(spec) -> tuple[int, int]:
    """(documents with vectors, documents whose text changed since they were embedded) for one source."""
    found = counts(spec)
    return found.embedded, found.stale
