"""Search on PostgreSQL: a generated ``tsvector`` matches, the BM25 term tables rank with FTS5's numbers
(apps.search.pgsearch, apps.search.pgbm25), and pgvector's HNSW index finds vectors. The other engine is
apps.search.backend_sqlite."""

import logging

import numpy as np
from django.db import transaction

from apps.search import ddl_postgres, embedding, lexical, pgbm25, pgsearch, queries, semantic
from apps.search.filters import SearchFilters
from apps.search.names import MIN_PREFIX, name_tokens
from apps.search.sanitize import ParsedQuery, Term

# Mean vectors per (database, table, model, index token), dropped when the table changes.
_CENTROIDS: dict[tuple, dict] = {}


class PostgresSearch:
    knob_prefix = "PG_"

    # --- lexical (apps.search.lexical) ---------------------------------------------------------------------

    def rank_source(self, source: str, spec, parsed: ParsedQuery, filters: SearchFilters, depth: int):
        """FTS5's bm25() computed from the terms kept beside the tsvector (pgbm25), the filters on the top."""
        ranked = pgsearch.bm25_source(spec, parsed)
        hits = (
            lexical._top(source, spec, ranked.ids, ranked.scores, filters, depth) if ranked.ids.size else []
        )
        return lexical.SourceResult(
            hits, ranked.match if hits else None, summed=True, df=ranked.df, docs=ranked.docs, spec=spec
        )

    def snippet(self, spec, texts: list, match: str) -> str | None:
        return pgsearch.snippet(texts, match)

    def admitted_ids(self, spec, parsed: ParsedQuery, filters: SearchFilters) -> np.ndarray:
        return pgsearch.admitted_ids(spec, parsed, filters)

    def excluded_ids(self, spec, terms: tuple[Term, ...]) -> np.ndarray:
        return pgsearch.admitted_ids(spec, ParsedQuery(optional=list(terms)), SearchFilters())

    def corpus_parts(self, result, parsed) -> tuple[int, int, dict, dict]:
        return pgsearch.corpus_parts(result, parsed)

    # --- vectors (apps.search.semantic, apps.search.embedding) ------------------------------------------------

    def search_table(
        self, source, table, model_id, qvec, filters, *, depth, doc_ids, banned, exclude_doc, approximate,
        floor, counted,
    ):  # fmt: skip
        """pgvector: candidates with the filters applied first, then the same rescore and document scores."""
        total = chunk_count(table)
        count = semantic.candidate_count(total, depth)
        exact_count = semantic.candidate_count(total, depth, prefix="")
        rows, exact, allowed = pgsearch.candidates(
            table,
            model_id,
            qvec,
            filters,
            doc_ids,
            exclude_doc,
            count,
            estimate=total,
            exact_count=exact_count,
            banned=banned,
        )
        if approximate is not None and not exact:
            # allowed: counted no further than the exact scan's limit ("20,001+"), or the table's estimate ("~")
            of = f"~{allowed:,}" if allowed == total else f"{allowed:,}+"
            approximate.append(
                f"semantic {source}: {len(rows):,} of {of} chunks kept by the approximate HNSW walk, then "
                "rescored exactly (bench recall@10 vs exact cosine: see bench/RESULTS.md)"
            )
        ranked = (
            np.array([r[0] for r in rows], dtype=np.int64),
            np.array([r[1] for r in rows], dtype=np.int64),
            np.array([r[2] for r in rows], dtype=np.float32),
        )
        best, above, seen_all = semantic.collect(ranked, depth, floor)
        if counted is not None:
            # the exact scan keeps the nearest allowed chunks: all of those above the floor when its list fell
            # below the floor, or when it kept fewer rows than it was allowed to (every allowed chunk)
            ended = len(rows) < max(count, exact_count) or bool(rows and floor and rows[-1][2] < floor)
            counted[source] = semantic.Counted(above, exact and seen_all and ended)
        cache = self.centroid_cache(table, model_id)
        return semantic.document_scores(source, table, model_id, qvec, best, cache)[:depth]

    def centroid_cache(self, table: str, model_id: str) -> dict:
        """A token-keyed dict: dropped when an embed run changes the table (its index token moves)."""
        key = (queries.database_name(), table, model_id, semantic._token(table))
        if key not in _CENTROIDS:
            for old in [k for k in _CENTROIDS if k[:3] == key[:3]]:
                del _CENTROIDS[old]
            _CENTROIDS[key] = {}
        return _CENTROIDS[key]

    def write_chunks(self, group, tables: dict, model_id: str, reuse: dict) -> None:
        """The group's chunks replaced in one multi-row write, the vector as pgvector text beside the bytes."""
        rows = []
        for doc in group:
            for chunk, digest in zip(doc.chunks, doc.hashes, strict=True):
                emb, bits = reuse[digest]
                vec = "[" + ",".join(map(repr, np.frombuffer(emb, dtype=np.float32).tolist())) + "]"
                rows.append(
                    (doc.id, chunk.seq, chunk.heading, chunk.start, chunk.end, chunk.text, digest,
                     model_id, emb, bits, vec, doc.published_at, doc.congress)
                )  # fmt: skip
        with transaction.atomic():
            queries.fetchall(
                f"DELETE FROM {tables['chunks']} WHERE doc_id = ANY(?)", ([d.id for d in group],)
            )
            queries.execute_many(embedding.INSERT_CHUNK_SQL_POSTGRES.format(**tables), rows)
            embedding.bump_index_token(tables["table"])  # with the rows, as on SQLite

    def delete_chunks(self, doc_id: int, tables: dict) -> None:
        queries.fetchall(embedding.DELETE_CHUNKS_SQL.format(**tables), (doc_id,))  # the HNSW index follows

    def ensure_stale_triggers(self, cursor, plans, columns) -> None:
        cursor.execute(ddl_postgres.STALE_TABLE_SQL)
        for plan in plans:
            spec = plan.search
            for sql in ddl_postgres.stale_trigger_sql(spec.chunk_table, spec.content_table, columns(spec)):
                cursor.execute(sql)

    # --- schema, names, upkeep ---------------------------------------------------------------------------------

    def fts_trigger_sql(self, table) -> list[str]:
        """The tsvector column is generated (nothing to sync): the statement-level version bump the lexical
        head cache keys by."""
        return ddl_postgres.fts_version_trigger_sql(table.name, table.content_table)

    def name_matches(self, q: str, match: str, fts_table: str, content_table: str, *, loose: bool):
        """The same words as prefix tsqueries, ranked with their idf (apps.search.pgsearch)."""
        words = pgsearch.name_word_queries(name_tokens(q), loose=loose, min_prefix=MIN_PREFIX)
        expression, relevance = pgsearch.name_relevance(fts_table, content_table, words)
        return " | ".join(words), pgsearch.NAME_MATCHES_SQL.replace("{relevance}", expression), relevance

    def after_ingest(self, plan) -> None:
        """Index every source's BM25 queue, not only ``plan``'s (a plan may write another source's records:
        bills feeds topics)."""
        if done := pgbm25.sync_pending():
            logging.getLogger("josh.ingest").info("ingest %s: indexed for BM25 %s", plan.slug, done)


def chunk_count(table: str) -> int:
    """The planner's row estimate (no scan): it only sizes the candidate count, as len(index) does."""
    rows = queries.fetchall(
        "SELECT reltuples::bigint FROM pg_class WHERE oid = to_regclass(:t)", {"t": table}
    )
    return max(int(rows[0][0]), 0) if rows and rows[0][0] is not None else 0
