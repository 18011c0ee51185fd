"""Josh settings: one module, every knob from the environment through typed helpers (apps.core.conf)."""

import os
import re
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from apps.core.conf import env_bool, env_choice, env_int, env_list, env_path, env_str

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = env_path("JOSH_DATA_DIR", BASE_DIR / "var")
CORPUS_DIR = env_path("JOSH_CORPUS_DIR", BASE_DIR / "corpus")
DATA_DIR.mkdir(parents=True, exist_ok=True)  # the SQLite file lives here; a fresh clone has none

DEBUG = env_bool("JOSH_DEBUG", False)
# A self-hosted default must work with zero configuration; production sets JOSH_SECRET_KEY.
SECRET_KEY = env_str("JOSH_SECRET_KEY", "josh-insecure-development-key-set-JOSH_SECRET_KEY-in-production")
ALLOWED_HOSTS = env_list("JOSH_ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("JOSH_CSRF_TRUSTED_ORIGINS", [])
# The address absolute URLs start with (apps.core.public_url); empty: each request's own scheme and Host.
PUBLIC_BASE_URL = env_str("JOSH_PUBLIC_BASE_URL", "").rstrip("/")
# MCP: authorization servers to advertise (comma list) and browser origins allowed besides same-origin.
JOSH_OAUTH_ISSUER = env_str("JOSH_OAUTH_ISSUER", "")
JOSH_MCP_ALLOWED_ORIGINS = env_list("JOSH_MCP_ALLOWED_ORIGINS", [])
# X-Forwarded-Host replaces Host only behind a proxy that sets it itself (like JOSH_TRUST_X_FORWARDED_PROTO).
USE_X_FORWARDED_HOST = env_bool("JOSH_TRUST_X_FORWARDED_HOST", False)

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "ninja",
    "axes",
    "apps.core",
    "apps.access",
    "apps.citations",
    "apps.registry",
    "apps.bills",
    "apps.documents",
    "apps.activity",
    "apps.search",
    "apps.dossiers",
    "apps.browse",
    "apps.mcp_bridge",
    "apps.explorer",
    "apps.curation",
    "apps.sync",
    "apps.feeds",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # The CSP and nosniff on Django's responses under any server (apps/core/security_headers.py).
    "apps.core.security_headers.SecurityHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "apps.core.middleware.RequestIdMiddleware",
    "apps.core.public_url.PublicUrlMiddleware",
    # GET/HEAD transactions start DEFERRED: the admin reads beside an ingest (apps/core/db/routers.py).
    "apps.core.db.routers.SafeRequestMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # JOSH_AUTH and JOSH_RATE_LIMIT for /v1 and /browse/ (/mcp applies the same policy in its ASGI router).
    "apps.access.middleware.AccessMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its 429 page.
    "axes.middleware.AxesMiddleware",
]

# Admin login throttling (django-axes): after JOSH_LOGIN_FAILURE_LIMIT wrong passwords for one username from
# one address, that pair is locked out for JOSH_LOGIN_COOLOFF_MINUTES (a correct password included); a
# success resets the count. Keyed on username + address so an attacker cannot lock a curator out from afar.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = env_int("JOSH_LOGIN_FAILURE_LIMIT", 5, minimum=1)
AXES_COOLOFF_TIME = timedelta(minutes=env_int("JOSH_LOGIN_COOLOFF_MINUTES", 15, minimum=1))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_RESET_ON_SUCCESS = True
AXES_VERBOSE = False

