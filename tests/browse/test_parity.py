"""Parity, three ways: for the same request, the REST JSON body == the browse JSON without ``_links`` ==
the MCP ``structuredContent`` of the tool behind it (one selector behind all three surfaces).

Every declared resource (apps.core.resources) is checked on every operation it declares (list, record,
each child route), and every declared operation (apps.core.operations: search, similar, the dossiers, the
sources) with its example, on each surface that serves it. No route is listed by hand.
"""

import datetime
import json
import re
from dataclasses import dataclass, field

import pytest
from asgiref.sync import async_to_sync

from apps.browse.links import strip_links
from apps.core.operations import Operation, all_operations
from apps.core.plans import all_plans
from apps.core.resources import Resource, all_resources, get_resource
from apps.mcp_bridge.server import build_server
from tests.fixture_app.models import Notice

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Case:
    path: str  # under /v1 and /browse
    params: dict = field(default_factory=dict)
    browse: bool = True  # the browsable API serves it
    tool: str | None = None  # the MCP tool behind it
    arguments: dict = field(default_factory=dict)
    unwrap: str | None = None  # the key of structuredContent holding the REST body

    def __str__(self):
        return f"{self.tool or '-'}:{self.path}"


# The fields a record is known by, for name resolution: the first the record has filled in.
LABELS = ("name", "title", "registrant_name", "client_name")


def declared_cases(resource: Resource, record: dict) -> list[Case]:
    """Every operation ``resource`` declares, on the surfaces it declares, for ``record`` (the list's first:
    its id for the record routes, its name for name resolution)."""
    list_tool = resource.list_tool.name if resource.list_tool else None
    cases = []
    if resource.list is not None:
        cases.append(
            Case(f"/{resource.name}", {"limit": "3"}, bool(resource.list_doc), list_tool, {"limit": 3})
        )
    label = next((record[k] for k in LABELS if record.get(k)), None)
    if resource.resolve_source and label:
        arguments = {"query": label, "entity_type": resource.resolve_source}
        cases.append(Case(f"/{resource.name}", {"q": label}, bool(resource.list_doc), "resolve_entity",
                          arguments))  # fmt: skip
    record_id = record.get("id") if resource.get else None
    if record_id is None:
        return cases
    get_tool = resource.get_tool.name if resource.get_tool else None
    cases.append(
        Case(f"/{resource.name}/{record_id}", {}, bool(resource.get_doc), get_tool, {"id": record_id})
    )
    for child in resource.children:
        tool = child.tool.name if child.tool else None
        cases.append(Case(f"/{resource.name}/{record_id}/{child.path}", {}, bool(child.browse_doc), tool,
                          {"id": record_id}))  # fmt: skip
    return cases


def operation_cases(operation: Operation, path_value: str | None = None) -> list[Case]:
    """``operation``'s example on REST and browse (when it has a browse page), and on each of its tools (the
    tool's fixed fields are REST parameters; its renamed arguments carry the example's values)."""
    example = dict(operation.example)
    key = operation.key
    path = operation.path
    if key is not None:
        value = example.pop(key, None) or path_value
        if value is None:
            return []
        path = path.replace(f"{{{key}}}", value)
    query = {k: str(v) for k, v in example.items()}
    cases = [Case(path, query, bool(operation.browse_doc))]
    for tool in operation.tools:
        arguments = {tool.rename.get(k, k): v for k, v in example.items() if k not in tool.fixed}
        if key is not None:
            arguments[key] = value
        params = {**query, **{k: str(v) for k, v in tool.fixed.items()}}
        cases.append(Case(path, params, False, tool.name, arguments, unwrap=tool.wrap or None))
    return cases


def _first_id(client, operation: Operation) -> str | None:
    """The first record of the collection an operation's path hangs from (``/bills/{id}/dossier``: a bill)."""
    if operation.key is None or operation.key in operation.example:
        return None
    collection = operation.path.split("/")[1]
    results = client.get(f"/v1/{collection}", {"limit": 1}).json().get("results") or [{}]
    return results[0].get("id")


@pytest.fixture
def notices():
    """The fixture app's resource holds no sample: two rows of its own."""
    for number, agency in ((1, "FAA"), (2, "PHMSA")):
        Notice.objects.create(
            notice_id=f"notice:{number}", title=f"Notice {number}", agency=agency,
            published_on=datetime.date(2025, 1, number), text=f"Text {number}.",
        )  # fmt: skip


@pytest.fixture(scope="module")
def server():
    return build_server()


def _millis(payload) -> str:
    """ninja's encoder writes datetimes to the millisecond, pydantic's model_dump to the microsecond."""
    return re.sub(r"(T\d\d:\d\d:\d\d\.\d{3})\d*", r"\1", json.dumps(payload, sort_keys=True))


