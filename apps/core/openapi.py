"""What ninja cannot infer from the signatures, added to /v1/openapi.json once when it is built.

- every operation's error responses (400 always: strict parameters; 404 with a path id; 401/429/503 from
  the access policy and the time limit) with the one envelope's schema and an example made by the real
  error code (``error_body``), so generated clients and the live responses agree;
- the API-key and bearer security schemes (the docs' Authorize button), optional while auth is disabled;
- an example per parameter: path ids from the id registry (``apps.core.ids``), query values from the
  sample corpus below. A path id or a required query parameter carries it as ``example``; an optional
  filter as ``x-example`` and in its description ("Example: VT."), because Swagger UI's "Try it out" fills
  every ``example`` into its form — and a form with every filter filled answers nothing.
"""

from typing import Any

from apps.core.aggregates import all_aggregates
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
    "sort": "newest",
    ("/v1/legislators", "q"): "Bernie Sanders",
    ("/v1/committees", "q"): "ways means",
    ("/v1/topics", "q"): "energy",
    ("/v1/votes", "q"): "House roll call 77 of 2025",
    ("/v1/lda-filings", "q"): "public power",
    ("/v1/dockets", "q"): "faith-based",
    ("/v1/hearings", "q"): "defense",
    ("/v1/staff", "q"): "jane doe",
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
    "subject": "Congressional oversight",
    "policy_area": "Energy",
    "updated_since": "2025-01-01",
    "since": "2025-01-01",
    "until": "2026-12-31",
    ("/v1/federal-register", "since"): "2024-01-01",
    ("/v1/congressional-record", "since"): "2005-01-01",
    ("/v1/congressional-record", "until"): "2005-12-31",
    ("/v1/hearing-transcripts", "since"): "2023-01-01",
    "bill_id": "hjres:119:24",
    ("/v1/votes", "category"): "nomination",
    "bill": "hjres:119:24",
    "caucus": "Democrat",
    ("/v1/legislators/{id}/votes", "vote"): "senate:119:2025:162",
    ("/v1/legislators/{id}/votes", "position"): "yes",
    ("/v1/committee-memberships", "member"): "S000033",
    ("/v1/crs-reports", "bill_id"): "hr:119:1512",
    ("/v1/congressional-record", "bill_id"): "hr:109:3057",
    ("/v1/lda-filings", "bill_id"): "hr:113:845",
    ("/v1/hearings", "bill_id"): "hr:113:4435",
    ("/v1/hearings", "congress"): 113,
    ("/v1/hearing-transcripts", "congress"): 118,
    "aggregate": "count",
    "time_interval": "month",
    "mode": "hybrid",
    "source": "bills,crs-reports",
    "version": "ih",
    "administration": "47-Trump",
    "position": "supports",
    "kind": "policy-area",
    ("/v1/public-laws", "kind"): "public",
    ("/v1/regulatory-documents", "kind"): "comment",
    "agency": "Federal Aviation Administration",
    ("/v1/dockets", "agency"): "DHS",
    "docket": "DHS-2023-0006",
    ("/v1/lda-filings", "docket"): "FAA-2009-1144",
    "docket_id": "FAA-2024-0224",
    "docket_type": "Rulemaking",
    "include_stubs": False,
    "document_type": "Rule",
    "fr_doc_num": "2023-00628",
    "doc_type": "RULE",
    "cfr_title": 14,
    "cfr_part": "39",
    "rin": "2120-AA64",
    "author": "Labonte",
    "product_type": "report",
    "topic": "Energy",
    "testimony": False,
    "speaker": "SESSIONS",
    ("/v1/congressional-record", "chamber"): "senate",
    "signed_since": "1994-01-01",
    "signed_until": "2025-12-31",
    "title": 1,
    "part": "1",
    "client": "Northwest Public Power",
    "registrant": "Northwest Public Power",
    "form": "LD-2",
    "year": 2014,
    "quarter": 1,
    "issue_code": "ENG",
    "senate_id": "401033915-12",
    "committee": "HSWM",
    ("/v1/hearings", "committee"): "HSRU",
    "committee_id": "HSWM",
    "member_bioguide": "S000033",
}

# Path parameters: record ids of the sample corpus where the id registry's example is not one.
PATH_EXAMPLES = {"slug": "bills"}
ID_EXAMPLES = {"bills": "hjres:119:24", "executive-orders": "eo:13622"}


