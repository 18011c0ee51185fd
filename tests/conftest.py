"""Shared fixtures. Migrations stay ON: the FTS5/vec0 tables and triggers exist only through them."""

import gc
import hashlib
import os
from pathlib import Path

import pytest
from django.conf import settings

from tests import constraint_checks, sample_snapshot
from tests.browser import browser_loop, chromium  # noqa: F401 (fixtures every browser test shares)

CORPUS = Path(settings.CORPUS_DIR)
constraint_checks.install()


# Package conftests that ingest real samples name that fixture ``corpus_sample`` (package scope, not
# autouse). Only a test that uses the database gets it, so a pure-function test never migrates or ingests.
CORPUS_SAMPLE = "corpus_sample"
_DB_FIXTURES = {"_django_db_helper", "db", "transactional_db"}


# Fixtures that start a server, a browser or a subprocess: the tests that use them are marked ``slow``, so
# ``pytest -m "not slow"`` is the quick loop (see docs/DEVELOPING.md, "Tests").
SLOW_FIXTURES = frozenset(
    {
        "josh_server",  # tests/mcp: migrate + ingest every sample + uvicorn, in subprocesses
        "migrated_template",  # tests/hardening/test_crash_and_backup.py: manage.py subprocesses
        "serve",  # tests/hardening/test_serve_limits.py: josh.serve in a subprocess
        "server",  # tests/{browse,explorer}/test_chromium.py: a live server for headless Chromium
        "chromium",  # tests/browser.py: headless Chromium
    }
)


# Tests of an SQLite mechanism itself (FTS5's BM25 internals and head cache, the vec0 mirror, pysqlite3 traps)
# are marked ``sqlite_only("why")`` and skipped when the suite runs on PostgreSQL (``make test-postgres``).
ON_POSTGRES = settings.DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"


def pytest_sessionstart(session):
    # Django and the apps are imported by now: ~160,000 long-lived objects that every full garbage collection
    # walked again (~0.1 s each: the automatic ones as the tests allocate, and pytest's own at exit). Frozen, a
    # collection walks only what came after. A test process never needs those objects freed.
    gc.freeze()


def pytest_collection_finish(session):
    gc.freeze()  # the test modules too, now imported


def pytest_collection_modifyitems(session, config, items):
    slow_without_db = set()
    for item in items:
        if ON_POSTGRES and (marker := item.get_closest_marker("sqlite_only")):
            reason = marker.args[0] if marker.args else "tests an SQLite mechanism"
            item.add_marker(pytest.mark.skip(reason=f"SQLite only: {reason}"))
        uses_db = item.get_closest_marker("django_db") or _DB_FIXTURES & set(item.fixturenames)
        if uses_db and CORPUS_SAMPLE not in item.fixturenames and _visible(session, item):
            # First, so the sample's outer transaction opens before the test's own (which nests inside it).
            item.fixturenames.insert(0, CORPUS_SAMPLE)
        if SLOW_FIXTURES & set(item.fixturenames):
            item.add_marker(pytest.mark.slow)
        if not uses_db and item.get_closest_marker("slow"):
            slow_without_db.add(item)
    # The slow tests that use no test database (subprocesses, servers of their own) go first: the workers
    # share them out at the start, instead of one worker running a 30-second test alone at the end while the
    # other waits. The database tests keep pytest-django's order (transactional ones, whose flush empties what
    # the migrations wrote, after the others), which this stable sort does not change.
    items.sort(key=lambda item: item not in slow_without_db)


def _visible(session, item) -> bool:
    return bool(session._fixturemanager.getfixturedefs(CORPUS_SAMPLE, item))