VOLATILE = ("took_ms", "query_cost", "entity_type", "entities")


def _volatile(body):
    """Timings differ per call; MCP search hits add ``url`` (ChatGPT's contract) where REST hits lack it;
    resolve_entity names the entity_type it searched; REST and browse search answers add the one-box
    ``entities`` (apps.search.entities), which the MCP search tools leave to resolve_entity."""
    if isinstance(body, dict):
        body = {k: v for k, v in body.items() if k not in VOLATILE}
        if "took_ms" in body or isinstance(body.get("results"), list):
            body["results"] = [{k: v for k, v in hit.items() if k != "url"} for hit in body["results"]]
    return body


def assert_parity(client, server, case: Case) -> None:
    response = client.get(f"/v1{case.path}", case.params)
    if response.status_code == 404 and case.path.count("/") > 2:
        return assert_refusal_parity(client, server, case, response)  # a child the record does not have
    assert response.status_code == 200, (str(case), response.content[:300])
    rest = _millis(_volatile(response.json()))
    if case.browse:
        browse = client.get(f"/browse{case.path}", {**case.params, "format": "json"}).json()
        assert _millis(_volatile(strip_links(browse))) == rest, f"browse {case}"
    if case.tool:
        result = async_to_sync(server.call_tool)(case.tool, case.arguments)
        assert not result.is_error, (str(case), result.content[0].text[:300])
        mcp = result.structured_content[case.unwrap] if case.unwrap else result.structured_content
        assert _millis(_volatile(mcp)) == rest, f"mcp {case}"


def assert_refusal_parity(client, server, case: Case, response) -> None:
    """The same 404 on every surface: the REST error's code on browse, and an MCP tool error naming it."""
    code = response.json()["error"]["code"]
    if case.browse:
        browse = client.get(f"/browse{case.path}", {**case.params, "format": "json"})
        assert browse.status_code == 404 and browse.json()["error"]["code"] == code, f"browse {case}"
    if case.tool:
        result = async_to_sync(server.call_tool)(case.tool, case.arguments)
        assert result.is_error and code in result.content[0].text, f"mcp {case}"


# Sources whose plan bundles no sample: only their (empty) lists can be compared here; tests/core/
# test_resources.py covers a declared resource's record routes on every surface with rows of its own.
NO_SAMPLE = {p.resource for p in all_plans() if not p.has_sample}


@pytest.mark.parametrize("name", [r.name for r in all_resources()])
def test_every_declared_resource_is_the_same_on_rest_browse_and_mcp(client, server, notices, name):
    resource = get_resource(name)
    # a record route only: tests/core/test_searchable_source.py calls it with rows of its own
    if resource.list is None:
        assert name in NO_SAMPLE, f"{name}: no list and no sample, so its record route goes unchecked"
        return
    results = client.get(f"/v1/{name}", {"limit": 1}).json()["results"]
    if not results:
        assert name in NO_SAMPLE, f"{name}: the sample holds no record, so its record routes go unchecked"
        return assert_parity(client, server, declared_cases(resource, {})[0])
    for case in declared_cases(resource, results[0]):
        assert_parity(client, server, case)


def test_the_declared_cases_cover_every_surface(client):
    cases = [c for r in all_resources() for c in declared_cases(r, {"id": "x", "name": "y"})]
    tools = {c.tool for c in cases if c.tool}
    assert tools >= {"get_legislator", "list_member_votes", "get_committee", "list_committee_members",
                     "get_vote", "resolve_entity", "list_notices", "get_notice"}  # fmt: skip
    assert {c.path for c in cases if c.browse} >= {"/legislators", "/votes/x", "/committees/x/members"}


@pytest.mark.parametrize("name", [o.name for o in all_operations()])
def test_every_declared_operation_is_the_same_on_rest_browse_and_mcp(client, server, name):
    operation = next(o for o in all_operations() if o.name == name)
    cases = operation_cases(operation, _first_id(client, operation))
    if not cases:  # a similar route over a source whose plan bundles no sample
        assert operation.path.split("/")[1] in NO_SAMPLE, f"{name}: nothing to call it with"
    for case in cases:
        assert_parity(client, server, case)


def test_every_tool_is_checked_from_a_declaration(server):
    """The MCP tools no declaration names are the ones over no single route (fetch and the aggregates);
    every other tool is compared with its REST route above."""
    declared = {c.tool for r in all_resources() for c in declared_cases(r, {"id": "x", "name": "y"})}
    declared |= {t.name for o in all_operations() for t in o.tools}
    served = {t.name for t in async_to_sync(server.list_tools)()}
    assert served - declared == {"fetch", "count", "sum", "time_series"}
    assert {"search", "lexical_search", "semantic_search", "get_bill_dossier", "list_sources"} <= declared
