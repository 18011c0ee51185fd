"""MCP server middleware: argument normalisation (flat or ``filters``), validation (-32602 naming the field)
and one log line per tool call."""

import json
import logging
import time
from dataclasses import replace
from typing import Any

from jsonschema import Draft202012Validator
from mcp.server.auth.middleware.auth_context import get_access_token
from mcp.shared.exceptions import MCPError
from mcp.types import INVALID_PARAMS

from apps.core.errors import InvalidParameter, clip_message
from apps.core.request_context import new_request_id, reset_request_id, set_request_id
from apps.mcp_bridge.tools.base import error_result, normalize_arguments

logger = logging.getLogger("josh.mcp")


def _request_id(ctx) -> str:
    request = getattr(ctx, "request", None)
    incoming = request.headers.get("x-request-id") if request is not None else None
    return new_request_id(incoming)


def _caller_kind() -> str:
    """``anonymous`` or ``api_key:<key id>`` (the key's row id, never the secret)."""
    token = get_access_token()
    if token is None:
        return "anonymous"
    kind, _, ident = token.client_id.partition(":")
    return f"api_key:{ident}" if kind == "apikey" else token.client_id


def _is_error(result: Any) -> bool:
    if isinstance(result, dict):
        return bool(result.get("isError") or result.get("is_error"))
    return bool(getattr(result, "is_error", False))


def _field(error) -> str:
    if error.validator == "required":
        return str(error.message).split("'")[1] if "'" in error.message else "arguments"
    if error.validator == "additionalProperties":
        return str(error.message).split("'")[1] if "'" in error.message else "arguments"
    return ".".join(str(p) for p in error.absolute_path) or "arguments"


def make_validation_middleware(server):
    """Validate tools/call arguments against the tool's input schema before the SDK sees them."""

    validators: dict[str, Draft202012Validator] = {}

    def validator_for(name: str) -> Draft202012Validator | None:
        if name not in validators:
            tool = server._tool_manager.get_tool(name)
            if tool is None:
                return None
            # Unknown argument names are refused too: a typo should not be silently ignored.
            schema = {"additionalProperties": False, **tool.parameters}
            validators[name] = Draft202012Validator(
                schema, format_checker=Draft202012Validator.FORMAT_CHECKER
            )
        return validators[name]

    async def validate(ctx, call_next):
        if ctx.method != "tools/call" or not isinstance(ctx.params, dict):
            return await call_next(ctx)
        name = ctx.params.get("name")
        arguments = ctx.params.get("arguments") or {}
        if not isinstance(name, str) or not isinstance(arguments, dict):
            return await call_next(ctx)  # the SDK rejects malformed params itself
        validator = validator_for(name)
        if validator is None:
            tools = sorted(t.name for t in server._tool_manager.list_tools())
            raise MCPError(
                INVALID_PARAMS,
                clip_message(f"Unknown tool: {name}"),
                data={"field": "name", "valid_tools": tools},
            )
        try:
            arguments = normalize_arguments(set(validator.schema.get("properties", {})), arguments)
        except InvalidParameter as exc:
            return error_result(exc)
        ctx = replace(ctx, params={**ctx.params, "arguments": arguments})
        error = next(iter(sorted(validator.iter_errors(arguments), key=lambda e: list(e.path))), None)
        if error is not None:
            field = _field(error)
            # jsonschema's message repeats the bad value: clipped as the REST envelope clips it
            message = clip_message(f"{field}: {error.message}")
            raise MCPError(INVALID_PARAMS, message, data={"field": field, "tool": name})
        return await call_next(ctx)

    return validate


async def log_tool_calls(ctx, call_next):
    """One structured line per tools/call: tool_name, request_id, duration_ms, result_status (ok | error),
    caller_kind (anonymous | api_key:<id>); a failure's kind (isError result, JSON-RPC code) is error_kind."""
    if ctx.method != "tools/call":
        return await call_next(ctx)
    request_id = _request_id(ctx)
    token = set_request_id(request_id)
    started = time.perf_counter()
    error_kind = None
    try:
        result = await call_next(ctx)
        error_kind = "tool_error" if _is_error(result) else None
        return result
    except MCPError as exc:
        error_kind = f"rpc_error:{exc.error.code}" if hasattr(exc, "error") else "rpc_error"
        raise
    except Exception:
        error_kind = "exception"
        raise
    finally:
        record = {
            "event": "mcp.tool_call",
            "tool_name": (ctx.params or {}).get("name") if isinstance(ctx.params, dict) else None,
            "request_id": request_id,
            "duration_ms": round((time.perf_counter() - started) * 1000, 2),
            "result_status": "ok" if error_kind is None else "error",
            "caller_kind": _caller_kind(),
        }
        if error_kind is not None:
            record["error_kind"] = error_kind
        logger.info(json.dumps(record), extra=record)
        reset_request_id(token)
