"""Fill ``<base>_chunks`` (and its vec0 mirror) for every body-bearing source: incremental and batched.

A document's chunks are its header (title and other heavily weighted columns such as a summary: seq 0,
offsets 0..0) and its body split by ``apps.search.chunking``. Each chunk is keyed by
``sha1(model_id, embed input)``: a run embeds only chunks whose hash is new, reuses the vectors of
unchanged ones, deletes the chunks of vanished documents, and writes the table's index token so serving
processes reload their in-memory index. Documents are written in small transactions, so an interrupted
run resumes where it stopped.
"""

import random
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np
from django.db import connection, transaction
from django.utils import timezone

from apps.core.db.quoting import quote_ident
from apps.core.plans import SourcePlan, all_plans
from apps.core.services.sources import plan_shape
from apps.search import backend, queries, staleness, vector_cache
from apps.search.chunking import Chunk, chunk_body, content_hash
from apps.search.conf import knob
from apps.search.encoders import Encoder, get_encoder
from apps.search.semantic import pack_bits

BODY_COLUMN = "body"
HEADER_MIN_WEIGHT = 4.0  # columns weighted like a title or summary describe the whole document
HEADER_CHARS = 2_000

EXISTING_SQL = "SELECT doc_id, seq, content_hash, model_id, published_at, congress FROM {chunks}"
DELETE_VEC_SQL = "DELETE FROM {vec} WHERE chunk_id IN (SELECT id FROM {chunks} WHERE doc_id = ?)"
DELETE_CHUNKS_SQL = "DELETE FROM {chunks} WHERE doc_id = ?"
INSERT_CHUNK_SQL = (
    "INSERT INTO {chunks} (doc_id, seq, heading, start_offset, end_offset, text, content_hash, model_id, "
    "embedding, bits, published_at, congress) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
INSERT_VEC_SQL = "INSERT INTO {vec} (chunk_id, embedding) VALUES (?, vec_bit(?))"
# PostgreSQL (apps.search.ddl_postgres): ids bound as an array, no vec0 mirror; pgvector's copy of the vector
# (``vec``, under the HNSW index) is written with the chunk.
INSERT_CHUNK_SQL_POSTGRES = (
    "INSERT INTO {chunks} (doc_id, seq, heading, start_offset, end_offset, text, content_hash, model_id, "
    "embedding, bits, vec, published_at, congress) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::vector, ?, ?)"
)
BUMP_SQL = (
    "INSERT INTO search_index_state (chunk_table, token, updated_at) VALUES (?, ?, ?) "
    "ON CONFLICT (chunk_table) DO UPDATE SET token = excluded.token, updated_at = excluded.updated_at"
)


@dataclass
class Doc:
    id: int
    title: str
    chunks: list[Chunk]
    hashes: list[str]
    published_at: str | None
    congress: int | None


@dataclass
class EmbedStats:
    source: str
    documents: int = 0
    chunks: int = 0
    embedded: int = 0
    cached: int = 0  # taken from the bundled vector cache (apps/search/vector_cache.py)
    reused: int = 0
    deleted_documents: int = 0
    seconds: float = 0.0
    model_id: str = ""
    changed_docs: list[int] = field(default_factory=list, repr=False)


def embeddable_plans() -> list[SourcePlan]:
    """Plans whose live schema has chunk tables (shape ``body``)."""
    return [p for p in all_plans() if p.search and p.search.chunk_table and plan_shape(p) == "body"]


def _header_columns(spec) -> list[str]:
    cols = [c for c, w in zip(spec.columns, spec.weights, strict=False) if w >= HEADER_MIN_WEIGHT]
    cols = [c for c in cols if c not in (BODY_COLUMN, spec.title_column)]
    return [spec.title_column, *cols]


def _read_docs(spec, model_id: str, max_chunks: int = 0) -> list[Doc]:
    header = _header_columns(spec)
    body = BODY_COLUMN if BODY_COLUMN in spec.columns else None
    select = [f"c.{quote_ident(col)}" for col in header]
    select.append(f"c.{quote_ident(body)}" if body else "''")
    select.append(f"c.{quote_ident(spec.date_column)}")
    select.append(f"c.{quote_ident(spec.congress_column)}" if spec.congress_column else "NULL")
    sql = f"SELECT c.id, {', '.join(select)} FROM {quote_ident(spec.content_table)} AS c ORDER BY c.id"
    docs = []
    for row in queries.fetchall(sql):
        doc_id, head, text, published, congress = row[0], row[1 : 1 + len(header)], row[-3], row[-2], row[-1]
        title = head[0] or ""
        header_text = "\n".join(str(h) for h in head if h)[:HEADER_CHARS]
        chunks = [Chunk(0, "", 0, 0, header_text)] if header_text else []
        chunks += [
            Chunk(len(chunks) + c.seq, c.heading, c.start, c.end, c.text) for c in chunk_body(text or "")
        ]
        chunks = chunks[:max_chunks] if max_chunks else chunks
        hashes = [content_hash(c.embed_input(title if c.seq else ""), model_id) for c in chunks]
        published = str(published)[:10] if published else None
        docs.append(Doc(doc_id, title, chunks, hashes, published, congress))
    return docs


def _existing(chunks_table: str) -> dict[int, list[tuple]]:
    out: dict[int, list[tuple]] = {}
    for doc_id, seq, digest, model_id, published, congress in queries.fetchall(
        EXISTING_SQL.format(chunks=quote_ident(chunks_table))
    ):
        out.setdefault(doc_id, []).append((seq, digest, model_id, published, congress))
    return out


def _unchanged(doc: Doc, existing: list[tuple], model_id: str) -> bool:
    want = [(i, h, model_id, doc.published_at, doc.congress) for i, h in enumerate(doc.hashes)]
    return sorted(existing) == want


def bump_index_token(chunks_table: str) -> None:
    queries.fetchall(BUMP_SQL, (chunks_table, secrets.token_hex(8), timezone.now().isoformat()))


GROUP_CHUNKS = 1024  # chunks per write transaction: what an interrupted run can lose


@dataclass
class Work:
    """What ``embed_source`` will do for one source, known before any vector is computed."""

    plan: SourcePlan
    model_id: str
    docs: list[Doc]
    todo: list[Doc]  # new or changed documents
    vanished: list[int]
    groups: list[list[Doc]]
    to_encode: (
        int  # chunks no stored or bundled vector covers: the model's work, what the progress bar counts
    )


def plan_work(plan: SourcePlan, encoder: Encoder, max_chunks: int | None = None) -> Work:
    cap = knob("EMBED_MAX_CHUNKS_PER_DOC") if max_chunks is None else max_chunks
    docs = _read_docs(plan.search, encoder.model_id, cap)
    existing = _existing(plan.search.chunk_table)
    todo = [d for d in docs if not _unchanged(d, existing.get(d.id, []), encoder.model_id)]
    vanished = sorted(set(existing) - {d.id for d in docs})
    groups = list(_groups(todo, GROUP_CHUNKS))
    bundled = vector_cache.load(encoder.model_id)
    to_encode = 0
    for group in groups:
        stored = {row[1] for d in group for row in existing.get(d.id, []) if row[2] == encoder.model_id}
        to_encode += len({h for d in group for h in d.hashes if h not in stored and h not in bundled})
    return Work(plan, encoder.model_id, docs, todo, vanished, groups, to_encode)


def embed_source(
    plan: SourcePlan,
    *,
    batch: int = 64,
    encoder: Encoder | None = None,
    progress: Callable[[str, int, int], None] | None = None,
    max_chunks: int | None = None,
    work: Work | None = None,
) -> EmbedStats:
    """Bring ``plan``'s chunk table up to date with its documents and the configured encoder.

    ``progress("embed", done, total)`` counts chunks sent to the model (``work.to_encode`` in all): stored and
    bundled vectors cost next to nothing, so counting them would make the ETA wrong."""
    started = time.perf_counter()
    encoder = encoder or get_encoder()
    work = work or plan_work(plan, encoder, max_chunks)
    spec = plan.search
    tables = {
        "chunks": quote_ident(spec.chunk_table),
        "vec": quote_ident(spec.chunk_table + "_vec0"),
        "table": spec.chunk_table,  # the name, for the index token each group's transaction replaces
    }
    stats = EmbedStats(plan.slug, model_id=encoder.model_id)
    stats.documents, stats.chunks = len(work.docs), sum(len(d.chunks) for d in work.docs)
    bundled = vector_cache.load(encoder.model_id)
    for group in work.groups:
        _write_group(group, tables, encoder, batch, stats, progress, work.to_encode, bundled)
    if work.vanished:
        with transaction.atomic():
            for doc_id in work.vanished:
                backend.current().delete_chunks(doc_id, tables)
            bump_index_token(spec.chunk_table)
        stats.deleted_documents = len(work.vanished)
    # Every document read for this run now has vectors of its current text (or none, when it vanished).
    staleness.clear(spec.chunk_table, [d.id for d in work.docs] + work.vanished)
    stats.changed_docs = [d.id for d in work.todo]
    stats.seconds = round(time.perf_counter() - started, 2)
    return stats


def _groups(docs: list[Doc], size: int):
    group, count = [], 0
    for doc in docs:
        group.append(doc)
        count += len(doc.chunks)
        if count >= size:
            yield group
            group, count = [], 0
    if group:
        yield group


def encode(
    encoder: Encoder, texts: list[str], batch: int = 64, on_done: Callable[[int], None] | None = None
) -> np.ndarray:
    """float32 vectors of ``texts``, in order, ``batch`` texts per encoder call.

    A call's texts have similar lengths (sorted by characters; MiniLM then pads each model run only to its own
    longest text), and the calls run in a shuffled order: sorted, the short texts would all come first and the
    rate a progress bar sees, and the ETA it derives, would drift from fast to slow. ``on_done(n)`` follows
    each call with the number of texts embedded so far. An encoder with ``map_batches`` (a pool of worker
    processes, apps.search.embed_pool) gets every call at once and runs them side by side."""
    out = np.zeros((len(texts), encoder.dim), dtype=np.float32)
    by_length = sorted(range(len(texts)), key=lambda i: len(texts[i]))
    calls = [by_length[start : start + batch] for start in range(0, len(by_length), batch)]
    random.Random(len(texts)).shuffle(calls)
    batches = [[texts[i] for i in rows] for rows in calls]
    mapper = getattr(encoder, "map_batches", None)
    results = mapper(batches) if mapper else map(encoder.embed, batches)
    done = 0
    for rows, vectors in zip(calls, results, strict=True):
        out[rows] = vectors
        done += len(rows)
        if on_done:
            on_done(done)
    return out


def _write_group(group, tables, encoder, batch, stats, progress, to_encode, bundled) -> None:
    reuse = {
        digest: (emb, bits)
        for digest, emb, bits in queries.fetchall(
            queries.load("chunk_reuse").format(**tables),
            {"ids": queries.ids_param(d.id for d in group), "model_id": encoder.model_id},
        )
    }
    missing = {}
    for doc in group:
        for chunk, digest in zip(doc.chunks, doc.hashes, strict=True):
            if digest in reuse or digest in missing:
                continue
            if (vec := bundled.get(digest)) is not None:
                reuse[digest] = (vec.tobytes(), pack_bits(vec).tobytes())
                stats.cached += 1
                continue
            missing[digest] = chunk.embed_input(doc.title if chunk.seq else "")
    before = stats.embedded

    def report(n: int) -> None:
        progress("embed", min(before + n, to_encode), to_encode)

    vectors = encode(encoder, list(missing.values()), batch, on_done=report if progress else None)
    for digest, vec in zip(missing, vectors, strict=True):
        reuse[digest] = (vec.tobytes(), pack_bits(vec).tobytes())
    stats.embedded += len(missing)
    chunk_count = sum(len(d.chunks) for d in group)
    stats.reused += chunk_count - len(missing)  # includes the bundled-cache hits
    backend.current().write_chunks(group, tables, encoder.model_id, reuse)


def embedded_columns(spec) -> list[str]:
    cols = [*_header_columns(spec), spec.date_column, spec.congress_column]
    if BODY_COLUMN in spec.columns:
        cols.append(BODY_COLUMN)
    return list(dict.fromkeys(c for c in cols if c))


def ensure_stale_triggers() -> None:
    """Create the staleness trigger of every body-bearing source whose tables exist."""
    with connection.cursor() as cursor:
        backend.current().ensure_stale_triggers(cursor, embeddable_plans(), embedded_columns)
