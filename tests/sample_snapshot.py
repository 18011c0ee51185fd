"""A snapshot of an ingested sample, so a focused database test pays for the ingest once, not every run.

``tests.corpus.ingested`` parses and loads the real samples (25-30 s of CPU for the bill side) before a package's
first test. The rows it leaves are a pure function of the migrations, the corpus files, the code that parses
and loads them and the test settings, so the first run saves the rows the ingest changed (every table whose
content differs from before the ingest) under a key made of exactly those inputs, and a later run copies them
back inside the same outer transaction (still rolled back when the package is done). A change to any key input
gives another key, so a stale snapshot is never found. The snapshots live in a cache folder of the user
(``cache_folder``), not of the checkout, so a fresh clone of the same code on the same machine restores them too;
``--cache-clear`` ingests from scratch (into pytest's own, emptied cache) and ``-p no:cacheprovider`` caches
nothing.

What the key leaves out is only what the ingest cannot import: the adapter apps above the domain apps and each
app's adapter modules (the layer contracts in pyproject.toml, checked by ``lint-imports``, keep ingest code from
importing them), so editing a view, an MCP tool or the explorer keeps the loop fast.

Per engine:

* SQLite: the rows go to an SQLite file; a restore ATTACHes it (before the outer transaction: SQLite refuses
  ATTACH inside one) and copies each table with ``INSERT ... SELECT``. FTS5 tables and their shadow tables are
  not copied: the content tables' insert triggers index the rows again, as the ingest did (the vec0 tables
  hold nothing after an ingest; vectors come from ``embed``).
* PostgreSQL: each table is written with ``COPY ... TO STDOUT`` (generated ``tsvector`` columns left out, the
  server computes them again) and read back with ``COPY ... FROM STDIN`` under
  ``session_replication_role = replica``, which holds back the triggers, foreign-key ones included: the BM25
  term tables those triggers fill are copied as they were. Sequences are moved past the copied ids.

A restore that fails for any reason (a table the snapshot names is gone, a role that may not set
``session_replication_role``) rolls back to a savepoint and the sample is ingested as before.
"""

import hashlib
import json
import os
import shutil
import warnings
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction

from apps.core.services.ingest import IngestResult

BASE = Path(settings.BASE_DIR)
CORPUS = Path(settings.CORPUS_DIR)
ATTACHED = "josh_sample"

# Set by tests/conftest.py from ``cache_folder`` (None when the cache plugin is off: then nothing is cached).
cache_dir: Path | None = None
# Snapshots kept per family (one package's sources) besides the newest: other checkouts of other code (a
# worktree, a branch) share the folder, and each keeps finding its own while it is among the newest few.
KEEP_PER_FAMILY = 3


def cache_folder(config, name: str) -> Path | None:
    """The folder for ``name``'s cached test inputs: under settings.TEST_CACHE_DIR (per user, shared by every
    checkout on the machine: the keys name everything the contents depend on), or in pytest's own cache when
    that setting is empty or the run was started with ``--cache-clear``; None with ``-p no:cacheprovider``."""
    if getattr(config, "cache", None) is None:
        return None
    if not settings.TEST_CACHE_DIR or config.getoption("cacheclear"):
        return config.cache.mkdir(name)
    folder = Path(settings.TEST_CACHE_DIR) / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def prune(parent: Path, prefix: str, keep: Path) -> None:
    """Remove ``prefix``* entries of ``parent`` past the newest KEEP_PER_FAMILY (by last use), never ``keep``
    nor another process's unfinished ``.partial-`` one."""
    entries = [p for p in parent.glob(f"{prefix}*") if p != keep and ".partial-" not in p.name]
    entries.sort(key=lambda p: p.stat().st_mtime if p.exists() else 0, reverse=True)
    for old in entries[KEEP_PER_FAMILY - 1 :]:
        if old.is_dir():
            shutil.rmtree(old, ignore_errors=True)
        else:
            old.unlink(missing_ok=True)


