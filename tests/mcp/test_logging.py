"""One structured log line per tool call."""

import json
import logging

from django.core.asgi import get_asgi_application

from apps.access.services import api_key_issue
from apps.mcp_bridge.asgi import build_mcp_asgi
from tests.mcp.conftest import LiveServer, rpc


def test_each_tool_call_logs_one_structured_line(live, caplog):
    caplog.set_level(logging.INFO, logger="josh.mcp")
    call = {"name": "fetch", "arguments": {"id": "zz:nope"}}
    rpc(live.url, "tools/call", call, headers={"x-request-id": "req-12345678"})
    rpc(live.url, "tools/call", {"name": "fetch", "arguments": {}})
    rpc(live.url, "tools/list")
    lines = [json.loads(r.getMessage()) for r in caplog.records if r.name == "josh.mcp"]
    assert [(line["tool_name"], line["result_status"], line["error_kind"]) for line in lines] == [
        ("fetch", "error", "tool_error"),
        ("fetch", "error", "rpc_error:-32602"),
    ]
    first = lines[0]
    fields = {"event", "tool_name", "request_id", "duration_ms", "result_status", "caller_kind"}
    assert set(first) == fields | {"error_kind"}
    assert first["request_id"] == "req-12345678"
    assert first["caller_kind"] == "anonymous"
    assert first["duration_ms"] >= 0


class Lines(logging.Handler):
    def __init__(self):
        super().__init__(logging.INFO)
        self.lines = []

    def emit(self, record):
        self.lines.append(json.loads(record.getMessage()))


def test_a_keyed_call_logs_ok_and_the_key_id(transactional_db, settings):
    """caller_kind names the API key by its row id (never the secret); a good call is result_status ok."""
    settings.JOSH = {**settings.JOSH, "AUTH": "apikey"}
    key, raw = api_key_issue(name="agent")
    with LiveServer(build_mcp_asgi(get_asgi_application())) as server:
        # a handler on the logger itself: caplog's root handler did not receive this record in apikey mode
        logger, handler = logging.getLogger("josh.mcp"), Lines()
        logger.addHandler(handler)
        try:
            response = rpc(server.url, "tools/call", {"name": "list_sources", "arguments": {}},
                           headers={"authorization": f"Bearer {raw}"})  # fmt: skip
        finally:
            logger.removeHandler(handler)
    assert response.status_code == 200 and response.json()["result"]["isError"] is False
    (line,) = handler.lines
    assert (line["tool_name"], line["result_status"], line["caller_kind"]) == (
        "list_sources", "ok", f"api_key:{key.pk}"
    )  # fmt: skip
    assert "error_kind" not in line and raw not in json.dumps(line)
