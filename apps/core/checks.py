"""System checks with stable ids: Josh refuses to start on a SQLite that lacks what it needs."""

from django.core.checks import Error, Warning, register


@register()
def check_sqlite_features(app_configs, **kwargs):
    from apps.core.db.engine import SQLITE, current
    from apps.core.db.introspect import fts5_available, vec_version

    errors: list[Error | Warning] = []
    if current() is not SQLITE:
        return errors
    if not fts5_available():
        errors.append(
            Error(
                "SQLite was built without FTS5; lexical search cannot work.",
                hint="Install the pysqlite3==0.6.1 wheel (bundles SQLite with FTS5).",
                id="josh.E001",
            )
        )
    if vec_version() is None:
        errors.append(
            Error(
                "sqlite-vec could not be loaded on the database connection.",
                hint="pip install sqlite-vec==0.1.9 and use the apps.core.db backend.",
                id="josh.E002",
            )
        )
    return errors


@register("database")
def check_fts_triggers(app_configs, databases=None, **kwargs):
    from apps.core.db.introspect import missing_fts_triggers

    return [
        Warning(
            f"FTS trigger {trigger} on {table} is missing (a table remake drops it); "
            "run 'manage.py migrate' to re-create it.",
            id="josh.W004",
        )
        for table, trigger in missing_fts_triggers()
    ]


# Passwords a demo or a careless setup leaves behind; any superuser with one fails `check --deploy`.
KNOWN_DEFAULT_PASSWORDS = ("admin", "password", "josh", "changeme", "123456")


@register("security", deploy=True)
def check_no_default_superuser_password(app_configs, **kwargs):
    from django.contrib.auth import get_user_model
    from django.db.utils import DatabaseError

    try:
        users = list(get_user_model().objects.filter(is_superuser=True, is_active=True))
    except DatabaseError:  # not migrated yet: nothing to check
        return []
    weak = [
        u.get_username()
        for u in users
        if any(u.check_password(p) for p in (*KNOWN_DEFAULT_PASSWORDS, u.get_username()))
    ]
    return [
        Error(
            f"Superuser '{name}' has a known default password (the demo creates admin/admin).",
            hint="Set a real one: manage.py changepassword " + name + ", or delete the user.",
            id="josh.E010",
        )
        for name in weak
    ]


def refuse_known_default_passwords() -> None:
    """JOSH_PRODUCTION=1: the server does not start while a superuser's password is a known default (the
    demo's admin/admin); ``check --deploy`` alone was a warning nobody had to read."""
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured

    if not settings.PRODUCTION:
        return
    errors = check_no_default_superuser_password(None)
    if errors:
        raise ImproperlyConfigured(
            "JOSH_PRODUCTION=1 refuses to serve: " + " ".join(f"{e.msg} {e.hint}" for e in errors)
        )


@register("security", deploy=True)
def check_allowed_hosts_not_wildcard(app_configs, **kwargs):
    from django.conf import settings

    if "*" in settings.ALLOWED_HOSTS:
        return [
            Error(
                "ALLOWED_HOSTS contains '*': any Host header is accepted and /mcp loses its DNS-rebinding guard.",
                hint="Set JOSH_ALLOWED_HOSTS to the public host names, comma separated.",
                id="josh.E011",
            )
        ]
    return []
