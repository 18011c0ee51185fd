"""The MCP tools of every declared operation (apps.core.operations): search, the dossiers, list_sources.

A tool's arguments are the operation's params model fields (their bounds and descriptions come with them),
less those the tool fixes (``Tool.fixed``), renamed (``Tool.rename``: search's ``q`` is ``query``) and
retyped where a tool describes one its own way (``Tool.retype``); the path parameter (``id``) comes first.
A presenter registered here for an operation turns the selector's answer into the tool's (search hits gain
their ``url``); otherwise the tool's structuredContent is the REST body.
"""

import inspect
from collections.abc import Callable
from typing import Annotated, Any

from pydantic import Field, create_model

from apps.core.operations import Operation, all_operations
from apps.core.resources import Tool, as_json
from apps.mcp_bridge.tools.base import call, register, structured
from apps.mcp_bridge.tools.search import McpSearchPage, with_urls

# operation name -> (the tool's response model, (answer, params) -> body)
PRESENTERS: dict[str, tuple[Any, Callable[..., Any]]] = {"search_view": (McpSearchPage, with_urls)}


def _arguments(operation: Operation, tool: Tool) -> list[inspect.Parameter]:
    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    found = []
    if operation.key is not None:
        found.append(inspect.Parameter(operation.key, keyword, annotation=operation.key_argument))
    fields = operation.params.model_fields if operation.params is not None else {}
    required, optional = [], []
    for name, info in fields.items():
        if name in tool.fixed:
            continue
        argument = tool.rename.get(name, name)
        annotation = tool.retype.get(argument) or Annotated[info.annotation, info]
        default = inspect.Parameter.empty if info.is_required() else info.default
        parameter = inspect.Parameter(argument, keyword, default=default, annotation=annotation)
        (required if info.is_required() else optional).append(parameter)
    return found + required + optional


def _response(operation: Operation, tool: Tool) -> Any:
    response = PRESENTERS.get(operation.name, (operation.response, None))[0]
    if not tool.wrap:
        return response
    field = (response, Field(description=f"As GET /v1{operation.path} returns it."))
    return create_model(tool.wrap.capitalize().rstrip("s") + "List", **{tool.wrap: field})


def _tool(operation: Operation, tool: Tool) -> Callable:
    present = PRESENTERS.get(operation.name, (None, None))[1]
    names = {argument: field for field, argument in tool.rename.items()}

    async def run(**arguments):
        path = {operation.key: arguments.pop(operation.key)} if operation.key is not None else {}
        fields = {names.get(k, k): v for k, v in arguments.items()}
        params = operation.params(**fields, **tool.fixed) if operation.params is not None else None
        answer = await call(operation.call, params=params, **path)
        body = (
            await call(present, page=answer, params=params) if present is not None else answer
        )  # reads the db
        if tool.wrap:  # a tool's result is an object: the list under its key
            body = {tool.wrap: [as_json(x) for x in body] if isinstance(body, list) else as_json(body)}
        return structured(body)

    run.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        _arguments(operation, tool), return_annotation=_response(operation, tool)
    )
    run.__name__ = run.__qualname__ = tool.name
    return run


def install(server) -> list[str]:
    names = []
    for operation in all_operations():
        for tool in operation.tools:
            register(server, _tool(operation, tool), name=tool.name, title=tool.title,
                     description=tool.description, enums=dict(tool.enums) or None)  # fmt: skip
            names.append(tool.name)
    return names
