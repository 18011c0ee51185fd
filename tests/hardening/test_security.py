"""Security rules of docs/DEVELOPING.md ("Raw SQL and security") and issue 9: bound parameters, code-only
identifiers, body limits, the admin behind login + CSRF, secrets from the environment, and a clean
``check --deploy`` in production mode.

MCP's Host (421), Origin (403) and oversized-body (413) checks are tested where the transport lives:
tests/mcp/test_protocol.py (test_bad_host_gets_421, test_foreign_origin_gets_403_and_same_origin_passes,
test_oversized_body_is_refused_with_413); ``test_mcp_transport_checks_are_tested`` keeps them there.
"""

import ast
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client

ROOT = Path(settings.BASE_DIR)
APPS = ROOT / "apps"
SQLISH = re.compile(
    r"\b(SELECT|INSERT|UPDATE|DELETE|WHERE|FROM|MATCH|JOIN|VALUES|CREATE|DROP|PRAGMA|ORDER BY|LIMIT)\b"
)
# Where SQL text may be assembled (identifiers through quote_ident; values always bound).
SQL_HOMES = ("search", "core/db")
# Names that carry request data through the selectors: none may be formatted into SQL text.
REQUEST_NAMES = {
    "q", "query", "text", "texts", "term", "terms", "token", "tokens", "id", "ids", "bill_id", "source",
    "since", "until", "congress", "limit", "offset", "cursor", "params", "value", "values", "name_query",
    "request", "kwargs", "filters",
}  # fmt: skip


def _sql_fstrings():
    for path in sorted(APPS.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.JoinedStr):
                literal = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
                if SQLISH.search(literal):
                    yield path.relative_to(APPS), node


def test_sql_text_is_assembled_only_where_sql_lives():
    outside = [f"{rel}:{node.lineno}" for rel, node in _sql_fstrings() if not str(rel).startswith(SQL_HOMES)]
    assert outside == []


def test_no_request_data_is_formatted_into_sql():
    offenders = []
    for rel, node in _sql_fstrings():
        for part in node.values:
            if not isinstance(part, ast.FormattedValue):
                continue
            names = {n.id for n in ast.walk(part.value) if isinstance(n, ast.Name)}
            if names & REQUEST_NAMES:
                offenders.append(f"{rel}:{node.lineno} {ast.unparse(part.value)}")
    assert offenders == []


def test_sql_files_take_values_as_named_parameters():
    """apps/search/sql/*.sql: placeholders {x} are identifiers or code fragments filled by queries.render;
    values are :named parameters. No quoted literal is built from a placeholder."""
    for path in sorted((APPS / "search" / "sql").glob("*.sql")):
        text = re.sub(r"--[^\n]*", "", path.read_text())  # comments may mention {placeholders}
        assert not re.search(r"'[^'\n]*\{[a-z_]+\}[^'\n]*'", text), path.name


def test_quote_ident_refuses_anything_but_identifiers():
    from apps.core.db.quoting import quote_ident

    assert quote_ident("bills_fts") == '"bills_fts"'
    for bad in ('bills"; DROP TABLE x; --', "a b", "", "x'y", "t(t)"):
        with pytest.raises(ValueError):
            quote_ident(bad)


@pytest.mark.django_db
def test_sql_injection_text_is_just_words(client, hardening_corpus):
    for q in ("'; DROP TABLE bills_bill; --", '" OR 1=1 --', "x) UNION SELECT * FROM auth_user --"):
        for mode in ("lexical", "hybrid"):
            assert client.get("/v1/search", {"q": q, "mode": mode}).status_code == 200
    assert client.get("/v1/bills").json()["pagination"]["total"] == 20


def test_mcp_transport_checks_are_tested():
    from tests.mcp import test_protocol

    for name in (
        "test_bad_host_gets_421",
        "test_foreign_origin_gets_403_and_same_origin_passes",
        "test_oversized_body_is_refused_with_413",
    ):
        assert callable(getattr(test_protocol, name, None)), name


@pytest.mark.django_db
def test_oversized_request_bodies_are_refused(client):
    big = "a=" + "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 10)
    response = client.post("/admin/login/", data=big, content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400


@pytest.mark.django_db
def test_admin_is_behind_login_and_csrf(django_user_model):
    django_user_model.objects.create_superuser(username="root", email="", password="a-long-password-1")
    client = Client(enforce_csrf_checks=True)
    assert client.get("/admin/").status_code == 302
    assert client.get("/admin/core/ingestrun/").status_code == 302
    refused = client.post("/admin/login/", {"username": "root", "password": "a-long-password-1"})
    assert refused.status_code == 403  # no CSRF token
    page = client.get("/admin/login/")
    token = page.cookies["csrftoken"].value
    ok = client.post(
        "/admin/login/?next=/admin/",
        {"username": "root", "password": "a-long-password-1", "csrfmiddlewaretoken": token},
    )
    assert ok.status_code == 302 and ok["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200


def test_no_secret_literals_in_settings():
    text = (ROOT / "josh" / "settings.py").read_text()
    assert not re.search(r"(?i)(password|api_key|token)\s*=\s*['\"][^'\"]+['\"]", text)
    assert re.search(r'SECRET_KEY = env_str\("JOSH_SECRET_KEY"', text)


def _manage(*args, **env):
    base = {k: v for k, v in os.environ.items() if not k.startswith(("JOSH_", "DJANGO_"))}
    base.update(DJANGO_SETTINGS_MODULE="josh.settings", JOSH_DATA_DIR=str(env.pop("data_dir")), **env)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=base, capture_output=True, text=True, timeout=120
    )


def test_check_deploy_is_clean_in_production(tmp_path):
    done = _manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        data_dir=tmp_path,
        JOSH_PRODUCTION="1",
        JOSH_SECRET_KEY=secrets.token_urlsafe(50),
        JOSH_ALLOWED_HOSTS="josh.example.org",
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues (0 silenced)" in done.stdout


@pytest.mark.parametrize(
    "env,needs",
    [
        ({"JOSH_ALLOWED_HOSTS": "josh.example.org"}, "JOSH_SECRET_KEY"),
        ({"JOSH_ALLOWED_HOSTS": "josh.example.org", "JOSH_SECRET_KEY": "short"}, "JOSH_SECRET_KEY"),
        ({"JOSH_SECRET_KEY": "k" * 10 + secrets.token_urlsafe(50)}, "JOSH_ALLOWED_HOSTS"),
    ],
)
def test_production_refuses_to_start_without_secrets(tmp_path, env, needs):
    done = _manage("check", data_dir=tmp_path, JOSH_PRODUCTION="1", **env)
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr and needs in done.stderr


@pytest.mark.django_db
def test_check_deploy_fails_on_a_default_superuser_password_and_wildcard_hosts(settings):
    from django.contrib.auth import get_user_model
    from django.core.checks import run_checks

    def errors():
        return sorted(
            m.id for m in run_checks(include_deployment_checks=True) if m.id in ("josh.E010", "josh.E011")
        )

    user = get_user_model().objects.create_superuser("admin", password="admin")
    assert errors() == ["josh.E010"]
    user.set_password("a-long-unguessable-passphrase")
    user.save()
    assert errors() == []
    settings.ALLOWED_HOSTS = ["josh.example.org", "*"]
    assert errors() == ["josh.E011"]