def touch(path: Path) -> None:
    """Mark ``path`` used now, so ``prune`` keeps it among the newest."""
    try:
        os.utime(path)
    except OSError:  # pruned by another process meanwhile: it is only a cache
        pass


# Packages and modules the ingest never imports (see the module docstring): the layer contracts put the adapter
# apps above every domain app and each app's adapters above its services.
ADAPTER_APPS = ("apps/mcp_bridge/", "apps/explorer/", "apps/dossiers/")
ADAPTER_MODULES = ("api.py", "admin.py", "browse.py", "resources.py")
ADAPTER_PACKAGES = ("management",)


def migration_files(base: Path = BASE) -> list[Path]:
    return sorted([*base.glob("apps/*/migrations/*.py"), *base.glob("tests/*/migrations/*.py")])


def key_files(base: Path = BASE, corpus: Path = CORPUS) -> list[Path]:
    """Every file whose content can change what an ingest leaves in the database."""
    code = [p for p in base.glob("apps/**/*.py") if _ingest_can_import(p.relative_to(base))]
    fixed = [base / name for name in ("requirements.txt", "tests/corpus.py", "tests/sample_snapshot.py")]
    settings_files = sorted(base.glob("josh/settings*.py"))
    corpus_files = [p for p in corpus.rglob("*") if p.is_file()]
    return sorted({*code, *fixed, *settings_files, *corpus_files, *migration_files(base)})


def _ingest_can_import(relative: Path) -> bool:
    text = relative.as_posix()
    if text.startswith(ADAPTER_APPS) or "/migrations/" in text:
        return False  # migrations are in the key on their own (migration_files)
    parts = relative.parts
    return not (parts[-1] in ADAPTER_MODULES or any(p in ADAPTER_PACKAGES for p in parts[2:-1]))


def snapshot_key(
    slugs: Iterable[str],
    paths: Mapping[str, Iterable[Path] | None],
    *,
    vendor: str,
    base: Path = BASE,
    corpus: Path = CORPUS,
) -> str:
    digest = hashlib.sha256()
    digest.update(json.dumps([vendor, list(slugs), _paths_named(paths, base)]).encode())
    for path in key_files(base, corpus):
        digest.update(
            path.relative_to(base).as_posix().encode() if path.is_relative_to(base) else bytes(path)
        )
        digest.update(_file_digest(path))
    return digest.hexdigest()[:20]


# Each package's key reads every key file (~50 MB, mostly the corpus), and a pytest-xdist worker restores
# nearly every package: a file's digest is kept for the process while its size and mtime stay as they were.
_digests: dict[Path, tuple[tuple[int, int], bytes]] = {}


def _file_digest(path: Path) -> bytes:
    stat = path.stat()
    seen = (stat.st_size, stat.st_mtime_ns)
    cached = _digests.get(path)
    if cached is None or cached[0] != seen:
        cached = _digests[path] = (seen, hashlib.sha256(path.read_bytes()).digest())
    return cached[1]


def _paths_named(paths: Mapping[str, Iterable[Path] | None], base: Path) -> dict[str, list[str] | None]:
    def name(path: Path) -> str:
        path = Path(path)
        return path.relative_to(base).as_posix() if path.is_relative_to(base) else str(path)

    return {slug: (None if given is None else [name(p) for p in given]) for slug, given in paths.items()}


