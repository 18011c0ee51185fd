"""Domain errors come back as isError results carrying the REST envelope's code, message and request_id."""

import json

from apps.core.ids import valid_prefixes
from tests.mcp.conftest import rpc


def test_unknown_id_prefix_is_unrecognized_id_format_with_valid_prefixes(live):
    response = rpc(
        live.url,
        "tools/call",
        {"name": "fetch", "arguments": {"id": "zz:nope"}},
        headers={"x-request-id": "abcdefgh1234"},
    )
    result = response.json()["result"]
    assert result["isError"] is True
    body = json.loads(result["content"][0]["text"])
    assert body["error"]["code"] == "unrecognized_id_format"
    assert body["error"]["request_id"] == "abcdefgh1234"
    assert body["error"]["hint"]["valid_prefixes"] == valid_prefixes()
    meta = result["_meta"]
    assert meta["code"] == "unrecognized_id_format"
    assert meta["request_id"] == "abcdefgh1234"
    assert meta["hint"]["valid_prefixes"] == valid_prefixes()
    assert meta["message"] == body["error"]["message"]
    assert "structuredContent" not in result
