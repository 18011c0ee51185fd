"""JOSH_RATE_LIMIT: off by default when JOSH_AUTH=disabled, 600/m when a key is required, validated."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from josh.settings import RATE_LIMIT_DIR, _rate_limit


@pytest.mark.parametrize(
    ("auth", "env", "expected"),
    [
        ("disabled", None, None),
        ("apikey", None, "600/m"),
        ("oauth", None, "600/m"),
        ("disabled", "120/m", "120/m"),
        ("apikey", "off", None),
        ("oauth", "0", None),
        ("apikey", "100/10s", "100/10s"),
        ("apikey", "5000/H", "5000/h"),
    ],
)
def test_rate_limit_defaults_and_values(monkeypatch, auth, env, expected):
    if env is None:
        monkeypatch.delenv("JOSH_RATE_LIMIT", raising=False)
    else:
        monkeypatch.setenv("JOSH_RATE_LIMIT", env)
    assert _rate_limit(auth) == expected


@pytest.mark.parametrize("env", ["600", "600/minute", "-1/m", "0/m", "fast"])
def test_bad_rate_limits_fail_at_startup(monkeypatch, env):
    monkeypatch.setenv("JOSH_RATE_LIMIT", env)
    with pytest.raises(ImproperlyConfigured, match="JOSH_RATE_LIMIT"):
        _rate_limit("apikey")


def test_the_limiter_counts_in_a_file_shared_by_workers(settings):
    from apps.access.counters import counters_path

    assert counters_path() == settings.RATE_LIMIT_DIR / "counters.sqlite3"
    assert str(RATE_LIMIT_DIR).endswith("ratelimit")
