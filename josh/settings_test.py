"""Test settings: the real stack (pysqlite3, sqlite-vec, migrations on) with speed overrides."""

from pathlib import Path

from apps.core.conf import env_bool, env_int, env_str
from josh.settings import *  # noqa: F403
from josh.settings import DATABASES, INSTALLED_APPS, JOSH

# A resource declared in one module of a test-only app (tests/fixture_app/resources.py): it must show up on
# every surface with no other edit (tests/core/test_resources.py).
INSTALLED_APPS = [*INSTALLED_APPS, "tests.fixture_app"]

# The migrated schema, the ingested samples' snapshots and the MCP tests' loaded data folder, cached per user
# and keyed by everything they depend on (tests/sample_snapshot.py), so a fresh clone of the same code on this
# machine starts from them. JOSH_TEST_CACHE_DIR="" keeps them in the checkout's .pytest_cache instead.
TEST_CACHE_DIR = env_str(
    "JOSH_TEST_CACHE_DIR", str(Path(env_str("XDG_CACHE_HOME", "~/.cache")).expanduser() / "josh-tests")
)

# Static files come from an empty root, not the checkout's collected one (var/static after `make up`): a test
# then sees the same files in a fresh clone as after a setup, and each test client's middleware stack does not
# index the ~300 collected files again (WhiteNoise reads its root whenever a stack loads: ~25 ms a client).
STATIC_ROOT = Path(TEST_CACHE_DIR) / "static-root"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
DATABASES["default"]["CONN_MAX_AGE"] = 0
# One in-memory database: the web state (apps/core/db/routers.py) shares it, as on PostgreSQL. The two-file
# layout is tested over real files in a subprocess (tests/hardening/test_web_writes.py).
DATABASES.pop("web", None)
# Django's in-memory test database, named so that pytest-xdist workers each keep their own in-memory one
# (pytest-django would otherwise derive a file name from NAME for a backend that is not Django's sqlite3).
if DATABASES["default"]["ENGINE"] == "apps.core.db":
    DATABASES["default"]["TEST"] = {"NAME": ":memory:"}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
# In-process MCP calls must see the test transaction, so they stay on the test thread (apps.core.threads).
# The request budget is wider than production's 2 s: a test asserts what a request returns, not how fast, and a
# busy 2-core machine can take seconds for what takes milliseconds when quiet. Tests of the budget set their own.
JOSH = {
    **JOSH,
    "ENCODER": "hashing",
    "DB_THREAD_POOL": env_bool("JOSH_DB_THREAD_POOL", False),
    # In-process searches: the test database is an in-memory one no lane worker could open (a served test
    # process over a file database turns the lane on, as production has it).
    "HEAVY_LANE_PROCESSES": env_int("JOSH_HEAVY_LANE_PROCESSES", 0, minimum=0),
    "QUERY_TIME_LIMIT_MS": env_int("JOSH_QUERY_TIME_LIMIT_MS", 20_000, minimum=10),
}
