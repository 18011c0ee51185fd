"""Every real sample (all plans with one), ingested once for the package inside an outer transaction that
is rolled back at the end (each test nests as a savepoint)."""

from urllib.parse import parse_qsl

import pytest

from apps.core.plans import all_plans
from tests.corpus import ingested


@pytest.fixture(scope="package")
def corpus_sample(django_db_setup, django_db_blocker):
    with ingested(django_db_blocker, [p.slug for p in all_plans() if p.has_sample]) as results:
        yield results


@pytest.fixture
def html(client):
    """GET a page as a browser does (Accept: text/html): the DRF browsable renderer."""

    def get(url, **params):
        return client.get(url, params, HTTP_ACCEPT="text/html")

    return get


@pytest.fixture
def js(client):
    """GET a page's JSON (?format=json) and return (status, body)."""

    def get(url, **params):
        path, _, query = url.partition("?")
        merged = {**dict(parse_qsl(query)), **params, "format": "json"}
        response = client.get(path, merged)
        return response.status_code, response.json()

    return get
