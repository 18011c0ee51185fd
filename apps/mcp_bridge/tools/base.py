"""What every Josh tool shares: read-only annotations, the service call, and the error mapping.

A tool is parse → call → return. The service runs on the process's DB thread pool (apps.core.threads) with
stale connections closed around it (Django's request signals never fire for /mcp). A ``JoshError`` becomes
a tool result with ``isError: true`` whose text is the REST error envelope (same code, message, request_id)
and whose ``_meta`` carries the same fields, so a model can self-correct.
"""

import functools
import json
import logging
from collections.abc import Callable
from typing import Any

from django.db import close_old_connections
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel

from apps.core.db.timelimit import public_queries
from apps.core.errors import InvalidParameter, JoshError, error_body, server_error_body
from apps.core.resources import as_json
from apps.core.threads import run_in_db_thread
from apps.mcp_bridge.outline import nullable_compact, outline, without_titles

logger = logging.getLogger("josh.mcp.tools")

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)

# Where a model should go when a code comes back (added to the error's hint as ``use_tool``).
NEXT_TOOL = {
    "source_not_searchable": "resolve_entity",
    "unrecognized_id_format": "search",
    "record_not_found": "search",
    "source_not_searchable_semantically": "lexical_search",
}


def _run(fn: Callable[..., Any], kwargs: dict[str, Any]) -> Any:
    close_old_connections()
    try:
        with public_queries():  # the same per-statement time limit as REST requests
            return fn(**kwargs)
    finally:
        close_old_connections()


async def call(fn: Callable[..., Any], /, **kwargs: Any) -> Any:
    """Run a sync service/selector on the DB thread pool."""
    return await run_in_db_thread(_run)(fn, kwargs)


def normalize_arguments(declared: set[str], arguments: dict[str, Any]) -> dict[str, Any]:
    """One calling convention for every tool: narrowing arguments may come flat (``congress=119``) or in one
    ``filters`` object (``filters={"congress": 119}``), whichever the tool declares. A tool declaring
    ``filters`` (count, resolve_entity) gets undeclared flat keys folded into it; any other tool gets the
    object's keys spread flat. The same key given both ways with different values is refused, naming it."""
    if "filters" in declared:
        flat = {k: v for k, v in arguments.items() if k not in declared}
        if not flat:
            return arguments
        given = arguments.get("filters") or {}
        if not isinstance(given, dict):
            return arguments  # the schema check names the wrong type
        kept = {k: v for k, v in arguments.items() if k in declared}
        return {**kept, "filters": _merged(flat=flat, nested=given)}
    given = arguments.get("filters")
    if not isinstance(given, dict):
        return arguments
    rest = {k: v for k, v in arguments.items() if k != "filters"}
    return _merged(flat=rest, nested=given)


def _merged(*, flat: dict[str, Any], nested: dict[str, Any]) -> dict[str, Any]:
    clash = sorted(k for k in flat.keys() & nested.keys() if flat[k] != nested[k])
    if clash:
        key = clash[0]
        raise InvalidParameter(
            key,
            f"'{key}' is given twice with different values: {flat[key]!r} as an argument, {nested[key]!r} "
            "in filters; pass it once.",
            conflicting=clash,
        )
    return {**flat, **nested}


def error_result(exc: JoshError | None) -> CallToolResult:
    """The isError result for ``exc`` (None: an unexpected failure, logged, reported as internal_error)."""
    body = error_body(exc) if exc is not None else server_error_body()
    error = body["error"]
    hint = dict(error.get("hint") or {})
    if exc is not None and exc.code in NEXT_TOOL and "use_tool" not in hint:
        hint["use_tool"] = NEXT_TOOL[exc.code]
        error["hint"] = hint
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(body))],
        is_error=True,
        meta={
            "code": error["code"],
            "message": error["message"],
            "request_id": error["request_id"],
            "hint": hint,
        },
    )


def structured(data: dict[str, Any] | BaseModel) -> CallToolResult:
    """A result whose structuredContent is exactly the REST JSON body for ``data``: a schema is dumped and
    encoded as django-ninja renders it (DjangoJSONEncoder: ISO datetimes to the millisecond, ``Z``)."""
    data = as_json(data)
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(data))], structured_content=data)


def josh_tool(fn):
    """Decorator for async tool adapters: JoshError → an isError result carrying the REST envelope."""

    @functools.wraps(fn)
    async def wrapper(*args, **kwargs):
        try:
            return await fn(*args, **kwargs)
        except JoshError as exc:
            return error_result(exc)
        except Exception:
            logger.exception("tool %s failed", fn.__name__)
            return error_result(None)

    return wrapper


def register(
    server, fn, *, name: str, title: str, description: str, enums: dict[str, str] | None = None
) -> None:
    """Add ``fn`` as a read-only tool. ``enums`` maps an argument to a live source list
    (search | lexical | semantic | resolvable) that tools/list fills in (apps.mcp_bridge.server)."""
    server.add_tool(josh_tool(fn), name=name, title=title, description=description, annotations=READ_ONLY)
    # tools/list advertises an outline of the output schema (results are still checked against the full
    # model) and the input schema without generated titles or null branches: a lean catalog (tests/mcp/test_one_call.py)
    tool = server._tool_manager.get_tool(name)
    tool.fn_metadata.output_schema = outline(tool.fn_metadata.output_schema)
    tool.parameters = nullable_compact(without_titles(tool.parameters))
    if enums:
        server.live_enums[name] = enums
