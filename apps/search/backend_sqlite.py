"""Search on SQLite: FTS5 ranks, matches and snippets; sqlite-vec tables and the in-process bit index hold the
vectors (apps.search.semantic.ChunkIndex). The other engine is apps.search.backend_postgres."""

import hashlib

import numpy as np
from django.db import transaction

from apps.core.db.quoting import quote_ident
from apps.search import ddl, embedding, lexical, names, queries, semantic, staleness
from apps.search.conf import knob
from apps.search.filters import SearchFilters, content_filters
from apps.search.sanitize import ParsedQuery, Term, any_of


class SQLiteSearch:
    knob_prefix = ""

    # --- lexical (apps.search.lexical) ---------------------------------------------------------------------

    def rank_source(self, source: str, spec, parsed: ParsedQuery, filters: SearchFilters, depth: int):
        """FTS5's own ``bm25()`` order: one statement, or the head cache's summed scores for common terms."""
        terms = parsed.scored() + parsed.exclude
        counts = lexical.postings(spec.fts_table, terms)
        stats = {
            "df": {t: counts[t] for t in parsed.scored()},
            "docs": lexical.doc_count(spec.fts_table),
            "spec": spec,
        }
        if not any(counts[t] for t in parsed.scored()):
            return lexical.SourceResult([], None, **stats)
        match = parsed.fts()
        heavy = [t for t in terms if counts[t] > knob("LEXICAL_HEAD_POSTINGS")]
        if parsed.boolean or not heavy:
            return lexical.SourceResult(lexical._direct(source, spec, parsed, filters, depth), match, **stats)
        hits = lexical._summed(source, spec, parsed, filters, depth, set(heavy))
        return lexical.SourceResult(hits, match, summed=True, **stats)

    def snippet(self, spec, texts: list, match: str) -> str | None:
        """FTS5's ``snippet()`` over the texts, put in a temp FTS5 table with the index's tokenizer."""
        table = _snippet_table(spec)
        cols = ", ".join(quote_ident(c) for c in spec.columns)
        marks = ", ".join("?" for _ in spec.columns)
        cursor = queries.raw_connection().cursor()
        try:
            cursor.execute(
                f"INSERT INTO temp.{quote_ident(table)} (rowid, {cols}) VALUES (1, {marks})", texts
            )
            # Unqualified names find the temp table first.
            rows = cursor.execute(
                queries.render("snippet", idents={"fts": table}), {"q": match, "doc_id": 1}
            ).fetchall()
        finally:
            cursor.execute(f"DELETE FROM temp.{quote_ident(table)}")
            cursor.close()
        return rows[0][0] if rows and rows[0][0] else None

    def admitted_ids(self, spec, parsed: ParsedQuery, filters: SearchFilters) -> np.ndarray:
        return _match_ids(spec, parsed.must() or parsed.fts(), filters)

    def excluded_ids(self, spec, terms: tuple[Term, ...]) -> np.ndarray:
        return _match_ids(spec, any_of(list(terms)), SearchFilters())

    def corpus_parts(self, result, parsed) -> tuple[int, int, dict, dict]:
        """(documents, tokens, candidate lengths, phrase scores) from FTS5's averages and docsize records."""
        spec = result.spec
        averages = queries.fetchall(queries.render("fts_averages", idents={"data": f"{spec.fts_table}_data"}))
        counts = varints(bytes(averages[0][0])) if averages else [0]
        ids = [h.doc_id for h in result.hits]
        rows = queries.fetchall(
            queries.render("doc_lengths", idents={"docsize": f"{spec.fts_table}_docsize"}),
            {"ids": queries.ids_param(ids)},
        )
        version = lexical.index_version(spec.fts_table)
        heavy = knob("LEXICAL_HEAD_POSTINGS")
        phrases = {}
        for term in parsed.scored():
            found = lexical.phrase_scores(spec, term, version, cache=result.df.get(term, 0) > heavy)
            phrases[term] = (found.doc_ids, found.scores)
        lengths = {i: sum(varints(bytes(sz))) for i, sz in rows}
        return counts[0], sum(counts[1:]), lengths, phrases

    # --- vectors (apps.search.semantic, apps.search.embedding) ------------------------------------------------

    def search_table(
        self, source, table, model_id, qvec, filters, *, depth, doc_ids, banned, exclude_doc, approximate,
        floor, counted,
    ):  # fmt: skip
        """The bit-quantized scan of the in-process index, then the exact float rescore."""
        index = semantic.index_for(table, model_id)
        if len(index) == 0:
            if counted is not None:
                counted[source] = semantic.Counted(0, True)
            return []
        mask = index.mask(filters, doc_ids, banned)
        if exclude_doc is not None:
            mask = (index.doc_ids != exclude_doc) if mask is None else mask & (index.doc_ids != exclude_doc)
        count = semantic.candidate_count(len(index), depth)
        rows = index.candidates(qvec, mask, count)
        allowed = len(index) if mask is None else int(mask.sum())
        if approximate is not None and rows.size < allowed:
            approximate.append(
                f"semantic {source}: {rows.size:,} of {allowed:,} chunks kept by the bit-quantized scan, then "
                "rescored exactly (bench recall@10 vs exact cosine: see bench/RESULTS.md)"
            )
        ranked = semantic.rescored(table, index.chunk_ids[rows], qvec)
        best, above, seen_all = semantic.collect(ranked, depth, floor)
        if counted is not None:
            counted[source] = semantic.Counted(above, seen_all and rows.size == allowed)
        return semantic.document_scores(source, table, model_id, qvec, best, index.centroids)[:depth]

    def centroid_cache(self, table: str, model_id: str) -> dict:
        return semantic.index_for(table, model_id).centroids  # dropped with the index when the table changes

    def write_chunks(self, group, tables: dict, model_id: str, reuse: dict) -> None:
        """Each document's chunks replaced, row by row with its ``vec0`` twin (which takes the chunk's id)."""
        with transaction.atomic():
            cursor = queries.raw_connection().cursor()
            for doc in group:
                cursor.execute(embedding.DELETE_VEC_SQL.format(**tables), (doc.id,))
                cursor.execute(embedding.DELETE_CHUNKS_SQL.format(**tables), (doc.id,))
                for chunk, digest in zip(doc.chunks, doc.hashes, strict=True):
                    emb, bits = reuse[digest]
                    cursor.execute(
                        embedding.INSERT_CHUNK_SQL.format(**tables),
                        (doc.id, chunk.seq, chunk.heading, chunk.start, chunk.end, chunk.text, digest,
                         model_id, emb, bits, doc.published_at, doc.congress),
                    )  # fmt: skip
                    cursor.execute(embedding.INSERT_VEC_SQL.format(**tables), (cursor.lastrowid, bits))
            cursor.close()
            # With the rows, in their transaction: a run killed after this commit leaves no serving process on
            # an index whose chunk ids it just replaced (its re-embedded documents would vanish from hits).
            embedding.bump_index_token(tables["table"])

    def delete_chunks(self, doc_id: int, tables: dict) -> None:
        queries.fetchall(embedding.DELETE_VEC_SQL.format(**tables), (doc_id,))
        queries.fetchall(embedding.DELETE_CHUNKS_SQL.format(**tables), (doc_id,))

    def ensure_stale_triggers(self, cursor, plans, columns) -> None:
        cursor.execute(staleness.STALE_TABLE_SQL)
        for plan in plans:
            cursor.execute(staleness.trigger_sql(plan.search, columns(plan.search)))

    # --- schema, names, upkeep ---------------------------------------------------------------------------------

    def fts_trigger_sql(self, table) -> list[str]:
        """The insert, delete and update triggers that keep an external-content FTS5 table in sync."""
        return ddl.fts_trigger_sql(table.name, table.content_table, table.columns)

    def name_matches(self, q: str, match: str, fts_table: str, content_table: str, *, loose: bool):
        """(the MATCH text, the ``name_matches`` statement, its extra parameters): FTS5's bm25 as is."""
        return match, names.NAME_MATCHES_SQL, {}

    def after_ingest(self, plan) -> None:
        """Nothing: FTS5 and the staleness triggers keep up inside the ingest's own transactions."""


