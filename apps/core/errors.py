"""The one error envelope.

Every surface (ninja REST, DRF browsable API, MCP tools, management commands) reports a failure as a
``JoshError``; ``error_body`` is the only function that turns one into the public envelope::

    {"error": {"type": "...", "code": "...", "message": "...", "request_id": "...", "hint": {...}}}

Messages say how to recover. Codes are stable API: clients branch on them.
"""

import re
from typing import Any

from apps.core.request_context import current_request_id

ECHO_LIMIT = 200  # longest bad value an error repeats back (a 1 MB query must not give a 1 MB error)
MESSAGE_LIMIT = 1000
_LONG_RUN = re.compile(rf"\S{{{ECHO_LIMIT + 1},}}")


class JoshError(Exception):
    """Base class: a failure that a client can understand and recover from."""

    status = 400
    type = "invalid_request"
    code = "invalid_request"

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        hint: dict[str, Any] | None = None,
        status: int | None = None,
    ):
        super().__init__(message)
        self.message = message
        if code:
            self.code = code
        if status:
            self.status = status
        self.hint = hint or {}


class InvalidParameter(JoshError):
    """A request parameter is malformed or out of range; the hint names it."""

    code = "invalid_parameter"

    def __init__(self, parameter: str, message: str, **hint: Any):
        super().__init__(message, hint={"parameter": parameter, **hint})
        self.parameter = parameter


class InvalidQuery(JoshError):
    """The query text cannot be run as given (empty, unsupported syntax)."""

    code = "invalid_query"


class UnrecognizedIdFormat(JoshError):
    """An id whose prefix or shape matches no record type; the hint lists the valid prefixes."""

    code = "unrecognized_id_format"


class NotFound(JoshError):
    """The id is well formed but no such record has been ingested."""

    status = 404
    type = "not_found"
    code = "record_not_found"


class SourceNotSearchable(JoshError):
    """The source exists but cannot be searched this way; the hint says where to go instead."""

    code = "source_not_searchable"


class Unauthorized(JoshError):
    """No valid credentials were sent."""

    status = 401
    type = "authentication_error"
    code = "unauthorized"


class RateLimited(JoshError):
    """The caller exceeded its request budget; retry after ``hint.retry_after`` seconds."""

    status = 429
    type = "rate_limit_error"
    code = "rate_limited"


class QueryTimeout(JoshError):
    """The query ran past the time limit; narrow it (fewer terms, a filter, a smaller limit).

    ``hint.suggest_narrowing`` lists the parameters that narrow it, under the same key as an aggregate's
    too-broad refusal, so a caller reads one key for both (docs/MCP.md, "Errors")."""

    status = 503
    type = "server_busy"
    code = "query_timeout"
    NARROWING = ("since", "until", "congress", "source", "limit")

    def __init__(self, message: str, *, suggest_narrowing=None, hint: dict[str, Any] | None = None, **kw):
        narrowing = list(suggest_narrowing or self.NARROWING)
        super().__init__(message, hint={"suggest_narrowing": narrowing, **(hint or {})}, **kw)


class SourceFormatError(Exception):
    """A source file that cannot be parsed; names the file and, where known, the record and its field."""

    def __init__(self, path: object, message: str, *, record: str | None = None, field: str = ""):
        self.path = str(path)  # a file name, a pathlib.Path or a zip member (zipfile.Path)
        self.record = record
        self.field = field
        self.message = message
        where = f"{self.path} [record {record}]" if record else self.path
        super().__init__(f"{where}: {message}")


def clip(text: str, limit: int = ECHO_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis marking the cut."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_message(message: str) -> str:
    """A message with every over-long unbroken run (an echoed value) clipped, then capped as a whole; the
    advice around an echoed value survives."""
    return clip(_LONG_RUN.sub(lambda m: clip(m.group()), message), MESSAGE_LIMIT)


def _clip_hint(value: Any) -> Any:
    if isinstance(value, str):
        return clip(value)
    if isinstance(value, dict):
        return {k: _clip_hint(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_clip_hint(v) for v in value]
    return value


def error_body(exc: JoshError, *, request_id: str | None = None) -> dict[str, Any]:
    """Build the public error envelope for ``exc`` (the only place it is built). Echoed values are clipped
    (``clip``) so a huge bad input never comes back whole; MCP's -32602 messages use the same rule."""
    body: dict[str, Any] = {
        "type": exc.type,
        "code": exc.code,
        "message": clip_message(exc.message),
        "request_id": request_id or current_request_id(),
    }
    if exc.hint:
        body["hint"] = _clip_hint(exc.hint)
    return {"error": body}


def server_error_body(*, request_id: str | None = None) -> dict[str, Any]:
    """The envelope for an unexpected failure; details go to the log, never to the client."""
    exc = JoshError(
        "Josh hit an unexpected error; it has been logged. Retry, or report the request_id.",
        code="internal_error",
        status=500,
    )
    exc.type = "server_error"
    return error_body(exc, request_id=request_id)
