"""A resource declared in one module (tests/fixture_app/resources.py, a test-only app) is served on every
surface with no other edit: REST routes and OpenAPI, browse pages, MCP tools/list and calls, and fetch."""

import datetime
import json

import pytest
from asgiref.sync import async_to_sync

from apps.core.aggregates import get_aggregate
from apps.core.resources import get_resource
from apps.mcp_bridge.server import build_server
from josh.api import api
from tests.fixture_app.models import Notice

pytestmark = pytest.mark.django_db

FAA = "Federal Aviation Administration"


@pytest.fixture
def notices():
    rows = [
        ("notice:1", "Airworthiness directives for transport aircraft", FAA, datetime.date(2025, 3, 4)),
        ("notice:2", "Public meeting on pipeline safety", "PHMSA", datetime.date(2025, 1, 15)),
        ("notice:3", "Airworthiness directives for helicopters", FAA, datetime.date(2024, 11, 2)),
    ]
    for notice_id, title, agency, day in rows:
        Notice.objects.create(
            notice_id=notice_id, title=title, agency=agency, published_on=day, text=f"Full text: {title}."
        )


def test_rest_serves_the_list_the_record_and_strict_params(client, notices):
    page = client.get("/v1/notices", {"q": "airworthiness", "limit": 1}).json()
    assert page["results"] == [
        {"id": "notice:1", "title": "Airworthiness directives for transport aircraft", "agency": FAA,
         "published_on": "2025-03-04"},
    ]  # fmt: skip
    assert page["pagination"]["total"] == 2 and page["pagination"]["next_cursor"]
    record = client.get("/v1/notices/NOTICE:03").json()  # any spelling the id kind accepts
    assert (record["id"], record["text"]) == (
        "notice:3",
        "Full text: Airworthiness directives for helicopters.",
    )
    assert client.get("/v1/notices/notice:9").json()["error"]["code"] == "record_not_found"
    assert client.get("/v1/notices/x:1").json()["error"]["code"] == "unrecognized_id_format"
    typo = client.get("/v1/notices", {"agncy": FAA})
    assert typo.status_code == 400 and typo.json()["error"]["hint"]["did_you_mean"] == "agency"
    counts = client.get("/v1/notices", {"group_by": "agency"}).json()["groups"]
    assert [(g["key"], g["count"]) for g in counts] == [(FAA, 2), ("PHMSA", 1)]
    assert get_aggregate("notices").params_model is get_resource("notices").params


def test_openapi_documents_the_generated_operations():
    spec = api.get_openapi_schema(path_prefix="/v1")
    listed, detail = spec["paths"]["/v1/notices"]["get"], spec["paths"]["/v1/notices/{id}"]["get"]
    assert (listed["operationId"], detail["operationId"]) == (
        "tests_fixture_app_api_list_notices",
        "tests_fixture_app_api_get_notice",
    )
    assert listed["tags"] == ["fixture_app"] and listed["summary"] == "Notices by title words, agency, date"
    params = {p["name"]: p for p in listed["parameters"]}
    assert {"q", "agency", "since", "limit", "cursor", "group_by", "bucket_by_time"} <= set(params)
    assert params["agency"]["x-example"] == FAA  # apps.core.openapi fills examples for generated routes too
    assert {"200", "400", "404"} <= set(detail["responses"])
    assert detail["parameters"][0]["example"] == "notice:1"  # the id kind's example


def test_browse_lists_links_and_shows_the_record(client, notices):
    page = client.get("/browse/notices", {"format": "json", "agency": FAA}).json()
    assert [r["_links"]["self"] for r in page["results"]] == [
        "http://testserver/browse/notices/notice:1",
        "http://testserver/browse/notices/notice:3",
    ]
    record = client.get("/browse/notices/notice:1", {"format": "json"}).json()
    assert record["_links"]["rest"] == "http://testserver/v1/notices/notice:1"
    root = client.get("/browse/", {"format": "json"}).json()
    row = next(r for r in root["resources"] if r["resource"] == "notices")
    assert row["description"] == "Notices by title words, agency and date."
    assert row["example"] == "http://testserver/browse/notices/notice:1"


def test_mcp_lists_and_calls_the_declared_tools(client, notices):
    server = build_server()
    tools = {t.name: t for t in async_to_sync(server.list_tools)()}
    assert tools["get_notice"].input_schema["required"] == ["id"]
    assert set(tools["list_notices"].input_schema["properties"]) == {"q", "limit", "cursor"}
    assert tools["get_notice"].annotations.read_only_hint is True
    result = async_to_sync(server.call_tool)("get_notice", {"id": "notice:2"})
    assert result.structured_content == client.get("/v1/notices/notice:2").json()
    result = async_to_sync(server.call_tool)("list_notices", {"q": "helicopters"})
    assert [r["id"] for r in result.structured_content["results"]] == ["notice:3"]
    missing = async_to_sync(server.call_tool)("get_notice", {"id": "notice:9"})
    assert missing.is_error and json.loads(missing.content[0].text)["error"]["code"] == "record_not_found"


def test_fetch_routes_the_id_to_the_declared_selector(notices):
    server = build_server()
    document = async_to_sync(server.call_tool)("fetch", {"id": "Notice:1"}).structured_content
    assert (document["id"], document["title"]) == (
        "notice:1",
        "Airworthiness directives for transport aircraft",
    )
    assert document["metadata"]["resource"] == "notices" and document["metadata"]["kind"] == "notice"
    assert document["text"] == "Full text: Airworthiness directives for transport aircraft."  # its body
    assert document["url"].endswith("/v1/notices/notice:1")
    fetch = next(t for t in async_to_sync(server.list_tools)() if t.name == "fetch")
    assert "notice:1 (notice)" in fetch.description  # the id kind the declaration registered