def _match_ids(spec, match: str, filters: SearchFilters) -> np.ndarray:
    """The records ``match`` admits, with the filters; ascending."""
    fragments, params = content_filters(spec, filters)
    raw = {"filters": "".join(f" AND {f}" for f in fragments)}
    raw["join"] = f"JOIN {quote_ident(spec.content_table)} AS c ON c.id = m.doc_id" if fragments else ""
    sql = queries.render("match_ids", idents={"fts": spec.fts_table, "content": spec.content_table}, raw=raw)
    rows = queries.fetchall(sql, {**params, "q": match})
    return np.unique(np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)))


def _snippet_table(spec) -> str:
    tokenize = lexical._tokenizer(spec.fts_table).replace("'", "")
    name = "josh_snip_" + hashlib.sha1(f"{spec.columns}{tokenize}".encode()).hexdigest()[:10]
    cols = ", ".join(quote_ident(c) for c in spec.columns)
    queries.fetchall(
        f"CREATE VIRTUAL TABLE IF NOT EXISTS temp.{quote_ident(name)} USING fts5({cols}, tokenize='{tokenize}')"
    )
    return name


def varints(blob: bytes) -> list[int]:
    """SQLite's varint format (FTS5's docsize and averages records)."""
    out, i = [], 0
    while i < len(blob):
        value = 0
        for n in range(9):
            byte = blob[i]
            i += 1
            if n == 8:
                value = (value << 8) | byte
                break
            value = (value << 7) | (byte & 0x7F)
            if not byte & 0x80:
                break
        out.append(value)
    return out