ROOT_URLCONF = "josh.urls"
ASGI_APPLICATION = "josh.asgi.application"
WSGI_APPLICATION = "josh.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": {
        # pysqlite3 + sqlite-vec on every connection: see apps/core/db/base.py.
        "ENGINE": "apps.core.db",
        "NAME": env_path("JOSH_DATABASE", DATA_DIR / "josh.sqlite3"),
        "OPTIONS": {
            "init_command": (
                "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA mmap_size=1073741824; "
                "PRAGMA cache_size=-65536; PRAGMA temp_store=MEMORY"
            ),
            # IMMEDIATE avoids SQLITE_BUSY_SNAPSHOT lock upgrades between writers (docs/SQLITE.md §5).
            "transaction_mode": "IMMEDIATE",
            "timeout": env_int("JOSH_DB_TIMEOUT_S", 10, minimum=1),
        },
        "CONN_MAX_AGE": None,
        "CONN_HEALTH_CHECKS": True,
    }
}
# Web state (sessions, login attempts, API keys, curators' queued changes) in a small SQLite file of its own,
# so a web request never writes the file an ingest holds the write lock of (apps/core/db/routers.py,
# docs/ACCESS.md "Web requests never wait on an ingest"). PostgreSQL keeps it in the data database.
# Default: beside the data file, named after it (josh.sqlite3 -> josh-web.sqlite3); "same" keeps it in the
# data file (one file, as copy_to_sqlite writes it; docs/DEPLOY.md).
_data_file = Path(DATABASES["default"]["NAME"])
_web_file = env_str(
    "JOSH_WEB_DATABASE", str(_data_file.with_name(f"{_data_file.stem}-web{_data_file.suffix}"))
)
if _web_file != "same":
    DATABASES["web"] = {
        **DATABASES["default"],
        "NAME": Path(_web_file),
        "OPTIONS": {
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
            "transaction_mode": "IMMEDIATE",
            "timeout": env_int("JOSH_DB_TIMEOUT_S", 10, minimum=1),
        },
    }
DATABASE_ROUTERS = ["apps.core.db.routers.WebStateRouter"]
# One setting switches the engine (docs/DEPLOY.md): JOSH_DATABASE_URL=postgres://user:pass@host:5432/josh runs
# Josh on PostgreSQL + pgvector; unset, it stays on the SQLite file above.
DATABASE_URL = env_str("JOSH_DATABASE_URL", "")
if DATABASE_URL:
    import dj_database_url

    DATABASES["default"] = dj_database_url.parse(
        DATABASE_URL,
        conn_max_age=env_int("JOSH_DB_CONN_MAX_AGE_S", 600, minimum=0),
        conn_health_checks=True,
    )
    if DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        raise ImproperlyConfigured("JOSH_DATABASE_URL must be a postgres:// URL (unset it for SQLite).")
    DATABASES.pop("web", None)  # row locks: web writes never wait on an ingest's batch here
    # The server stops any one statement past this (apps/core/db/timelimit.py checks the budgets between them).
    timeout_ms = env_int("JOSH_PG_STATEMENT_TIMEOUT_MS", 30_000, minimum=0)
    DATABASES["default"].setdefault("OPTIONS", {})["options"] = f"-c statement_timeout={timeout_ms}"
    # Behind a transaction-mode pooler (PgBouncer) server-side cursors cannot span statements.
    DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = env_bool("JOSH_DB_POOLED", False)
    # A read replica takes the ORM reads of GET/HEAD requests (apps/core/db/routers.py, docs/DEPLOY.md).
    if REPLICA_URL := env_str("JOSH_DATABASE_REPLICA_URL", ""):
        DATABASES["replica"] = {
            **dj_database_url.parse(REPLICA_URL, conn_max_age=DATABASES["default"]["CONN_MAX_AGE"]),
            "OPTIONS": DATABASES["default"]["OPTIONS"],
            "DISABLE_SERVER_SIDE_CURSORS": DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"],
            "TEST": {"MIRROR": "default"},
        }
        DATABASE_ROUTERS = [*DATABASE_ROUTERS, "apps.core.db.routers.ReadReplicaRouter"]
        MIDDLEWARE = [*MIDDLEWARE, "apps.core.db.routers.ReplicaReadsMiddleware"]

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-us"
# Timestamps are stored, compared and served in UTC; the day a person reads for one (a vote, a comment
# deadline) is its legislative day on Eastern time, and only apps.core.legislative converts to it. Not
# TIME_ZONE = "America/New_York": that would move every ``__date`` lookup, Trunc and admin form with it.
TIME_ZONE = "UTC"
USE_I18N = False
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(parents=True, exist_ok=True)  # whitenoise warns on a missing root before collectstatic
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}