@contextmanager
def restored_or_saved(
    slugs: list[str], paths: Mapping[str, Iterable[Path] | None], ingest
) -> Iterator[dict[str, IngestResult]]:
    """Within the caller's ``transaction.atomic()``: the snapshot's rows and results if one matches the key,
    else ``ingest()``'s, saved for the next run. Must be entered before that transaction opens (SQLite's ATTACH)."""
    if cache_dir is None or connection.in_atomic_block:  # no cache, or too late to ATTACH: just ingest
        with transaction.atomic():
            yield ingest()
        return
    engine = ENGINES[connection.vendor]
    folder = (
        cache_dir / f"{_family(engine, slugs, paths)}-{snapshot_key(slugs, paths, vendor=connection.vendor)}"
    )
    manifest = folder / "manifest.json"
    if manifest.exists():
        touch(folder)
        with engine.attached(folder), transaction.atomic():
            with without_statement_timeout():
                results = _restore(engine, folder, json.loads(manifest.read_text()))
            yield results if results is not None else ingest()
        return
    with transaction.atomic():
        with without_statement_timeout():
            before = engine.fingerprints()
        results = ingest()
        with without_statement_timeout():
            # A table whose mark moved is saved whole (a table already past 5,000 rows is marked by its count).
            changed = [t for t, mark in engine.fingerprints().items() if before.get(t) != mark]
            try:
                _save(engine, folder, changed, results)
            except Exception as exc:  # noqa: BLE001 - a snapshot not saved costs the next run an ingest only
                warnings.warn(f"sample snapshot {folder.name} not saved ({exc!r})", stacklevel=2)
        yield results


@contextmanager
def without_statement_timeout():
    """PostgreSQL: a fixture's own bulk statements run without the connection's ``statement_timeout``.

    The timeout (30 s, JOSH_PG_STATEMENT_TIMEOUT_MS) guards a request; a fixture's one-statement bulk work
    (a ``COPY`` of a whole table, a ``count(*)`` and read of every table, the sample's deferred foreign-key
    checks fired at once) is not a request, and on a loaded 2-core CI machine it can pass 30 s and fail a
    package's setup for speed alone. ``RESET`` brings back the timeout the connection was opened with, so the
    tests themselves keep it. SQLite has no such timeout: nothing to do."""
    if connection.vendor != "postgresql":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SET statement_timeout = 0")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET statement_timeout")


def _restore(engine, folder: Path, manifest: dict) -> dict[str, IngestResult] | None:
    try:
        with transaction.atomic():
            engine.restore(folder, manifest["tables"])
    except Exception as exc:  # noqa: BLE001 - any failure: ingest as if no snapshot were there (module docstring)
        warnings.warn(f"sample snapshot {folder.name} not restored ({exc!r}); ingesting", stacklevel=2)
        return None
    return {slug: IngestResult.model_validate(r) for slug, r in manifest["results"].items()}


def _family(engine, slugs: list[str], paths: Mapping[str, Iterable[Path] | None]) -> str:
    """The engine and the sources asked for: each package's sample keeps its own snapshot."""
    named = json.dumps([slugs, _paths_named(paths, BASE)]).encode()
    return f"{engine.name}-{hashlib.sha256(named).hexdigest()[:8]}"


def _save(engine, folder: Path, tables: list[str], results: dict[str, IngestResult]) -> None:
    partial = folder.with_name(f"{folder.name}.partial-{os.getpid()}")
    shutil.rmtree(partial, ignore_errors=True)
    partial.mkdir(parents=True)
    engine.save(partial, tables)
    manifest = {"tables": tables, "results": {slug: r.model_dump(mode="json") for slug, r in results.items()}}
    (partial / "manifest.json").write_text(json.dumps(manifest))
    # Older snapshots of the same sources are of other inputs: another checkout's code, or code since changed.
    prune(folder.parent, f"{folder.name.rsplit('-', 1)[0]}-", keep=folder)
    try:
        partial.rename(folder)
    except OSError:  # another process saved the same snapshot first
        shutil.rmtree(partial, ignore_errors=True)


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _rows_mark(rows: list[tuple]) -> str:
    return hashlib.sha256(repr(sorted(map(repr, rows))).encode()).hexdigest()


