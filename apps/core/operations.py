"""An operation that is not one collection's (search, similar, a dossier, the sources) declared once.

``Resource`` (apps.core.resources) declares a collection; ``Operation`` declares any other read: its path
under ``/v1``, the selector, one params model and the response schema. From the registry, as for resources:

- REST: the ninja view, its parameters read from ``params`` and its answer rendered through ``response``
  (``apps.core.resource_api.operation_router``);
- MCP: a read-only tool per ``Tool`` (``apps.mcp_bridge.tools.operations``), its arguments the params
  model's fields (bounds and descriptions included) less those the tool fixes (``Tool.fixed``);
- browse, when ``browse_doc`` is set; the explorer's search form subclasses the search params model;
- the parity test (tests/browse/test_parity.py) calls every declared operation on every surface with its
  ``example``.

Declarations live in each app's ``resources.py`` beside its resources (autodiscovered together). A path
parameter (``{id}``, ``{slug}``) is passed to the selector by its name and is the tools' first argument.
"""

import builtins
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from apps.core.discovery import refuse_second
from apps.core.resources import Tool
from apps.core.vocabulary import RecordId


@dataclass(frozen=True, kw_only=True)
class Operation:
    name: str  # the REST view's name: operationId ``<app>_api_<name>`` unless ``operation_id`` says otherwise
    app: str  # the declaring app's package (``__package__``)
    path: str  # under /v1, e.g. "/search" or "/bills/{id}/dossier"
    selector: Callable[..., Any]
    response: Any  # the REST response schema (every answer is rendered through it)
    summary: str
    params: type[BaseModel] | None = None
    tag: str = ""  # the OpenAPI tag (default: the app's name)
    operation_id: str = ""
    fixed: Mapping[str, Any] = field(default_factory=dict)  # selector arguments no caller picks (a slug)
    # what REST and browse add to the selector's answer (search's one-box entities): (answer, params) -> out
    answer: Callable[[Any, Any], Any] | None = None
    key_argument: Any = RecordId  # the MCP tools' type for the path parameter
    tools: tuple[Tool, ...] = ()
    browse_doc: str = ""  # the browse page's description; "" = no browse page
    # one request every surface answers alike (the parity test): REST query / tool arguments, path values
    example: Mapping[str, Any] = field(default_factory=dict)
    by_alias: bool = False

    @property
    def key(self) -> str | None:
        """The path parameter's name (``id``, ``slug``), or None."""
        found = re.search(r"{(\w+)}", self.path)
        return found.group(1) if found else None

    @property
    def rest_tag(self) -> str:
        return self.tag or self.app.rsplit(".", 1)[-1]

    def call(self, params: BaseModel | None = None, **path: Any) -> Any:
        """The selector, as every surface calls it: path values, the params model's fields, ``fixed``."""
        arguments = {**path, **(params.model_dump() if params is not None else {}), **self.fixed}
        return self.selector(**arguments)

    def answered(self, params: BaseModel | None = None, **path: Any) -> Any:
        """The REST (and browse) answer: the selector's, with ``answer`` applied."""
        out = self.call(params, **path)
        return self.answer(out, params) if self.answer is not None else out


_OPERATIONS: dict[str, Operation] = {}


def register_operation(operation: Operation) -> Operation:
    refuse_second(_OPERATIONS, operation.name, operation, "operation")
    _OPERATIONS[operation.name] = operation
    return operation


def all_operations() -> builtins.list[Operation]:
    return list(_OPERATIONS.values())


def get_operation(name: str) -> Operation | None:
    return _OPERATIONS.get(name)
