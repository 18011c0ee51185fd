"""What ninja cannot infer from the signatures, added to /v1/openapi.json once when it is built.

- every operation's error responses (400 always: strict parameters; 404 with a path id; 401/429/503 from
  the access policy and the time limit) with the one envelope's schema and an example made by the real
  error code (``error_body``), so generated clients and the live responses agree;
- the API-key and bearer security schemes (the docs' Authorize button), optional while auth is disabled;
- an example per parameter: path ids from the id registry (``apps.core.ids``), query values from the
  sample corpus below.
"""

from typing import Any

from apps.core.errors import JoshError, NotFound, QueryTimeout, RateLimited, Unauthorized, error_body
from apps.core.ids import id_kinds
from apps.core.params import UnknownParameter, check_query_params
from apps.core.schemas import ErrorEnvelope

ERROR_REF = "#/components/schemas/ErrorEnvelope"
EXAMPLE_REQUEST_ID = "6f1c2a9e0b7d4e3f8a5b1c2d3e4f5a6b"

# Query parameter examples, real values of the sample corpus (``corpus/``). Keyed by name; a
# (path, name) key overrides for a route where the same name means something else.
QUERY_EXAMPLES: dict[Any, Any] = {
    "q": "energy",
    "limit": 20,
    "cursor": "bzoyMA",  # opaque; this one is offset 20
    "offset": 0,
    "congress": 119,
    "chamber": "house",
    "current": True,
    "state": "VT",
    "party": "D",
    "type": "hjres",
    "sponsor": "S000033",
    "subject": "Energy",
    "policy_area": "Energy",
    "updated_since": "2025-01-01",
    "since": "2025-01-01",
    "until": "2025-12-31",
    "bill_id": "hjres:119:24",
    "bill": "hjres:119:24",
    "aggregate": "count",
    "group_by": "congress",
    "sum_field": "amount",
    "bucket_by_time": "introduced_date",
    "time_interval": "month",
    "mode": "hybrid",
    "source": "bills,crs-reports",
    "version": "ih",
    "administration": "Trump",
    "position": "support",
    "kind": "policy-area",
    "agency": "Federal Aviation Administration",
    "docket": "FAA-2024-0224",
    "docket_id": "FAA-2024-0224",
    "docket_type": "Rulemaking",
    "include_stubs": False,
    "document_type": "Rule",
    "fr_doc_num": "2024-02930",
    "doc_type": "RULE",
    "cfr_title": 14,
    "cfr_part": "39",
    "rin": "2120-AA64",
    "author": "Labonte",
    "product_type": "R",
    "topic": "Energy",
    "testimony": False,
    "speaker": "SESSIONS",
    "signed_since": "1994-01-01",
    "signed_until": "2025-12-31",
    "title": 1,
    "part": "1",
    "client": "Exxon",
    "registrant": "Akin",
    "form": "LD-2",
    "year": 2024,
    "quarter": "Q1",
    "issue_code": "ENG",
    "senate_id": "8f2e0a12-0000-0000-0000-000000000000",
    "committee": "HSWM",
    "committee_id": "HSWM",
    "member_bioguide": "S000033",
}

# Path parameters that are not record ids.
PATH_EXAMPLES = {"slug": "bills"}


def complete(schema: dict, *, auth_required: bool) -> dict:
    """Add error responses, security schemes and parameter examples to ninja's document (in place)."""
    components = schema.setdefault("components", {})
    _add_envelope(components.setdefault("schemas", {}))
    components["securitySchemes"] = SECURITY_SCHEMES
    schema["security"] = security_requirement(auth_required=auth_required)
    examples = _id_examples()
    for path, item in schema["paths"].items():
        for operation in item.values():
            _complete_parameters(path, operation, examples)
            operation["responses"].update(error_responses(operation))
    return schema