class SQLiteSnapshot:
    name = "sqlite"

    @staticmethod
    def _tables() -> dict[str, str]:
        """The plain tables and their CREATE statements: no virtual table, no virtual table's shadow table."""
        raw = connection.connection
        rows = raw.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'").fetchall()
        virtual = [name for name, sql in rows if sql.upper().startswith("CREATE VIRTUAL TABLE")]
        return {
            name: sql
            for name, sql in rows
            if not name.startswith("sqlite_") and not any(name.startswith(v) for v in virtual)
        }

    def fingerprints(self) -> dict[str, tuple]:
        connection.ensure_connection()
        raw, marks = connection.connection, {}
        for table in self._tables():
            (count,) = raw.execute(f"SELECT count(*) FROM {_quoted(table)}").fetchone()
            rows = raw.execute(f"SELECT * FROM {_quoted(table)}").fetchall() if 0 < count <= 5000 else []
            marks[table] = (count, _rows_mark(rows))
        return marks

    def save(self, folder: Path, tables: list[str]) -> None:
        import sqlite3

        create, raw = self._tables(), connection.connection
        target = sqlite3.connect(folder / "rows.sqlite3")
        try:
            for table in tables:
                target.execute(create[table])
                rows = raw.execute(self._stored_values(raw, table)).fetchall()
                if rows:
                    marks = ", ".join("?" * len(rows[0]))
                    target.executemany(f"INSERT INTO {_quoted(table)} VALUES ({marks})", rows)
            target.commit()
        finally:
            target.close()

    @staticmethod
    def _stored_values(raw, table: str) -> str:
        """A SELECT of the values as stored: Django's connection converts a column by its declared type
        (a ``time`` column comes back a ``datetime.time``, which plain sqlite3 cannot write); ``+column`` is
        the same value with no declared type, so no converter runs."""
        names = [row[1] for row in raw.execute(f"PRAGMA table_info({_quoted(table)})").fetchall()]
        return f"SELECT {', '.join('+' + _quoted(n) for n in names)} FROM {_quoted(table)}"

    @contextmanager
    def attached(self, folder: Path):
        connection.ensure_connection()
        raw = connection.connection
        raw.execute(f"ATTACH DATABASE ? AS {ATTACHED}", (f"file:{folder / 'rows.sqlite3'}?mode=ro",))
        try:
            yield
        finally:
            raw.execute(f"DETACH DATABASE {ATTACHED}")

    def restore(self, folder: Path, tables: list[str]) -> None:
        raw = connection.connection
        for table in tables:
            raw.execute(f"DELETE FROM main.{_quoted(table)}")
            # By name, not position: a test that migrates back and forth can leave the columns in another
            # order (SQLite rebuilds an altered table with the new column last).
            saved = raw.execute(f"PRAGMA {ATTACHED}.table_info({_quoted(table)})").fetchall()
            names = ", ".join(_quoted(row[1]) for row in saved)
            raw.execute(
                f"INSERT INTO main.{_quoted(table)} ({names}) SELECT {names} FROM {ATTACHED}.{_quoted(table)}"
            )


