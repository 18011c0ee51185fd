"""Which database engine a connection talks to: the one test every engine-specific branch asks.

Josh runs on SQLite (FTS5, sqlite-vec) or PostgreSQL (tsvector, pgvector); where the two differ, the
difference is a pair of statements (``apps/search/sql/`` and ``sql/postgres/``, chosen by
``apps.search.queries.load``) or a PostgreSQL module (``apps.search.pgsearch``, ``pgbm25``,
``ddl_postgres``), and this predicate picks between them.
"""

from django.db import connection as default_connection


def postgres(connection=None) -> bool:
    """True on PostgreSQL; ``connection`` defaults to Django's default one (a schema editor passes its own)."""
    return (connection or default_connection).vendor == "postgresql"
