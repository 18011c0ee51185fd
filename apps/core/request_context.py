"""The request id of the call being served, readable from any layer (logs, error bodies, MCP results)."""

import contextvars
import re
import uuid

_request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("josh_request_id", default=None)
_SAFE_ID = re.compile(r"^[A-Za-z0-9._-]{8,64}$")


def new_request_id(incoming: str | None = None) -> str:
    """Reuse a caller's X-Request-Id when it is safe to echo, else mint one."""
    if incoming and _SAFE_ID.match(incoming):
        return incoming
    return uuid.uuid4().hex


def set_request_id(value: str) -> contextvars.Token:
    return _request_id.set(value)


def reset_request_id(token: contextvars.Token) -> None:
    _request_id.reset(token)


def current_request_id() -> str:
    value = _request_id.get()
    if value is None:
        value = uuid.uuid4().hex
        _request_id.set(value)
    return value
