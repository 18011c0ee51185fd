"""Josh settings: one module, every knob from the environment through typed helpers (apps.core.conf)."""

from pathlib import Path

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
PUBLIC_BASE_URL = env_str("JOSH_PUBLIC_BASE_URL", "http://127.0.0.1:8000").rstrip("/")

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
    "apps.core",
    "apps.citations",
    "apps.registry",
    "apps.bills",
    "apps.documents",
    "apps.activity",
    "apps.search",
    "apps.dossiers",
    "apps.browse",
    "apps.mcp_bridge",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "apps.core.middleware.RequestIdMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

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
            # IMMEDIATE avoids SQLITE_BUSY_SNAPSHOT lock upgrades between writers (sqlite-stack.md §6).
            "transaction_mode": "IMMEDIATE",
            "timeout": env_int("JOSH_DB_TIMEOUT_S", 10, minimum=1),
        },
        "CONN_MAX_AGE": None,
        "CONN_HEALTH_CHECKS": True,
    }
}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LANGUAGE_CODE = "en-us"
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

REST_FRAMEWORK = {
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "EXCEPTION_HANDLER": "apps.core.adapters.drf_exception_handler",
    "UNAUTHENTICATED_USER": None,
}

# App knobs, read through apps.core.settings_access.josh_setting so tests can override them.
JOSH = {
    "AUTH": env_choice("JOSH_AUTH", "disabled", ("disabled", "apikey", "oauth")),
    "ENCODER": env_str("JOSH_ENCODER", "minilm-int8"),
    "RRF_K": env_int("JOSH_RRF_K", 60, minimum=1),
    "PAGE_SIZE_DEFAULT": 20,
    "PAGE_SIZE_MAX": 250,
    "QUERY_TIME_LIMIT_MS": env_int("JOSH_QUERY_TIME_LIMIT_MS", 2000, minimum=10),
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {"plain": {"format": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "plain"}},
    "root": {"handlers": ["console"], "level": env_str("JOSH_LOG_LEVEL", "INFO")},
    "loggers": {"django.db.backends": {"level": "WARNING"}},
}
