"""Class A: typed lookups by id — the same selectors as GET /v1/legislators/{id}, /v1/committees/{id}, ...

Every tool here is built from a resource declaration (``Resource.list_tool``, ``get_tool`` and its children's
``tool``, apps.core.resources). They read plain tables only (never FTS or vectors; tests/mcp/test_lookups.py
asserts it from the SQL).
"""

import inspect
from typing import Any

from pydantic import BaseModel

from apps.core.resources import Tool, all_resources
from apps.mcp_bridge.tools.base import call, register, structured


def _tool(id_argument: Any, tool: Tool, selector, params: type[BaseModel] | None, response: Any):
    """``async ([id,] **arguments) -> response``: the arguments build ``params`` (or pass through without
    it). ``id_argument`` is the type of ``id``; None for a list tool, which takes no id."""

    async def run(**arguments):
        ids = {"id": arguments.pop("id")} if id_argument is not None else {}
        if params is not None:
            arguments = {"params": params(**arguments)}
        return structured(await call(selector, **ids, **arguments))

    keyword = inspect.Parameter.POSITIONAL_OR_KEYWORD
    signature = [inspect.Parameter("id", keyword, annotation=id_argument)] if id_argument is not None else []
    signature += [
        inspect.Parameter(n, keyword, default=None, annotation=t) for n, t in tool.arguments.items()
    ]
    run.__signature__ = inspect.Signature(signature, return_annotation=response)
    run.__name__ = run.__qualname__ = tool.name
    return run


def _declared(server) -> list[str]:
    """The tools every declared resource names (apps.core.resources): list, get, then its children's."""
    names = []
    for resource in all_resources():
        for tool, selector, params, response, takes_id in resource.tools():
            fn = _tool(resource.id_argument if takes_id else None, tool, selector, params, response)
            register(server, fn, name=tool.name, title=tool.title, description=tool.description)
            names.append(tool.name)
    return names


def install(server) -> list[str]:
    return _declared(server)
