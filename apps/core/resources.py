"""A resource is declared once; every surface is derived from the declaration.

One module per app, ``apps/<app>/resources.py``, builds ``Resource`` objects (the selectors behind
``GET /v1/<name>`` and ``GET /v1/<name>/{id}``, their schemas and params model, the id kind, the aggregate
spec, the sub-routes, the MCP tools) and calls ``register_resource``. Modules named ``resources`` are
autodiscovered when the apps are ready (apps.core.apps), like plans. From the registry:

- REST: the ninja operations (``apps.core.resource_api``), mounted by ``josh/api.py``;
- browse: the DRF list/detail/child pages (``apps.browse.resources``);
- MCP: the typed lookup tools, ``fetch`` routing and ``resolve_entity`` (``apps.mcp_bridge.tools``);
- the id kind (``apps.core.ids``) and the aggregate spec (``apps.core.aggregates``), registered here.

Selectors know nothing of the surfaces; this module imports no web framework (docs/DEVELOPING.md,
"Adding a resource").
"""

import builtins
import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from pydantic import BaseModel

from apps.core.aggregates import AggregateSpec, register_aggregate
from apps.core.discovery import discover, refuse_second
from apps.core.ids import IdKind, register_id_kind
from apps.core.pagination import Page
from apps.core.vocabulary import Congress, Cursor, Limit


@dataclass(frozen=True, kw_only=True)
class Tool:
    """An MCP tool over one operation: ``id`` (typed by ``Resource.id_argument``) plus ``arguments``."""

    name: str
    title: str
    description: str
    # argument name -> annotated type (each defaults to None); they build the operation's params model
    arguments: Mapping[str, Any] = field(default_factory=dict)
    # Over an ``Operation`` (apps.core.operations) the arguments are its params model's fields, less these:
    fixed: Mapping[str, Any] = field(default_factory=dict)  # fields the tool sets (search's ``mode``)
    rename: Mapping[str, str] = field(default_factory=dict)  # field -> argument name (``q`` -> ``query``)
    # argument -> an annotated type replacing the field's (the same bounds, a description for this tool)
    retype: Mapping[str, Any] = field(default_factory=dict)
    enums: Mapping[str, str] = field(default_factory=dict)  # argument -> live source list (MCP tools/list)
    wrap: str = ""  # the result under this key (``{"sources": [...]}``): a tool's result is an object


@dataclass(frozen=True, kw_only=True)
class Child:
    """A record's sub-route ``/v1/<resource>/{id}/<path>``: ``selector(id=..., params=...)``."""

    path: str
    operation: str  # the REST view's name (its operationId ends with it)
    selector: Callable[..., Any]
    response: Any
    summary: str
    params: type[BaseModel] | None = None
    browse_doc: str = ""  # the browse page's description; "" = no browse page
    browse_present: str = ""  # a field of the parent record that must be truthy for the browse link
    tool: Tool | None = None
    # the selector takes the params model's fields one by one (``bill_body(id=, version=)``)
    flatten: bool = False

    def call(self, *, id: str, params: BaseModel | None = None) -> Any:
        """The selector, as every surface calls it."""
        if self.params is None:
            return self.selector(id=id)
        if self.flatten and params is not None:
            return self.selector(id=id, **params.model_dump())
        return self.selector(id=id, params=params)


@dataclass(frozen=True, kw_only=True)
class Resource:
    """One public collection, ``/v1/<name>``."""

    name: str
    app: str  # the declaring app's package (``__package__``): REST tag and operation ids come from it
    singular: str  # ``get_<singular>`` is the detail operation
    plural: str = ""  # ``list_<plural>`` is the list operation (default: the name, ``-`` as ``_``)
    id_kind: IdKind | None = None
    # GET /v1/<name>/{id}: selector(id=) -> out
    get: Callable[..., BaseModel] | None = None
    out: type[BaseModel] | None = None
    get_summary: str = ""
    get_doc: str = ""  # the browse detail page's description
    get_tool: Tool | None = None
    id_argument: Any = str  # the MCP tools' ``id`` type (an ``Annotated[str, Field(...)]``)
    # GET /v1/<name>: selector(params=) -> Page[hit]
    list: Callable[..., BaseModel] | None = None
    hit: type[BaseModel] | None = None
    params: type[BaseModel] | None = None
    list_summary: str = ""
    list_doc: str = ""  # the browse list page's description (its first line is the root page's)
    list_tool: Tool | None = None  # an MCP tool over the list: its arguments build ``params``
    # what ?aggregate= / group_by= may do on the list (``resource`` and ``params_model`` are filled in)
    aggregate: AggregateSpec | None = None
    children: tuple[Child, ...] = ()
    # a registry source's slug: resolve_entity(entity_type=<slug>) ranks names through ``list`` with ``q``
    resolve_source: str = ""

    @property
    def tag(self) -> str:
        return self.app.rsplit(".", 1)[-1]

    @property
    def list_operation(self) -> str:
        return f"list_{self.plural or self.name.replace('-', '_')}"

    @property
    def get_operation(self) -> str:
        return f"get_{self.singular}"

    def tools(
        self,
    ) -> builtins.list[tuple[Tool, Callable[..., Any] | None, type[BaseModel] | None, Any, bool]]:
        """(tool, selector, params model, response, takes an id) for each MCP tool the resource declares."""
        found: builtins.list[tuple[Tool, Callable[..., Any] | None, type[BaseModel] | None, Any, bool]] = []
        # Page[...] of a model chosen at run time: mypy cannot read a type from an attribute.
        found += [(self.list_tool, self.list, self.params, Page[self.hit], False)] if self.list_tool else []  # type: ignore[name-defined]
        found += [(self.get_tool, self.get, None, self.out, True)] if self.get_tool else []
        found += [(c.tool, c.call, c.params, c.response, True) for c in self.children if c.tool]
        return found


_RESOURCES: dict[str, Resource] = {}


def register_resource(resource: Resource) -> Resource:
    """Add ``resource`` and register what other registries derive from it (its id kind, aggregate spec)."""
    refuse_second(_RESOURCES, resource.name, resource, "resource")
    if resource.id_kind is not None:
        if resource.id_kind.resource != resource.name:
            raise RuntimeError(f"id kind '{resource.id_kind.name}' names another resource")
        register_id_kind(resource.id_kind)
    if resource.aggregate is not None:
        spec = dataclasses.replace(resource.aggregate, resource=resource.name, params_model=resource.params)
        resource = dataclasses.replace(resource, aggregate=register_aggregate(spec))
    _RESOURCES[resource.name] = resource
    return resource


def autodiscover() -> None:
    discover("resources")


def all_resources() -> builtins.list[Resource]:
    return list(_RESOURCES.values())


def get_resource(name: str) -> Resource | None:
    return _RESOURCES.get(name)


def as_json(data: Any) -> Any:
    """``data`` as the REST JSON body (a schema dumped and encoded as django-ninja renders it:
    DjangoJSONEncoder, ISO datetimes to the millisecond with ``Z``)."""
    if isinstance(data, BaseModel):
        data = json.loads(json.dumps(data.model_dump(), cls=DjangoJSONEncoder))
    return data


# Arguments the MCP tools of many resources share (``Tool.arguments``): the shared vocabulary's types.
LIMIT, CURSOR, CONGRESS = Limit, Cursor, Congress