# Request bodies are small JSON (MCP, admin forms): refuse anything large before parsing it.
DATA_UPLOAD_MAX_MEMORY_SIZE = env_int("JOSH_MAX_BODY_BYTES", 1_048_576, minimum=1024)
# ?format=csv&export=all: the most rows one CSV export holds (it stops at the end of that page, and says so).
EXPORT_CAP_ROWS = env_int("JOSH_EXPORT_CAP_ROWS", 25_000, minimum=1)

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "EXCEPTION_HANDLER": "apps.core.adapters.drf_exception_handler",
    "UNAUTHENTICATED_USER": None,
}


def _rate_limit(auth: str) -> str | None:
    """JOSH_RATE_LIMIT: "<count>/<period>" ("600/m", "100/10s"; apps.access.counters), or "off".
    Unset: 600/m when JOSH_AUTH requires a key, off when it is disabled."""
    raw = env_str("JOSH_RATE_LIMIT", "600/m" if auth != "disabled" else "off").strip().lower()
    if raw in ("off", "0", "none", ""):
        return None
    if not re.fullmatch(r"[1-9][0-9]*/[0-9]*[smhd]", raw):
        raise ImproperlyConfigured(
            f"JOSH_RATE_LIMIT={raw!r}: use <count>/<period> (600/m, 100/10s, 5000/h) or off"
        )
    return raw


_AUTH = env_choice("JOSH_AUTH", "disabled", ("disabled", "apikey", "oauth"))

