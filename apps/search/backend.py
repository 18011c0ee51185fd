"""The search work that differs by database engine, one implementation per engine, chosen in one place.

* **SQLite** (apps.search.backend_sqlite): FTS5 ranks, matches and snippets; vectors live in the chunk table and
  its sqlite-vec ``vec0`` twin and are searched through the in-process bit index (apps.search.semantic).
* **PostgreSQL** (apps.search.backend_postgres): a generated ``tsvector`` matches and the BM25 term tables
  rank with FTS5's numbers (apps.search.pgsearch, apps.search.pgbm25); pgvector's HNSW index finds vectors.

The business functions (``lexical.rank_source``, ``lexical.snippet``, ``constraints.admitted``,
``semantic.search_table``, ``embedding.embed_source``, ``names.search_names``, ...) call ``backend.current()``
and read straight through; it takes the engine from ``apps.core.db.engine.current()``. A statement
both engines run with their own text is a pair of ``.sql`` files instead (``apps.search.queries.load``).

The two implementations build on those business modules (FTS5's ranking is lexical's, the in-process index
is semantic's), so this module cannot import them: the app registers them when it starts
(apps.search.apps), and the business modules depend on this module alone.
"""

from typing import Protocol

import numpy as np

from apps.core.db import engine


class SearchBackend(Protocol):
    """What each engine implements; the docstrings are on the business functions that call these."""

    # Prefix of the semantic candidate knobs (apps.search.conf): PostgreSQL's HNSW walk has its own.
    knob_prefix: str

    def rank_source(self, source: str, spec, parsed, filters, depth: int): ...
    def snippet(self, spec, texts: list, match: str) -> str | None: ...
    def admitted_ids(self, spec, parsed, filters) -> np.ndarray: ...
    def excluded_ids(self, spec, terms: tuple) -> np.ndarray: ...
    def corpus_parts(self, result, parsed) -> tuple: ...
    def search_table(
        self, source: str, table: str, model_id: str, qvec, filters, *, depth: int, doc_ids, banned,
        exclude_doc, approximate, floor: float, counted,
    ) -> list: ...  # fmt: skip
    def centroid_cache(self, table: str, model_id: str) -> dict: ...
    def write_chunks(self, group, tables: dict, model_id: str, reuse: dict) -> None: ...
    def delete_chunks(self, doc_id: int, tables: dict) -> None: ...
    def ensure_stale_triggers(self, cursor, plans, columns) -> None: ...
    def fts_trigger_sql(self, table) -> list[str]: ...
    def name_matches(self, q: str, match: str, fts_table: str, content_table: str, *, loose: bool): ...
    def after_ingest(self, plan) -> None: ...


# Engine name (apps.core.db.engine.Engine.name) -> its backend.
_BACKENDS: dict[str, SearchBackend] = {}


def register(engine_name: str, implementation: SearchBackend) -> None:
    _BACKENDS[engine_name] = implementation


def current() -> SearchBackend:
    """The search backend of the current connection's engine."""
    return _BACKENDS[engine.current().name]


def after_ingest(plan) -> None:
    """The ingest runner's finish hook (apps.core.services.ingest.on_finish): the engine's index upkeep."""
    current().after_ingest(plan)