def complete(schema: dict, *, auth_required: bool) -> dict:
    """Add error responses, security schemes and parameter examples to ninja's document (in place)."""
    components = schema.setdefault("components", {})
    _add_envelope(components.setdefault("schemas", {}))
    components["securitySchemes"] = SECURITY_SCHEMES
    schema["security"] = security_requirement(auth_required=auth_required)
    examples = _id_examples()
    aggregates = {spec.resource: spec.allowed() for spec in all_aggregates()}
    for path, item in schema["paths"].items():
        for operation in item.values():
            _offer_csv(schema, operation)
            _complete_parameters(path, operation, examples)
            _describe_aggregate_fields(path, operation, aggregates)
            # ninja keys responses by int; the JSON document (and its validators) by string
            responses = {str(status): body for status, body in operation["responses"].items()}
            operation["responses"] = {**responses, **error_responses(operation)}
    return schema


# Accepted on every route (apps.core.params.ALWAYS_ALLOWED), documented where they do something: on the
# routes whose answer is rows (a list page, a search, an aggregate), which apps.core.export_view turns into CSV.
CSV_PARAMETERS = [
    {
        "name": "format",
        "in": "query",
        "required": False,
        "description": "json (the default) or csv: the rows as a CSV download (the next page in a Link "
        "header; Accept: text/csv works too). Example: csv.",
        "schema": {"enum": ["json", "csv"], "type": "string"},
        "x-example": "csv",
    },
    {
        "name": "export",
        "in": "query",
        "required": False,
        "description": "all (with format=csv): every page of the result in one CSV, up to the export cap "
        "(X-Export-Rows, X-Export-Cap, X-Export-Truncated headers; a Link to go on when cut). Example: all.",
        "schema": {"enum": ["all"], "type": "string"},
        "x-example": "all",
    },
]


def _resolve(schema: dict, node: dict) -> dict:
    ref = node.get("$ref", "")
    return schema["components"]["schemas"].get(ref.rsplit("/", 1)[-1], {}) if ref else node


def _offer_csv(schema: dict, operation: dict) -> None:
    """A route that answers rows takes format and export, and its 200 answer has a text/csv form."""
    ok = operation.get("responses", {}).get(200) or operation.get("responses", {}).get("200")
    body = (ok or {}).get("content", {}).get("application/json", {}).get("schema", {})
    options = [_resolve(schema, o) for o in body.get("anyOf", [body])]  # a list answers rows or an aggregate
    rows = body.get("type") == "array" and "$ref" in body.get("items", {})  # a bare list of records
    if not rows and not any({"results", "groups"} & set(o.get("properties", {})) for o in options):
        return
    names = {p["name"] for p in operation.get("parameters", [])}
    operation.setdefault("parameters", []).extend(p for p in CSV_PARAMETERS if p["name"] not in names)
    ok["content"]["text/csv"] = {
        "schema": {"type": "string", "description": "The rows flattened to columns (citation.url, ...)."}
    }


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
    return {**{kind.resource: kind.example for kind in id_kinds()}, **ID_EXAMPLES}


def _complete_parameters(path: str, operation: dict, id_examples: dict[str, str]) -> None:
    resource = path.removeprefix("/v1/").split("/", 1)[0]
    for param in operation.get("parameters", []):
        if "example" in param or "x-example" in param:
            continue
        name = param["name"]
        if param["in"] == "path":
            example = PATH_EXAMPLES.get(name) or id_examples.get(resource)
        else:
            example = QUERY_EXAMPLES.get((path, name), QUERY_EXAMPLES.get(name))
        if example is not None:
            set_example(param, example)


def example_key(param: dict) -> str:
    """``example`` for what a request must carry; ``x-example`` for an optional filter (see the module)."""
    return "example" if param["in"] == "path" or param.get("required") else "x-example"


def set_example(param: dict, example: Any) -> None:
    key = example_key(param)
    param[key] = example
    if key == "x-example" and example is not None:
        shown = str(example).lower() if isinstance(example, bool) else example
        param["description"] = f"{param.get('description', '')} Example: {shown}.".strip()
        param.setdefault("schema", {})["description"] = param["description"]


def _describe_aggregate_fields(path: str, operation: dict, aggregates: dict[str, dict]) -> None:
    """group_by / sum_field / bucket_by_time: this resource's own fields, listed, the first as example."""
    allowed = aggregates.get(path.removeprefix("/v1/"))
    if allowed is None:
        return
    for param in operation.get("parameters", []):
        fields = allowed.get(param["name"])
        if fields is None:
            continue
        listed = ", ".join(fields) if fields else "none on this resource"
        param["description"] = f"{param.get('description', '')} Here: {listed}.".strip()
        param["schema"]["description"] = param["description"]
        set_example(param, fields[0] if fields else None)


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