class PostgresSnapshot:
    name = "postgresql"

    @staticmethod
    def _tables() -> list[str]:
        with connection.cursor() as cursor:
            cursor.execute("SELECT tablename FROM pg_tables WHERE schemaname = current_schema() ORDER BY 1")
            return [name for (name,) in cursor.fetchall()]

    @staticmethod
    def _columns(table: str) -> list[str]:
        """The columns a COPY can write: generated ones (the tsvector columns) are the server's to compute."""
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT attname FROM pg_attribute WHERE attrelid = %s::regclass AND attnum > 0 "
                "AND NOT attisdropped AND attgenerated = '' ORDER BY attnum",
                [_quoted(table)],
            )
            return [name for (name,) in cursor.fetchall()]

    def fingerprints(self) -> dict[str, tuple]:
        marks = {}
        with connection.cursor() as cursor:
            for table in self._tables():
                cursor.execute(f"SELECT count(*) FROM {_quoted(table)}")
                (count,) = cursor.fetchone()
                rows = []
                if 0 < count <= 5000:
                    columns = ", ".join(map(_quoted, self._columns(table)))
                    cursor.execute(f"SELECT {columns} FROM {_quoted(table)}")
                    rows = cursor.fetchall()
                marks[table] = (count, _rows_mark(rows))
        return marks

    def save(self, folder: Path, tables: list[str]) -> None:
        columns = {table: self._columns(table) for table in tables}
        with connection.cursor() as cursor:
            for number, table in enumerate(tables):
                names = ", ".join(map(_quoted, columns[table]))
                with open(folder / f"{number}.copy", "wb") as out:
                    with cursor.cursor.copy(f"COPY (SELECT {names} FROM {_quoted(table)}) TO STDOUT") as copy:
                        for block in copy:
                            out.write(block)
        (folder / "columns.json").write_text(json.dumps([[t, columns[t]] for t in tables]))

    @contextmanager
    def attached(self, folder: Path):
        yield

    def restore(self, folder: Path, tables: list[str]) -> None:
        columns = dict(json.loads((folder / "columns.json").read_text()))
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL session_replication_role = replica")
            for number, table in enumerate(tables):
                names = ", ".join(map(_quoted, columns[table]))
                cursor.execute(f"DELETE FROM {_quoted(table)}")
                with cursor.cursor.copy(f"COPY {_quoted(table)} ({names}) FROM STDIN") as copy:
                    with open(folder / f"{number}.copy", "rb") as source:
                        while block := source.read(1 << 20):
                            copy.write(block)
                self._move_sequences(cursor, table, columns[table])
            cursor.execute("SET LOCAL session_replication_role = origin")

    @staticmethod
    def _move_sequences(cursor, table: str, columns: list[str]) -> None:
        for column in columns:
            cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [_quoted(table), column])
            (sequence,) = cursor.fetchone()
            if sequence:
                cursor.execute(
                    f"SELECT setval(%s, COALESCE(MAX({_quoted(column)}), 0) + 1, false) FROM {_quoted(table)}",
                    [sequence],
                )


ENGINES = {"sqlite": SQLiteSnapshot(), "postgresql": PostgresSnapshot()}


def loaded_data_dir(data_dir: Path, load, *, slugs: list[str], script: str, folder: Path | None) -> bool:
    """Fill ``data_dir`` (a served test process's JOSH_DATA_DIR: its SQLite file database) with ``load()``, or
    with a copy of the one the last run loaded from the same inputs; return whether it was a copy.

    The key is the samples' snapshot key (every input an ingest depends on) plus the load script and the
    management commands it may run (``migrate``, ``embed``: adapters the snapshot key leaves out). The
    copy is taken after ``load()`` and before a server opens the database. ``folder`` None (no cache) or a
    server database (PostgreSQL, where the load went to the server, not the folder): just load."""
    if folder is None or settings.DATABASES["default"]["ENGINE"] != "apps.core.db":
        load()
        return False
    digest = hashlib.sha256(script.encode())
    for command in sorted(BASE.glob("apps/*/management/commands/*.py")):
        digest.update(command.relative_to(BASE).as_posix().encode() + command.read_bytes())
    key = f"{snapshot_key(slugs, {}, vendor='served-sqlite')}-{digest.hexdigest()[:12]}"
    saved = folder / key
    if saved.is_dir():
        touch(saved)
        shutil.copytree(saved, data_dir, dirs_exist_ok=True)
        return True
    load()
    partial = folder / f"{key}.partial-{os.getpid()}"
    shutil.copytree(data_dir, partial)
    prune(folder, "", keep=saved)  # loads of other inputs: another checkout's, or code since changed
    try:
        partial.rename(saved)
    except OSError:  # another process (pytest -n) saved the same load first
        shutil.rmtree(partial, ignore_errors=True)
    return False
