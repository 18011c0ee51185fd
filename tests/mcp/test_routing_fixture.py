"""tests/fixtures/mcp_routing_eval.jsonl: questions × the tool a model should pick, for routing evals."""

import json
from pathlib import Path

from asgiref.sync import async_to_sync
from jsonschema import Draft202012Validator

from apps.mcp_bridge.server import build_server
from tests.mcp.conftest import TEST_ONLY_TOOLS

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "mcp_routing_eval.jsonl"
OPTIONAL_CLASSES = {
    "E",
    "F",
}  # aggregates and dossiers: registered only where apps.core.aggregates / apps.dossiers exist
PENDING_BILL_TOOLS = {
    "get_bill",
    "list_cosponsors",
    "get_bill_text",
}  # registered once apps.bills has selectors


def test_routing_fixture_covers_every_class_and_matches_the_tool_schemas(transactional_db):
    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]
    assert len(rows) >= 60
    assert {r["class"] for r in rows} == {"A", "B", "C", "D", "E", "F", "catalog"}
    tools = {t.name: t for t in async_to_sync(build_server().list_tools)()}
    served = set(tools) - TEST_ONLY_TOOLS
    assert served - {r["expected_tool"] for r in rows} == set(), "every tool needs routing questions"
    for row in rows:
        tool = tools.get(row["expected_tool"])
        if tool is None:
            assert row["class"] in OPTIONAL_CLASSES, f"{row['expected_tool']} is not registered"
            continue
        schema = {**tool.input_schema, "additionalProperties": False}
        errors = [e.message for e in Draft202012Validator(schema).iter_errors(row["arguments"])]
        assert errors == [], (row["question"], errors)


def test_aggregate_rows_use_declared_filters_and_fields():
    """An aggregate question's expected arguments name only what the tools document for its resource, and
    the filters validate against the resource's list params (the keys the count description lists)."""
    from apps.core.aggregates import get_aggregate

    rows = [json.loads(line) for line in FIXTURE.read_text().splitlines() if line.strip()]
    aggregate_rows = [r for r in rows if r["class"] == "E"]
    assert sum(bool(r["arguments"].get("filters")) for r in aggregate_rows) >= 6
    for row in aggregate_rows:
        args = row["arguments"]
        spec = get_aggregate(args["resource"])
        allowed = spec.allowed()
        assert set(args.get("filters", {})) <= set(spec.filter_names()), row["question"]
        spec.params_model(**args.get("filters", {}))
        assert args.get("group_by") in (None, *allowed["group_by"]), row["question"]
        assert args.get("sum_field") in (None, *allowed["sum_field"]), row["question"]
        assert args.get("bucket_by_time") in (None, *allowed["bucket_by_time"]), row["question"]
