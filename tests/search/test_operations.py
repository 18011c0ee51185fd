"""Operations declared once (apps.core.operations): every surface takes its parameters from the declaration,
so each bound is the same refusal everywhere, and a field of the params model reaches every surface."""

import pytest
from asgiref.sync import async_to_sync

from apps.core.operations import all_operations, get_operation
from apps.core.vocabulary import LIMIT_MAX, QUERY_MAX_LENGTH
from apps.explorer.search import SearchForm
from apps.mcp_bridge.server import build_server
from apps.search.schemas import SearchParams
from josh.api import api

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def mcp():
    return build_server()


def _tools(mcp) -> dict:
    return {t.name: t for t in async_to_sync(mcp.list_tools)()}


def _rest_error(client, path: str, params: dict) -> dict:
    response = client.get(path, params)
    assert response.status_code == 400, (path, response.content[:300])
    return response.json()["error"]


def _mcp_error(mcp, tool: str, arguments: dict) -> str:
    """An MCP call's refusal as text: the SDK's argument check (in-process, before the tool runs)."""
    try:
        result = async_to_sync(mcp.call_tool)(tool, arguments)
    except Exception as exc:  # the SDK raises its ToolError on arguments its model refuses
        return str(exc)
    assert result.is_error, (tool, arguments)
    return result.content[0].text


@pytest.mark.parametrize(
    ("field", "value", "tool_argument"),
    [
        ("q", "x" * (QUERY_MAX_LENGTH + 1), "query"),
        ("limit", LIMIT_MAX + 1, "limit"),
        ("congress", 201, "congress"),
        ("offset", 1001, "offset"),
        ("bill_id", "h" * 41, "bill_id"),
    ],
)
def test_a_value_out_of_bounds_is_the_same_400_on_every_surface(client, mcp, field, value, tool_argument):
    params = {"q": "tax", field: value}
    rest = _rest_error(client, "/v1/search", params)
    assert rest["code"] == "invalid_parameter" and rest["hint"]["parameter"] == field
    browse = _rest_error(client, "/browse/search", {**params, "format": "json"})
    assert (browse["code"], browse["message"]) == (rest["code"], rest["message"])
    if field not in ("limit", "offset"):  # the explorer pages by ``page``, not limit/offset
        explorer = _rest_error(client, "/search.csv", params)
        assert (explorer["code"], explorer["message"]) == (rest["code"], rest["message"])
        assert client.get("/search", params).status_code == 400
    arguments = {"query": "tax", tool_argument: value}
    for tool in ("search", "lexical_search", "semantic_search"):
        assert tool_argument in _mcp_error(mcp, tool, arguments), tool


def test_the_bounds_are_advertised_alike_on_rest_and_mcp(mcp):
    spec = api.get_openapi_schema(path_prefix="/v1")
    rest = {p["name"]: p["schema"] for p in spec["paths"]["/v1/search"]["get"]["parameters"]}
    tools = _tools(mcp)
    for name in ("search", "lexical_search", "semantic_search"):
        mcp = tools[name].input_schema["properties"]
        assert rest["q"]["maxLength"] == mcp["query"]["maxLength"] == QUERY_MAX_LENGTH
        # MCP writes an optional argument as {type: [T, "null"], ...} (apps.mcp_bridge.outline.nullable_compact)
        assert rest["limit"]["anyOf"][0]["maximum"] == mcp["limit"]["maximum"] == LIMIT_MAX
        assert rest["congress"]["anyOf"][0] == {"maximum": 200, "minimum": 1, "type": "integer"}
        assert {k: v for k, v in mcp["congress"].items() if k != "description"} == {
            "maximum": 200,
            "minimum": 1,
            "type": ["integer", "null"],
        }
        assert rest["bill_id"]["anyOf"][0]["maxLength"] == mcp["bill_id"]["maxLength"] == 40
    assert SearchForm.model_fields["q"].metadata == SearchParams.model_fields["q"].metadata


def test_every_surface_takes_the_search_params_models_fields(mcp):
    """REST's query parameters, each search tool's arguments and the explorer form's fields are the params
    model's: a filter added to SearchParams reaches them all with no other edit."""
    fields = set(SearchParams.model_fields)
    spec = api.get_openapi_schema(path_prefix="/v1")
    rest = {p["name"] for p in spec["paths"]["/v1/search"]["get"]["parameters"]}
    assert rest - {"format", "export"} == fields
    tools = _tools(mcp)
    for name in ("search", "lexical_search", "semantic_search"):
        arguments = set(tools[name].input_schema["properties"])
        assert arguments == (fields - {"mode", "q"}) | {"query"}, name
    assert set(SearchForm.model_fields) == (fields - {"limit", "offset"}) | {"page", "as_"}


def test_every_operation_is_served_on_rest_under_its_declared_schema():
    spec = api.get_openapi_schema(path_prefix="/v1")
    for operation in all_operations():
        route = spec["paths"][f"/v1{operation.path}"]["get"]
        assert route["summary"] == operation.summary, operation.name
        assert "200" in route["responses"], operation.name
    assert get_operation("search_view").response.__name__ == "SearchAnswer"
    search = spec["paths"]["/v1/search"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert search == {"$ref": "#/components/schemas/SearchAnswer"}
    assert "entities" in spec["components"]["schemas"]["SearchAnswer"]["properties"]


def test_a_search_answer_is_rendered_through_its_schema(client, corpus_db):
    """The REST body is the declared schema's dump: exactly its fields, ``degraded`` only when set."""
    params = {"q": "online safety minors", "source": "bills", "mode": "lexical", "limit": 2}
    body = client.get("/v1/search", params).json()
    declared = set(get_operation("search_view").response.model_fields)
    assert set(body) == declared - {"degraded"}
    assert body["results"][0]["id"] == "hr:119:101" and body["mode"] == "lexical"
