"""/v1/openapi.json is a document a client generator is happy with: valid OpenAPI 3.1 (openapi-spec-validator)
plus Josh's own rules (apps/core/openapi_lint: errors documented with the one envelope, an example per
parameter, unique operation ids and component names), and fields named as on the wire."""

import copy
import gzip

import pytest
from django.core.management import call_command

from apps.core import openapi_lint
from josh.api import api


@pytest.fixture(scope="module")
def spec():
    return api.get_openapi_schema()


def test_the_document_is_valid_openapi_3_1(spec):
    assert spec["openapi"].startswith("3.1")
    assert openapi_lint.spec_problems(spec) == []


def test_every_operation_documents_its_errors_with_the_envelope(spec):
    assert openapi_lint.error_response_problems(spec) == []
    assert len(list(openapi_lint.operations(spec))) >= 60


def test_every_parameter_has_an_example_of_its_type(spec):
    assert openapi_lint.parameter_problems(spec) == []


def test_try_it_out_starts_with_no_filter_filled(spec):
    """Swagger UI fills every parameter's ``example`` into "Try it out": only what a request must carry has
    one; an optional filter shows its example in its description (and ``x-example``), so the first try
    answers the whole collection instead of the intersection of every example."""
    optional = [
        (path, p)
        for path, _method, op in openapi_lint.operations(spec)
        for p in op.get("parameters", [])
        if p["in"] == "query" and not p.get("required")
    ]
    assert len(optional) > 200
    assert [(path, p["name"]) for path, p in optional if "example" in p or "examples" in p] == []
    state = next(p for path, p in optional if path == "/v1/legislators" and p["name"] == "state")
    assert state["x-example"] == "VT" and state["description"].endswith("Example: VT.")
    bill = spec["paths"]["/v1/bills/{id}"]["get"]["parameters"][0]
    assert bill["in"] == "path" and bill["example"] == "hjres:119:24"


def test_operation_ids_and_component_names_are_unique(spec):
    assert openapi_lint.operation_id_problems(spec) == []
    assert openapi_lint.component_name_problems(api) == []


def test_the_rules_catch_what_they_are_for(spec):
    broken = copy.deepcopy(spec)
    bills = broken["paths"]["/v1/bills"]["get"]
    del bills["responses"]["400"]
    (congress,) = [p for p in bills["parameters"] if p["name"] == "congress"]
    congress["x-example"] = "119th"
    del [p for p in bills["parameters"] if p["name"] == "type"][0]["x-example"]
    [limit] = [p for p in bills["parameters"] if p["name"] == "limit"]
    limit["example"] = 20  # Swagger UI's "Try it out" would fill it in
    broken["paths"]["/v1/votes"]["get"]["operationId"] = bills["operationId"]
    assert openapi_lint.error_response_problems(broken) == [
        "get /v1/bills: responses ['200', '401', '429', '503'], want ['200', '400', '401', '429', '503']"
    ]
    assert openapi_lint.parameter_problems(broken) == [
        "get /v1/bills limit: an optional filter carries example (Swagger UI pre-fills it): use x-example",
        "get /v1/bills congress: example '119th' is not ['integer']",
        "get /v1/bills type: no example",
    ]
    assert len(openapi_lint.operation_id_problems(broken)) == 1
    broken["openapi"] = "3.1.0"
    broken["paths"]["/v1/bills"]["get"]["responses"] = "nope"
    assert openapi_lint.spec_problems(broken)[0].startswith("not valid OpenAPI")


def test_lint_command_is_clean(capsys):
    call_command("lint_openapi")
    assert capsys.readouterr().out.strip() == "openapi: clean"


def test_the_400_example_is_the_real_unknown_parameter_error(spec):
    example = spec["paths"]["/v1/bills"]["get"]["responses"]["400"]["content"]["application/json"]["example"]
    error = example["error"]
    assert error["code"] == "unknown_parameter"
    assert error["hint"]["parameter"] == "congres"
    assert error["hint"]["did_you_mean"] == "congress"


def test_aggregate_fields_are_listed_per_resource(spec):
    params = {p["name"]: p for p in spec["paths"]["/v1/bills"]["get"]["parameters"]}
    assert params["group_by"]["x-example"] == "congress"
    assert "Here: congress, origin_chamber, policy_area, sponsor," in params["group_by"]["description"]
    assert params["sum_field"]["x-example"] == "cosponsor_count"
    assert params["bucket_by_time"]["x-example"] == "introduced_date"


def test_security_schemes_let_the_docs_authorize(spec):
    schemes = spec["components"]["securitySchemes"]
    assert (schemes["ApiKey"]["type"], schemes["ApiKey"]["in"], schemes["ApiKey"]["name"]) == (
        "apiKey",
        "header",
        "X-Api-Key",
    )
    assert (schemes["Bearer"]["type"], schemes["Bearer"]["scheme"]) == ("http", "bearer")
    assert spec["security"] == [{"ApiKey": []}, {"Bearer": []}, {}]  # auth disabled in tests: optional


def test_degraded_names_from_as_on_the_wire(spec):
    degraded = spec["components"]["schemas"]["Degraded"]["properties"]
    assert "from" in degraded and "from_" not in degraded


def test_credentials_are_required_in_the_spec_when_the_server_requires_them():
    from apps.core.openapi import security_requirement

    assert security_requirement(auth_required=True) == [{"ApiKey": []}, {"Bearer": []}]


@pytest.mark.django_db
def test_the_served_document_is_the_schema_encoded_once(client, spec):
    """/v1/openapi.json answers the same bytes each time, encoded once: a flood of it must not re-encode
    ~380 KB of JSON (GIL held) per request."""
    first, second = client.get("/v1/openapi.json"), client.get("/v1/openapi.json")
    assert (first.status_code, first["content-type"]) == (200, "application/json")
    assert first.content == second.content and first.json() == spec
    assert api.openapi_bytes({}) is api.openapi_bytes({})
    zipped = client.get("/v1/openapi.json", headers={"accept-encoding": "gzip, deflate"})
    assert (zipped["content-encoding"], zipped["vary"]) == ("gzip", "Accept-Encoding")
    assert gzip.decompress(zipped.content) == first.content and len(zipped.content) < len(first.content) / 5
