"""DDL for the search side tables, used by every source's migration (RunSQL with reverse SQL).

* ``fts_operations``: an external-content FTS5 table over a Django model's table plus the insert /
  delete / update triggers that keep it in sync. Trigger DDL is ``IF NOT EXISTS`` so it can be re-run
  after any migration that remakes the content table (Django's SQLite ALTER drops triggers silently:
  docs/SQLITE.md §2, pitfall 1); ``ensure_fts_triggers`` does that after every migrate.
* ``chunk_operations``: ``<base>_chunks`` (plain rowid table: text, offsets, heading, content hash,
  model id, float32 embedding BLOB, packed sign bits, filter columns with B-tree indexes) and
  ``<base>_chunks_vec0`` (sqlite-vec, bit-quantized mirror). A source that has ``<base>_chunks_vec0``
  is body-bearing (shape A) — the shape is read from the schema, never from a list.

On PostgreSQL the same calls build that engine's tables (``apps.search.ddl_postgres``, docs/DEPLOY.md): each
operation below is a ``BackendSQL``, one SQL list per database vendor, so the migrations stay the same files.

Identifiers come only from code (migrations), never from requests; ``quote_ident`` guards them anyway.
"""

from django.db import connection, migrations, router

from apps.core.db.engine import current
from apps.core.db.introspect import fts_tables, missing_fts_triggers
from apps.core.db.quoting import quote_ident
from apps.search import backend, ddl_postgres
from apps.search.conf import EMBED_DIM, FTS_TOKENIZE


class BackendSQL(migrations.RunSQL):
    """``RunSQL`` with the SQL of each database vendor: ``{"sqlite": (forward, reverse), "postgresql": ...}``.
    It records nothing in the migration state, like ``RunSQL``; a vendor missing from the map is an error."""

    def __init__(self, by_vendor: dict[str, tuple[list[str], list[str]]]):
        self.by_vendor = by_vendor
        super().__init__(*by_vendor["sqlite"])

    def _sql(self, schema_editor, direction: int) -> list[str]:
        engine = current(schema_editor.connection).name
        if engine not in self.by_vendor:
            raise NotImplementedError(f"no search-table DDL for the {engine} backend")
        return self.by_vendor[engine][direction]

    def database_forwards(self, app_label, schema_editor, from_state, to_state):
        if router.allow_migrate(schema_editor.connection.alias, app_label, **self.hints):
            self._run_sql(schema_editor, self._sql(schema_editor, 0))

    def database_backwards(self, app_label, schema_editor, from_state, to_state):
        if router.allow_migrate(schema_editor.connection.alias, app_label, **self.hints):
            self._run_sql(schema_editor, self._sql(schema_editor, 1))


def fts_trigger_sql(fts_table: str, content_table: str, columns: tuple[str, ...]) -> list[str]:
    fts, content = quote_ident(fts_table), quote_ident(content_table)
    cols = ", ".join(quote_ident(c) for c in columns)
    new_vals = ", ".join(f"new.{quote_ident(c)}" for c in columns)
    old_vals = ", ".join(f"old.{quote_ident(c)}" for c in columns)
    return [
        f"CREATE TRIGGER IF NOT EXISTS {quote_ident(fts_table + '_ai')} AFTER INSERT ON {content} BEGIN "
        f"INSERT INTO {fts}(rowid, {cols}) VALUES (new.id, {new_vals}); END",
        f"CREATE TRIGGER IF NOT EXISTS {quote_ident(fts_table + '_ad')} AFTER DELETE ON {content} BEGIN "
        f"INSERT INTO {fts}({fts}, rowid, {cols}) VALUES ('delete', old.id, {old_vals}); END",
        f"CREATE TRIGGER IF NOT EXISTS {quote_ident(fts_table + '_au')} AFTER UPDATE OF {cols} ON {content} BEGIN "
        f"INSERT INTO {fts}({fts}, rowid, {cols}) VALUES ('delete', old.id, {old_vals}); "
        f"INSERT INTO {fts}(rowid, {cols}) VALUES (new.id, {new_vals}); END",
    ]