# App knobs, read through apps.core.conf.knob when used (never copied at import), so tests can override them.
# Saved-search digests (manage.py send_digests, docs/FEEDS.md): printed to the console unless a deployment
# names an SMTP server.
EMAIL_BACKEND = env_str("JOSH_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("JOSH_EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("JOSH_EMAIL_PORT", 25, minimum=1)
EMAIL_HOST_USER = env_str("JOSH_EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = env_str("JOSH_EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = env_bool("JOSH_EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env_str("JOSH_EMAIL_FROM", "josh@localhost")

JOSH = {
    # Who may call /v1, /browse/ and /mcp (apps.access.policy; docs/ACCESS.md).
    "AUTH": _AUTH,
    # One budget per API key (or per client IP when anonymous) over /v1, /browse/ and /mcp; None = off.
    "RATE_LIMIT": _rate_limit(_AUTH),
    "ENCODER": env_str("JOSH_ENCODER", "minilm-int8"),
    # Where the MiniLM encoder runs: auto (CUDA when onnxruntime-gpu sees a GPU, else CPU), cpu or cuda.
    "ENCODER_DEVICE": env_str("JOSH_ENCODER_DEVICE", "auto"),
    # Bundled vectors for the sample corpus (apps/search/vector_cache.py); "off" embeds everything anew.
    "VECTOR_CACHE_DIR": env_str("JOSH_VECTOR_CACHE_DIR", ""),
    "RRF_K": env_int("JOSH_RRF_K", 60, minimum=1),
    "PAGE_SIZE_DEFAULT": 20,
    "PAGE_SIZE_MAX": 250,
    # Threads per process serving Django (a2wsgi) and ORM work from async code (MCP); each keeps a connection.
    "THREADS": env_int("JOSH_THREADS", 8, minimum=1),
    # Requests one client may have in flight per process (apps.access.concurrency); 0 = no cap. A quarter of
    # the threads: one client can never hold more than that share of the pool.
    "CLIENT_CONCURRENCY": env_int(
        "JOSH_CLIENT_CONCURRENCY", max(1, env_int("JOSH_THREADS", 8, minimum=1) // 4), minimum=0
    ),
    # Units of the rate budget (JOSH_RATE_LIMIT) an operation takes; any other request takes 1 (apps.access.costs).
    "RATE_COSTS": {"search": env_int("JOSH_RATE_COST_SEARCH", 5, minimum=1)},
    # Requests past that cap that wait (holding no thread, at most the query budget) before a 429.
    "CLIENT_QUEUE": env_int("JOSH_CLIENT_QUEUE", 8, minimum=0),
    "QUERY_TIME_LIMIT_MS": env_int("JOSH_QUERY_TIME_LIMIT_MS", 2000, minimum=10),
    # The admin's own budget per page (apps/core/db/timelimit.py): curators' pages, not public queries.
    "ADMIN_TIME_LIMIT_MS": env_int("JOSH_ADMIN_TIME_LIMIT_MS", 30_000, minimum=1000),
    # Searches run at once per process (apps.search.admission); the rest wait within their budget. 0 = no cap.
    # Half the cores: the other half stay free for lookups while a client floods the search.
    "SEARCH_CONCURRENCY": env_int("JOSH_SEARCH_CONCURRENCY", max(1, (os.cpu_count() or 2) // 2), minimum=0),
    # Worker processes of the heavy lane (apps/core/lane.py: searches, at a lower CPU priority, off this
    # process's GIL); 0 = searches run on the request's own thread. As many as searches admitted at once.
    "HEAVY_LANE_PROCESSES": env_int(
        "JOSH_HEAVY_LANE_PROCESSES", max(1, (os.cpu_count() or 2) // 2), minimum=0
    ),
    "HEAVY_LANE_NICE": env_int("JOSH_HEAVY_LANE_NICE", 10, minimum=0),
    # Hybrid: the vector leg in a worker thread while the lexical leg runs (docs/SEARCH.md "Both legs at once").
    # On by default on both engines: p95 0.69-0.90x on the 2-core dev machine (bench/RESULTS.md, issue 28).
    "SEARCH_PARALLEL_LEGS": env_bool("JOSH_SEARCH_PARALLEL_LEGS", True),
    # manage.py embed / update: worker processes (docs/SEARCH.md "Embedding throughput"); 0 = one per core.
    "EMBED_WORKERS": env_int("JOSH_EMBED_WORKERS", 0, minimum=0),
    # Run once in each lane worker as it starts: the encoder and vector indexes, outside any request's budget.
    "HEAVY_LANE_WARM": "apps.search.selectors.warm",
    # Ingest refuses (quarantines) a record with a text field, or a total of text, past these sizes: the
    # largest real records (an omnibus bill's text) are a few million characters.
    "INGEST_MAX_FIELD_CHARS": env_int("JOSH_INGEST_MAX_FIELD_CHARS", 16_000_000, minimum=1000),
    "INGEST_MAX_RECORD_CHARS": env_int("JOSH_INGEST_MAX_RECORD_CHARS", 32_000_000, minimum=1000),
    # Files are untrusted (apps/core/inputs.py): one file or zip member over its source's cap is refused
    # unread ("slug=bytes" entries override the default per source), a member compressed past the ratio is
    # a zip bomb, and YAML past these depth / alias-expansion limits is refused before libyaml builds it.
    "INGEST_MAX_FILE_BYTES": env_int("JOSH_INGEST_MAX_FILE_BYTES", 512 * 2**20, minimum=1024),
    "INGEST_MAX_FILE_BYTES_BY_SOURCE": env_list("JOSH_INGEST_MAX_FILE_BYTES_BY_SOURCE", []),
    "INGEST_MAX_ZIP_RATIO": float(env_str("JOSH_INGEST_MAX_ZIP_RATIO", "200")),
    "INGEST_YAML_MAX_DEPTH": env_int("JOSH_INGEST_YAML_MAX_DEPTH", 64, minimum=4),
    "INGEST_YAML_MAX_ALIAS_NODES": env_int("JOSH_INGEST_YAML_MAX_ALIAS_NODES", 10_000, minimum=0),
}

# `manage.py sync`: the official endpoints (overridable so a mirror, or the tests' replay server, stands in)
# and the politeness every fetcher shares (apps/sync/http.py).
SYNC = {
    "GOVINFO_BULK_URL": env_str("JOSH_GOVINFO_BULK_URL", "https://www.govinfo.gov/bulkdata"),
    "GOVINFO_API_URL": env_str("JOSH_GOVINFO_API_URL", "https://api.govinfo.gov"),
    "GOVINFO_CONTENT_URL": env_str("JOSH_GOVINFO_CONTENT_URL", "https://www.govinfo.gov/content"),
    # api.data.gov key for the GovInfo API; DEMO_KEY is its public key for light use (a few calls an hour).
    "GOVINFO_API_KEY": env_str("JOSH_GOVINFO_API_KEY", "DEMO_KEY"),
    "FEDERAL_REGISTER_URL": env_str("JOSH_FEDERAL_REGISTER_URL", "https://www.federalregister.gov"),
    "LEGISLATORS_URL": env_str(
        "JOSH_LEGISLATORS_URL", "https://raw.githubusercontent.com/unitedstates/congress-legislators/main"
    ),
    "ECFR_URL": env_str("JOSH_ECFR_URL", "https://www.ecfr.gov"),
    "EXECUTIVE_ORDERS_URL": env_str(
        "JOSH_EXECUTIVE_ORDERS_URL",
        "https://raw.githubusercontent.com/usnationalarchives/federalregister-api-core/main",
    ),
    # Roll-call votes: the unitedstates/congress scraper's output as Hear-Ye/congress-data keeps it.
    "VOTES_API_URL": env_str("JOSH_VOTES_API_URL", "https://api.github.com/repos/Hear-Ye/congress-data"),
    "VOTES_RAW_URL": env_str(
        "JOSH_VOTES_RAW_URL", "https://raw.githubusercontent.com/Hear-Ye/congress-data/main"
    ),
    # US Code release points: the download page names the current one, its zips sit under releasepoints/.
    "USCODE_URL": env_str("JOSH_USCODE_URL", "https://uscode.house.gov"),
    "USCODE_TITLES": [int(t) for t in env_list("JOSH_SYNC_USCODE_TITLES", [])],  # empty: every title
    "REGULATIONS_GOV_URL": env_str("JOSH_REGULATIONS_GOV_URL", "https://api.regulations.gov"),
    "REGULATIONS_GOV_API_KEY": env_str("JOSH_REGULATIONS_GOV_API_KEY", ""),
    # Senate LDA REST API; without a key it answers 15 requests a minute (429 + Retry-After beyond that).
    "LDA_API_URL": env_str("JOSH_LDA_API_URL", "https://lda.senate.gov/api/v1"),
    "LDA_API_KEY": env_str("JOSH_LDA_API_KEY", ""),
    "HOUSE_DOCS_URL": env_str("JOSH_HOUSE_DOCS_URL", "https://docs.house.gov"),  # committee meetings
    "HOUSE_COMMITTEES": env_list("JOSH_SYNC_HOUSE_COMMITTEES", []),  # e.g. RU00; empty: every one listed
    "LDA_ANONYMOUS_PER_MINUTE": 15.0,  # the API's published allowance without a key; requests are paced to it
    "CONGRESSES": [int(c) for c in env_list("JOSH_SYNC_CONGRESSES", ["119"])],  # BILLSTATUS and votes
    "ECFR_TITLES": [int(t) for t in env_list("JOSH_SYNC_ECFR_TITLES", [])],  # empty: every title
    "FIRST_SYNC_DAYS": env_int("JOSH_SYNC_FIRST_DAYS", 7, minimum=1),  # dated sources' first look-back
    "MIN_INTERVAL_S": float(env_str("JOSH_SYNC_MIN_INTERVAL_S", "1.0")),  # per host, between requests
    "RETRIES": env_int("JOSH_SYNC_RETRIES", 5, minimum=0),
    "MAX_WAIT_S": float(env_str("JOSH_SYNC_MAX_WAIT_S", "300")),  # cap on one Retry-After / backoff wait
    "TIMEOUT_S": float(env_str("JOSH_SYNC_TIMEOUT_S", "60")),  # one connect or read
    # Every answer is untrusted (apps/sync/http.py; docs/DEPLOY.md "Sync and ingest limits"): a whole request,
    # redirects and body included, ends by DEADLINE_S; an answer read into memory (listings, API pages) stops
    # at MAX_RESPONSE_BYTES, a file streamed to disk at MAX_FILE_BYTES, compressed or decoded.
    "DEADLINE_S": float(env_str("JOSH_SYNC_DEADLINE_S", "600")),
    "MAX_RESPONSE_BYTES": env_int("JOSH_SYNC_MAX_RESPONSE_BYTES", 64 * 2**20, minimum=1024),
    "MAX_FILE_BYTES": env_int("JOSH_SYNC_MAX_FILE_BYTES", 512 * 2**20, minimum=1024),
    "MAX_REDIRECTS": env_int("JOSH_SYNC_MAX_REDIRECTS", 5, minimum=0),
    "MAX_PAGES": env_int("JOSH_SYNC_MAX_PAGES", 10_000, minimum=1),  # of one paged listing
    # A source reaches only the hosts of its own URL settings; "slug=host" entries allow more (e.g. a CDN
    # its upstream redirects to; a bare host means https): JOSH_SYNC_EXTRA_HOSTS=us-code=downloads.example.gov
    "EXTRA_HOSTS": env_list("JOSH_SYNC_EXTRA_HOSTS", []),
    "USER_AGENT": env_str("JOSH_SYNC_USER_AGENT", "Josh (manage.py sync)"),
}

# "default" is Django's per-process LocMem (nothing relies on it being shared). Rate-limit counters must be
# shared by every uvicorn worker and exact under concurrency: apps.access.counters keeps them in a small SQLite
# file in this directory (one atomic UPSERT ... RETURNING per request). Only touched when JOSH_RATE_LIMIT is on.
CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
RATE_LIMIT_DIR = env_path("JOSH_RATE_LIMIT_CACHE_DIR", DATA_DIR / "ratelimit")

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("JOSH_LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}

# ---------------------------------------------------------------------------------------------------------
# Production hardening (JOSH_PRODUCTION=1). Off by default so `make up` works with zero configuration; on,
# it refuses to start without real secrets and turns on Django's HTTPS protections, so that
# `manage.py check --deploy` is clean (tests/hardening/test_security.py). Every knob comes from the
# environment; secrets are never in this file.
#   JOSH_SECRET_KEY            required, >= 50 characters, not the development default
#   JOSH_ALLOWED_HOSTS         required (comma list of the public host names)
#   JOSH_SSL_REDIRECT          1 (default): http -> https; 0 when the proxy redirects (silences W008)
#   JOSH_HSTS_SECONDS          31536000 (default); JOSH_HSTS_INCLUDE_SUBDOMAINS / JOSH_HSTS_PRELOAD 1 (default)
#   JOSH_TRUST_X_FORWARDED_PROTO  0 (default); 1 only behind a proxy that sets X-Forwarded-Proto itself
# ---------------------------------------------------------------------------------------------------------
PRODUCTION = env_bool("JOSH_PRODUCTION", False)
_DEV_SECRET_KEY = "josh-insecure-development-key-set-JOSH_SECRET_KEY-in-production"
if PRODUCTION:
    from django.core.exceptions import ImproperlyConfigured as _Misconfigured

    if env_bool("JOSH_DEBUG", False):
        raise _Misconfigured(
            "JOSH_PRODUCTION=1 with JOSH_DEBUG=1: debug pages leak settings; unset JOSH_DEBUG"
        )
    if SECRET_KEY == _DEV_SECRET_KEY or len(SECRET_KEY) < 50 or len(set(SECRET_KEY)) < 5:
        raise _Misconfigured(
            "JOSH_PRODUCTION=1 needs JOSH_SECRET_KEY: at least 50 random characters, e.g. "
            "python -c 'import secrets; print(secrets.token_urlsafe(50))'"
        )
    if not env_list("JOSH_ALLOWED_HOSTS", []):
        raise _Misconfigured(
            "JOSH_PRODUCTION=1 needs JOSH_ALLOWED_HOSTS (the public host names, comma separated)"
        )
    DEBUG = False
    SECURE_SSL_REDIRECT = env_bool("JOSH_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = env_int("JOSH_HSTS_SECONDS", 31_536_000, minimum=0)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("JOSH_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("JOSH_HSTS_PRELOAD", True)
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SECURE_REFERRER_POLICY = "same-origin"
    SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
    SESSION_COOKIE_SECURE = True
    SESSION_COOKIE_HTTPONLY = True
    CSRF_COOKIE_SECURE = True
    X_FRAME_OPTIONS = "DENY"
    if env_bool("JOSH_TRUST_X_FORWARDED_PROTO", False):
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    # An operator's explicit opt-out silences the matching --deploy warning, nothing else.
    SILENCED_SYSTEM_CHECKS = [
        check
        for check, opted_out in (
            ("security.W008", not SECURE_SSL_REDIRECT),
            ("security.W004", SECURE_HSTS_SECONDS == 0),
            ("security.W005", not SECURE_HSTS_INCLUDE_SUBDOMAINS),
            ("security.W021", not SECURE_HSTS_PRELOAD),
        )
        if opted_out
    ]
