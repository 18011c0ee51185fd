"""tests/fixtures/mcp_routing_eval.jsonl: questions × the tool a model should pick, for routing evals."""

import json
from pathlib import Path

from asgiref.sync import async_to_sync
from jsonschema import Draft202012Validator

from apps.mcp_bridge.server import build_server

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
    assert len(rows) >= 30
    assert {r["class"] for r in rows} == {"A", "B", "C", "D", "E", "F", "catalog"}
    tools = {t.name: t for t in async_to_sync(build_server().list_tools)()}
    assert set(tools) - {r["expected_tool"] for r in rows} == set(), "every tool needs routing questions"
    for row in rows:
        tool = tools.get(row["expected_tool"])
        if tool is None:
            assert row["class"] in OPTIONAL_CLASSES, f"{row['expected_tool']} is not registered"
            continue
        schema = {**tool.input_schema, "additionalProperties": False}
        errors = [e.message for e in Draft202012Validator(schema).iter_errors(row["arguments"])]
        assert errors == [], (row["question"], errors)
