"""A -32602 never echoes a huge bad value back: the same clip as the REST envelope (apps.core.errors)."""

import pytest

from apps.core.errors import ECHO_LIMIT
from tests.mcp.conftest import rpc

pytestmark = pytest.mark.anyio


def test_a_huge_bad_argument_is_clipped_in_the_error(live):
    call = {"name": "fetch", "arguments": {"id": "x" * 100_000}}
    response = rpc(live.url, "tools/call", call)
    error = response.json()["error"]
    assert error["code"] == -32602
    assert error["data"] == {"field": "id", "tool": "fetch"}
    assert error["message"].startswith("id: 'xxx")
    assert "x" * ECHO_LIMIT not in error["message"]
    assert "…" in error["message"] and "is too long" in error["message"]
    assert len(response.content) < 2000