@pytest.fixture(scope="session")
def django_db_setup(request, django_test_environment, django_db_blocker, django_db_modify_db_settings):
    """pytest-django's test database, restored from a migrated copy when the migrations have not changed.

    Migrating takes seconds; a run starts from a copy of the schema the last run built (in the test cache,
    ``sample_snapshot.cache_folder``, keyed by the migration files), then runs ``migrate`` on it, which finds nothing to do and fires
    post_migrate as usual. The test database stays Django's in-memory one (never a second SQLite copy on a
    file: docs/SQLITE.md §1). ``--cache-clear`` or ``-p no:cacheprovider`` migrates from scratch.

    ``django_db_modify_db_settings`` is pytest-django's hook that names each pytest-xdist worker's test
    database apart (``test_postgres_gw0``, ...): without it two workers on PostgreSQL both created
    ``test_postgres``. SQLite's in-memory test database needs no name of its own.
    """
    from django.db import connection
    from django.test.utils import setup_databases, teardown_databases

    # The ingested samples' snapshots (tests/sample_snapshot.py) live beside the migrated copy.
    sample_snapshot.cache_dir = sample_snapshot.cache_folder(request.config, "josh-sample")
    # The migrated copy is an SQLite file; on PostgreSQL pytest-django's test database is migrated each run.
    template = _migrated_template(request.config) if connection.vendor == "sqlite" else None
    # A request made while the tests were collected (a module that loads the OpenAPI document through the app to
    # parametrize its tests) can leave its statement limit on this thread; a collection longer than the
    # request budget (a loaded machine) then failed the migrate below with QueryTimeout, and every test with it.
    from apps.core.db import timelimit

    timelimit.uninstall()
    with django_db_blocker.unblock():
        holder = _restore(template, connection) if template and template.exists() else None
        # serialized_aliases=[]: no test asks for ``serialized_rollback``, so no database is serialized to a
        # string first (Django's default: every row, 0.2 s before even a one-test run here).
        db_cfg = setup_databases(
            verbosity=0, interactive=False, keepdb=holder is not None, serialized_aliases=[]
        )
        if template and holder is None:
            _save(connection, template)
    yield
    from apps.search import parallel

    # Hybrid searches ran their vector leg in pool threads, each with its own session (SEARCH_PARALLEL_LEGS
    # is on by default): PostgreSQL refuses to drop a database while one is open.
    parallel.shutdown()
    with django_db_blocker.unblock():
        teardown_databases(db_cfg, verbosity=0)
        if holder is not None:
            holder.close()


def _migrated_template(config) -> Path | None:
    if (folder := sample_snapshot.cache_folder(config, "josh-migrated-db")) is None:
        return None
    digest = hashlib.sha256()
    for path in sample_snapshot.migration_files():
        digest.update(path.name.encode() + path.read_bytes())
    template = folder / f"{digest.hexdigest()[:16]}.sqlite3"
    if template.exists():
        sample_snapshot.touch(template)
    return template


def _restore(template: Path, connection):
    """Copy the template into the in-memory test database; the returned connection keeps it alive."""
    name = connection.creation._get_test_db_name()
    if not connection.creation.is_in_memory_db(name):
        return None
    holder = connection.Database.connect(name, uri=True)
    source = connection.Database.connect(f"file:{template}?mode=ro", uri=True)
    try:
        source.backup(holder)
    finally:
        source.close()
    return holder


def _save(connection, template: Path) -> None:
    connection.ensure_connection()
    partial = template.with_suffix(f".partial-{os.getpid()}")
    target = connection.Database.connect(str(partial))
    try:
        connection.connection.backup(target)
    finally:
        target.close()
    partial.replace(template)
    sample_snapshot.prune(template.parent, "", keep=template)  # schemas of other migrations


@pytest.fixture
def corpus() -> Path:
    return CORPUS


@pytest.fixture
def frozen_clock():
    """The wall clock (``time.time``, ``datetime.now``, ``timezone.now``) stands still at the moment the test
    starts, in every thread, so a test can never straddle a window boundary (rate windows, login cool-offs).
    ``time.monotonic`` and ``time.sleep`` still run: deadlines and waits keep working. Yields the traveller
    (``.shift(seconds)`` moves the clock on)."""
    import time

    import time_machine

    with time_machine.travel(time.time(), tick=False) as traveller:
        yield traveller


@pytest.fixture
def api_client(client):
    """Django's test client; named for what the tests use it for."""
    return client


@pytest.fixture(scope="session", autouse=True)
def _the_test_transaction_outlives_close_old_connections():
    """``close_old_connections`` (Django's request signals; the MCP tools, before and after each call) drops a
    connection that is inside a transaction, as production should. In the tests that transaction is the test's
    own (and the package's sample): SQLite's in-memory test database ignores the close, PostgreSQL would lose
    both. So a connection inside a transaction is kept; every other (a live server's threads) closes as in
    production."""
    from django.db.backends.base.base import BaseDatabaseWrapper

    close = BaseDatabaseWrapper.close_if_unusable_or_obsolete

    def close_unless_in_a_transaction(self):
        if not self.in_atomic_block:
            close(self)

    BaseDatabaseWrapper.close_if_unusable_or_obsolete = close_unless_in_a_transaction
    yield
    BaseDatabaseWrapper.close_if_unusable_or_obsolete = close


@pytest.fixture(autouse=True)
def _request_budget_closed_after_each_test():
    """A response the test client never finished (a streamed export read in part) sends no request_finished, so
    that request's statement limit and wall-clock budget would stay on the thread: each test leaves it
    unlimited. (What runs before the first test, collection, is django_db_setup's to clear.)"""
    from apps.core.db import timelimit

    yield
    timelimit.uninstall()


@pytest.fixture(autouse=True)
def _no_corrections_cached():
    """Curator corrections are cached per model for a few seconds (apps.curation.services); each test starts
    cold, so query counts do not depend on which test ran before."""
    from apps.curation.services import forget_cache

    forget_cache()
    yield