SECURITY_SCHEMES = {
    "ApiKey": {
        "type": "apiKey",
        "in": "header",
        "name": "X-Api-Key",
        "description": "A key issued in the admin (Access → API keys), when JOSH_AUTH=apikey or oauth.",
    },
    "Bearer": {
        "type": "http",
        "scheme": "bearer",
        "description": "The same key as 'Authorization: Bearer <key>' (or an OAuth bearer token).",
    },
}


def security_requirement(*, auth_required: bool) -> list[dict]:
    """Either scheme; with auth disabled (the self-host default) no credentials at all is fine too."""
    options: list[dict] = [{"ApiKey": []}, {"Bearer": []}]
    if not auth_required:
        options.append({})
    return options


def _add_envelope(schemas: dict) -> None:
    envelope = ErrorEnvelope.model_json_schema(ref_template="#/components/schemas/{model}")
    schemas.update(envelope.pop("$defs", {}))
    schemas["ErrorEnvelope"] = envelope


def _id_examples() -> dict[str, str]:
    return {kind.resource: kind.example for kind in id_kinds()}


def _complete_parameters(path: str, operation: dict, id_examples: dict[str, str]) -> None:
    resource = path.removeprefix("/v1/").split("/", 1)[0]
    for param in operation.get("parameters", []):
        if "example" in param:
            continue
        name = param["name"]
        if param["in"] == "path":
            example = PATH_EXAMPLES.get(name) or id_examples.get(resource)
        else:
            example = QUERY_EXAMPLES.get((path, name), QUERY_EXAMPLES.get(name))
        if example is not None:
            param["example"] = example


def _response(description: str, exc: JoshError) -> dict:
    return {
        "description": description,
        "content": {
            "application/json": {
                "schema": {"$ref": ERROR_REF},
                "example": error_body(exc, request_id=EXAMPLE_REQUEST_ID),
            }
        },
    }


def _unknown_parameter_example(operation: dict) -> UnknownParameter:
    """The 400 this operation gives for a misspelt parameter, made by the real check."""
    declared = [p["name"] for p in operation.get("parameters", []) if p["in"] == "query"]
    filters = [name for name in declared if name not in ("limit", "cursor", "offset") and len(name) > 2]
    wrong = (filters or declared or ["verbose_"])[0][:-1]
    try:
        check_query_params({wrong: "1"}, frozenset(declared))
    except UnknownParameter as exc:
        return exc
    raise AssertionError(f"{wrong} was accepted")  # pragma: no cover


def error_responses(operation: dict) -> dict[str, dict]:
    has_id = any(p["in"] == "path" for p in operation.get("parameters", []))
    responses = {
        "400": _response(
            "Bad request: an unknown or malformed parameter (the hint names it and what is allowed).",
            _unknown_parameter_example(operation),
        ),
        "401": _response(
            "No valid API key (only when the server runs with JOSH_AUTH=apikey or oauth).",
            Unauthorized(
                "This endpoint needs an API key: send it as 'X-Api-Key: <key>' or 'Authorization: Bearer <key>'.",
                hint={"headers": ["X-Api-Key", "Authorization: Bearer"]},
            ),
        ),
        "429": _response(
            "Rate limit exceeded; retry after the Retry-After header's seconds.",
            RateLimited(
                "Rate limit of 600/m requests exceeded for this API key; retry after 17 s.",
                hint={"retry_after": 17, "limit": 600, "rate": "600/m"},
            ),
        ),
        "503": _response(
            "The query ran past its time limit; narrow it and retry.",
            QueryTimeout(
                "The query ran past its 2000 ms budget. Narrow it (a filter, fewer words, a smaller limit) "
                "and retry.",
                hint={"time_limit_ms": 2000},
            ),
        ),
    }
    if has_id:
        responses["404"] = _response(
            "No such record (the id is well formed but not ingested).",
            NotFound(
                "No bill hr:119:99999. Use GET /v1/bills?congress=119 to list the bills ingested.",
                hint={"id": "hr:119:99999"},
            ),
        )
    return dict(sorted(responses.items()))
