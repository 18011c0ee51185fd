"""Every documented error status, on every operation, validates against the spec: schemathesis checks the
live 400 (an unknown parameter), 401 (apikey mode, no key), 429 (rate limit spent) and 503 (query time
budget spent) responses for status, content type and schema. The generated 200/400/404 responses are
test_api_contract's."""

import uuid

import pytest
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.hardening.test_api_contract import schema

CHECKS = [status_code_conformance, content_type_conformance, response_schema_conformance]
pytestmark = pytest.mark.django_db


def _cases(**extra_query):
    """One case per operation: path ids and required parameters from the spec's own examples."""
    cases = []
    for result in schema.get_all_operations():
        operation = result.ok()
        params = operation.definition.raw.get("parameters", [])
        path = {p["name"]: p["example"] for p in params if p["in"] == "path"}
        query = {p["name"]: p["example"] for p in params if p["in"] == "query" and p.get("required")}
        cases.append(operation.Case(path_parameters=path, query={**query, **extra_query}))
    assert len(cases) >= 60
    return cases


def _assert_documented_error(case, status: int, code: str) -> None:
    response = case.call()
    assert response.status_code == status, (case.operation.label, response.status_code, response.text[:300])
    assert response.json()["error"]["code"] == code
    case.validate_response(response, checks=CHECKS)


def test_unknown_parameter_400_conforms_everywhere():
    for case in _cases(no_such_param="1"):
        _assert_documented_error(case, 400, "unknown_parameter")


def test_missing_key_401_conforms_everywhere(settings):
    settings.JOSH = {**settings.JOSH, "AUTH": "apikey", "RATE_LIMIT": None}
    for case in _cases():
        _assert_documented_error(case, 401, "unauthorized")


def test_rate_limited_429_conforms_everywhere(settings):
    settings.CACHES = {
        **settings.CACHES,
        "ratelimit": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": f"josh-contract-{uuid.uuid4().hex}",
        },
    }
    settings.JOSH = {**settings.JOSH, "AUTH": "disabled", "RATE_LIMIT": "1/h"}
    cases = _cases()
    cases[0].call()  # spends the budget
    for case in cases:
        _assert_documented_error(case, 429, "rate_limited")


def test_query_timeout_503_conforms_everywhere(settings):
    settings.JOSH = {**settings.JOSH, "QUERY_TIME_LIMIT_MS": 0}  # spent before the first statement
    for case in _cases():
        _assert_documented_error(case, 503, "query_timeout")