def fts_operations(
    *,
    fts_table: str,
    content_table: str,
    columns: tuple[str, ...],
    tokenize: str = FTS_TOKENIZE,
    prefix: str | None = None,
) -> list[migrations.RunSQL]:
    """Create an external-content FTS5 table over ``content_table`` (rowid = id), its triggers, and index
    the rows already there. Column names must equal the content table's column names."""
    options = [f"content={quote_ident(content_table)}", "content_rowid='id'", f"tokenize='{tokenize}'"]
    if prefix:
        options.append(f"prefix='{prefix}'")
    cols = ", ".join(quote_ident(c) for c in columns)
    fts = quote_ident(fts_table)
    forward = [
        f"CREATE VIRTUAL TABLE {fts} USING fts5({cols}, {', '.join(options)})",
        *fts_trigger_sql(fts_table, content_table, columns),
        f"INSERT INTO {fts}({fts}) VALUES ('rebuild')",
    ]
    reverse = [f"DROP TRIGGER IF EXISTS {quote_ident(fts_table + s)}" for s in ("_ai", "_ad", "_au")]
    reverse.append(f"DROP TABLE IF EXISTS {fts}")
    postgres = ddl_postgres.fts_sql(fts_table, content_table, columns, stemmed=tokenize == FTS_TOKENIZE)
    return [BackendSQL({"sqlite": (forward, reverse), "postgresql": postgres})]


def chunk_operations(*, base: str, dim: int = EMBED_DIM) -> list[migrations.RunSQL]:
    """Create ``<base>_chunks`` and ``<base>_chunks_vec0`` for a body-bearing source."""
    chunks, vec = quote_ident(f"{base}_chunks"), quote_ident(f"{base}_chunks_vec0")
    forward = [
        f"""CREATE TABLE {chunks} (
            id INTEGER PRIMARY KEY,
            doc_id INTEGER NOT NULL,            -- rowid (id) of the source's content table row
            seq INTEGER NOT NULL,               -- chunk order within the document
            heading TEXT NOT NULL DEFAULT '',   -- nearest section heading, for citing the hit
            start_offset INTEGER NOT NULL,      -- character offsets into the record's body
            end_offset INTEGER NOT NULL,
            text TEXT NOT NULL,
            content_hash TEXT NOT NULL,         -- sha1 of text: re-embed only what changed
            model_id TEXT NOT NULL DEFAULT '',  -- encoder that produced embedding ('' = not embedded)
            embedding BLOB,                     -- float32[{dim}], L2-normalised
            bits BLOB,                          -- packed sign bits of the embedding (bit-quantized scan)
            published_at TEXT,                  -- filter columns copied from the document
            congress INTEGER,
            UNIQUE (doc_id, seq)
        )""",
        f"CREATE INDEX {quote_ident(f'{base}_chunks_published')} ON {chunks} (published_at)",
        f"CREATE INDEX {quote_ident(f'{base}_chunks_congress')} ON {chunks} (congress)",
        f"CREATE INDEX {quote_ident(f'{base}_chunks_model')} ON {chunks} (model_id)",
        f"CREATE VIRTUAL TABLE {vec} USING vec0(chunk_id INTEGER PRIMARY KEY, embedding bit[{dim}])",
    ]
    reverse = [f"DROP TABLE IF EXISTS {vec}", f"DROP TABLE IF EXISTS {chunks}"]
    return [BackendSQL({"sqlite": (forward, reverse), "postgresql": ddl_postgres.chunk_sql(base, dim)})]


def ensure_fts_triggers() -> int:
    """Re-create any missing FTS sync trigger; return how many were created (on PostgreSQL, whose tsvector
    columns are generated, the version trigger of each content table: ddl_postgres.fts_version_trigger_sql)."""
    missing = missing_fts_triggers()
    tables = {t.name: t for t in fts_tables()}
    with connection.cursor() as cursor:
        for fts_name in sorted({name for name, _ in missing}):
            table = tables[fts_name]
            for statement in backend.current().fts_trigger_sql(table):
                cursor.execute(statement)
    return len(missing)


def ensure_triggers_operation() -> migrations.RunPython:
    """For a migration that remakes an FTS-indexed table: re-create the triggers the remake dropped."""

    def forward(apps, schema_editor):
        ensure_fts_triggers()

    return migrations.RunPython(forward, migrations.RunPython.noop)


# One row per chunk table: a random token replaced by every write to that table (apps.search.embedding), so
# every serving process can tell in one point lookup whether its in-memory vector index is stale.
INDEX_STATE_SQL = [
    "CREATE TABLE IF NOT EXISTS search_index_state ("
    " chunk_table TEXT PRIMARY KEY, token TEXT NOT NULL, updated_at TEXT NOT NULL)"
]


def index_state_operations() -> list[migrations.RunSQL]:
    return [migrations.RunSQL(INDEX_STATE_SQL, ["DROP TABLE IF EXISTS search_index_state"])]
