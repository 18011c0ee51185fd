"""One structured log line per tool call."""

import json
import logging

from tests.mcp.conftest import rpc


def test_each_tool_call_logs_one_structured_line(live, caplog):
    caplog.set_level(logging.INFO, logger="josh.mcp")
    call = {"name": "fetch", "arguments": {"id": "zz:nope"}}
    rpc(live.url, "tools/call", call, headers={"x-request-id": "req-12345678"})
    rpc(live.url, "tools/call", {"name": "fetch", "arguments": {}})
    rpc(live.url, "tools/list")
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "josh.mcp"]
    assert [(line["tool_name"], line["result_status"]) for line in lines] == [
        ("fetch", "tool_error"),
        ("fetch", "rpc_error:-32602"),
    ]
    first = lines[0]
    assert set(first) == {"event", "tool_name", "request_id", "duration_ms", "result_status", "caller_kind"}
    assert first["request_id"] == "req-12345678"
    assert first["caller_kind"] == "anonymous"
    assert first["duration_ms"] >= 0
