"""A small real corpus for the hardening tests, ingested once for the package (rolled back after it).

Legislators, a slice of roll-call votes, bills, SAPs and GAO reports: enough that every list endpoint has
rows to page through and every search mode (lexical, semantic with the hashing encoder, hybrid) has hits.
"""

from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings

from apps.core.plans import get_plan
from tests.corpus import ingested

CORPUS = Path(settings.CORPUS_DIR)

VOTE_FILES = sorted((CORPUS / "votes").rglob("*.json"))[:12]
SOURCES = (
    ("legislators", None),
    ("committees", None),
    ("roll-call-votes", VOTE_FILES),
    ("bills", None),
    ("statements-of-administration-policy", None),
    ("gao-reports", None),
)


def pytest_configure(config):
    """schemathesis' pytest plugin (used by test_api_contract.py) costs seconds of imports, so pyproject's
    addopts keep it off (``-p no:schemathesis``) and it is registered only when this package is collected."""
    from schemathesis.pytest import plugin

    if not config.pluginmanager.is_registered(plugin):
        config.pluginmanager.register(plugin, "schemathesis-for-hardening")


@contextmanager
def ingested_sample(django_db_blocker):
    from apps.search.embedding import embed_source

    slugs = [slug for slug, _ in SOURCES]
    with ingested(django_db_blocker, slugs, paths=dict(SOURCES)) as results:
        for slug in ("bills", "gao-reports"):
            plan = get_plan(slug)
            if plan.search and plan.search.chunk_table:
                embed_source(plan)
        yield results


@pytest.fixture(scope="package")
def hardening_corpus(django_db_setup, django_db_blocker):
    with ingested_sample(django_db_blocker) as results:
        yield results


def assert_envelope(response, allowed=(400, 404, 429, 503)) -> None:
    """Never a 500; a non-2xx is one of ``allowed`` and carries the one error envelope."""
    status = response.status_code
    assert status < 500 or status == 503, (status, response.content[:500])
    if 200 <= status < 300:
        return
    assert status in allowed, (status, response.content[:500])
    body = response.json()
    assert set(body) == {"error"}, body
    error = body["error"]
    assert (
        {"type", "code", "message", "request_id"}
        <= set(error)
        <= {
            "type",
            "code",
            "message",
            "request_id",
            "hint",
        }
    ), error
    assert all(isinstance(error[k], str) and error[k] for k in ("type", "code", "message", "request_id"))
    if "hint" in error:
        assert isinstance(error["hint"], dict)
