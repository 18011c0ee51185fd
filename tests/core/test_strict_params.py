"""Strict query parameters: a parameter no route declares is a 400 naming it, never silently ignored.

The property test walks every operation of /v1/openapi.json (path parameters filled with the spec's own
examples, which are sample-corpus ids) and sends one parameter the operation does not declare.
"""

import pytest
from django.test import Client

from tests.api.helpers import assert_error

pytestmark = pytest.mark.django_db

BOGUS = "no_such_param"


def test_misspelt_parameter_names_it_and_suggests_the_right_one(client):
    error = assert_error(client.get("/v1/bills?congres=119"), 400, "unknown_parameter", "congres")
    assert "congres" in error["message"]
    assert "did you mean 'congress'" in error["message"]
    assert error["hint"]["did_you_mean"] == "congress"
    allowed = error["hint"]["allowed"]
    assert {"congress", "type", "sponsor", "limit", "cursor", "aggregate", "group_by", "format"} <= set(
        allowed
    )
    assert allowed == sorted(allowed)


def test_q_on_bills_is_refused_not_ignored(client):
    error = assert_error(client.get("/v1/bills?q=tax"), 400, "unknown_parameter", "q")
    assert "q" not in error["hint"]["allowed"]


def test_several_unknown_parameters_are_all_named(client):
    error = assert_error(client.get("/v1/legislators?foo=1&bar=2&state=WA"), 400, "unknown_parameter")
    assert error["hint"]["parameter"] == "bar"  # the first in sorted order
    assert error["hint"]["unknown"] == ["bar", "foo"]


def test_detail_routes_declare_no_query_parameters(client):
    error = assert_error(client.get("/v1/bills/hr:119:103?verbose=1"), 400, "unknown_parameter", "verbose")
    assert error["hint"]["allowed"] == ["export", "format"]


def test_search_names_its_parameters(client):
    error = assert_error(client.get("/v1/search?q=tax&sources=bills"), 400, "unknown_parameter", "sources")
    assert error["hint"]["did_you_mean"] == "source"


def test_declared_and_always_allowed_parameters_pass(client):
    assert client.get("/v1/bills?congress=119&limit=5").status_code == 200
    assert client.get("/v1/bills?format=json").status_code != 400 or (
        client.get("/v1/bills?format=json").json()["error"]["code"] != "unknown_parameter"
    )


def _operations(schema: dict):
    for path, item in schema["paths"].items():
        for method, op in item.items():
            yield path, method, op


def _fill(path: str, op: dict) -> tuple[str, dict]:
    """The path with its ids filled, and the required query parameters, from the spec's examples."""
    query = {}
    for param in op.get("parameters", []):
        assert "example" in param or "x-example" in param, (path, param["name"])
        if param["in"] == "path":
            path = path.replace("{" + param["name"] + "}", str(param["example"]))
        elif param.get("required"):
            query[param["name"]] = param["example"]
    return path, query


def test_every_operation_refuses_an_unknown_parameter(client: Client):
    schema = client.get("/v1/openapi.json").json()
    operations = list(_operations(schema))
    assert len(operations) >= 60
    for path, method, op in operations:
        url, query = _fill(path, op)
        response = getattr(client, method)(url, {**query, BOGUS: "1"})
        error = assert_error(response, 400, "unknown_parameter", BOGUS)
        declared = {p["name"] for p in op.get("parameters", []) if p["in"] == "query"}
        assert set(error["hint"]["allowed"]) == declared | {"format", "export"}, path
        plain = getattr(client, method)(url, query)
        assert plain.status_code in (200, 404), (path, plain.status_code, plain.content[:300])
