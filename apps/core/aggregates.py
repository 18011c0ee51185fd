"""Aggregates over list resources are declared, not checked ad hoc.

A list resource declares one ``AggregateSpec`` on its ``Resource`` (apps.core.resources), or an app registers
it in ``apps/<app>/aggregates.py`` (autodiscovered on first use): which public field names may be grouped
(``group_by``), summed (``sum_field``) and bucketed by time (``bucket_by_time``), each mapped to an ORM path,
plus the function that applies the list's own filters. The REST list handlers, the MCP tools and their
descriptions all read this registry; ``apps.core.aggregate_query`` runs a request against it under a row
budget and a time limit (``aggregate_or_list`` is what a list handler calls).
"""

import json
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

from pydantic import BaseModel, Field

from apps.core.discovery import discover, refuse_second
from apps.core.errors import JoshError, QueryTimeout

TimeInterval = Literal["day", "week", "month", "quarter", "year"]


@dataclass(frozen=True, kw_only=True)
class AggregateSpec:
    """What may be aggregated on one list resource (``/v1/<resource>``). A spec declared on a
    ``Resource`` (apps.core.resources) leaves ``resource`` and ``params_model`` to the declaration."""

    queryset: Callable[..., Any]  # queryset(params=...) -> the filtered queryset the list would page through
    group_fields: Mapping[str, str]  # public name -> ORM path
    resource: str = ""
    params_model: type[BaseModel] | None = None  # the list's params model (its filters narrow aggregates too)
    sum_fields: Mapping[str, str] = field(default_factory=dict)
    time_fields: Mapping[str, str] = field(default_factory=dict)
    # group fields reached through a to-many join: a record counts once under each of its values
    multi_valued: frozenset[str] = frozenset()
    # list params that cannot narrow an aggregate (e.g. ranked name search ``q``)
    unsupported_params: tuple[str, ...] = ()
    # a real value per filter / group field (from the sample corpus), shown to agents in the MCP tools
    examples: Mapping[str, str | int | bool] = field(default_factory=dict)
    description: str = ""

    @property
    def param_fields(self) -> dict[str, Any]:
        """The list params model's fields (none before a ``Resource`` fills ``params_model`` in)."""
        return self.params_model.model_fields if self.params_model is not None else {}

    def filter_names(self) -> list[str]:
        """The list filters that narrow an aggregate (paging and ranked-search params excluded)."""
        skip = {"limit", "cursor", *self.unsupported_params}
        return [name for name in self.param_fields if name not in skip]

    def allowed(self) -> dict[str, list[str]]:
        return {
            "group_by": sorted(self.group_fields),
            "sum_field": sorted(self.sum_fields),
            "bucket_by_time": sorted(self.time_fields),
        }


_REGISTRY: dict[str, AggregateSpec] = {}


def register_aggregate(spec: AggregateSpec) -> AggregateSpec:
    refuse_second(_REGISTRY, spec.resource, spec, "aggregate spec")
    _REGISTRY[spec.resource] = spec
    return spec


def _discover() -> None:
    discover("aggregates")


def get_aggregate(resource: str) -> AggregateSpec:
    _discover()
    spec = _REGISTRY.get(resource)
    if spec is None:
        raise InvalidAggregate(
            "resource",
            f"'{resource}' cannot be aggregated. Aggregatable resources: {', '.join(sorted(_REGISTRY))}.",
            allowed=sorted(_REGISTRY),
        )
    return spec


def all_aggregates() -> list[AggregateSpec]:
    _discover()
    return [_REGISTRY[k] for k in sorted(_REGISTRY)]


class InvalidAggregate(JoshError):
    """An aggregate parameter names a field the resource does not declare; ``hint.allowed`` lists them."""

    code = "invalid_parameter"

    def __init__(self, parameter: str, message: str, *, allowed: list[str]):
        super().__init__(message, hint={"parameter": parameter, "allowed": allowed})
        self.parameter = parameter


class AggregateTooBroad(JoshError):
    """The filters match more rows than one aggregate may touch; narrow them (Congress, year, agency...)."""

    code = "aggregate_too_broad"


class AggregateTimeout(QueryTimeout):
    """The aggregate ran past its time limit; narrow the filters or use a coarser grouping."""

    code = "aggregate_timeout"


class AggregateParams(BaseModel):
    """Turns a list request into an aggregate: any of these parameters switches it on (``group_by`` alone
    counts; ``sum_field`` alone sums)."""

    aggregate: Literal["count", "sum"] | None = Field(
        None, description="count records, or sum sum_field; with group_by and/or bucket_by_time."
    )
    group_by: str | None = Field(
        None, max_length=40, description="A field this resource declares groupable (400 lists them)."
    )
    sum_field: str | None = Field(
        None, max_length=40, description="With aggregate=sum: a field this resource declares summable."
    )
    bucket_by_time: str | None = Field(
        None, max_length=40, description="A date field to bucket by (a time series), e.g. published_at."
    )
    time_interval: TimeInterval | None = Field(
        None, description="Bucket width for bucket_by_time: day, week, month (default), quarter, year."
    )

    @property
    def active(self) -> bool:
        return any(
            v is not None for v in (self.aggregate, self.group_by, self.sum_field, self.bucket_by_time)
        )


class AggregateGroup(BaseModel):
    key: str | int | bool | None = Field(None, description="The group_by value (null: no value).")
    period: date | None = Field(None, description="First day of the time bucket (with bucket_by_time).")
    count: int = Field(description="Records in the group.")
    sum: float | None = Field(None, description="Sum of sum_field over the group (aggregate=sum).")


class AggregateTotal(BaseModel):
    count: int = Field(description="Records matching the filters.")
    sum: float | None = Field(None, description="Sum of sum_field over them (aggregate=sum).")


class QueryCost(BaseModel):
    rows_touched: int = Field(description="Rows the aggregate read (filtered records, or joined rows).")
    ms: float = Field(description="Wall time spent in the database, in milliseconds.")
    row_budget: int = Field(description="Most rows one aggregate may touch (aggregate_too_broad past it).")
    time_limit_ms: int = Field(description="Time limit (aggregate_timeout past it).")


class AggregateResult(BaseModel):
    resource: str
    aggregate: Literal["count", "sum"]
    group_by: str | None
    sum_field: str | None
    bucket_by_time: str | None
    time_interval: TimeInterval | None
    filters: dict[str, Any] = Field(description="The list filters that narrowed the records.")
    total: AggregateTotal
    groups: list[AggregateGroup] = Field(
        description="Largest first; with bucket_by_time, oldest bucket first. Empty without group_by and "
        "bucket_by_time."
    )
    truncated: bool = Field(description="More groups exist than were returned (narrow the filters).")
    query_cost: QueryCost


# a date as an example of its form (YYYY-MM-DD), shorter than naming the form in every resource's filters
PLACEHOLDERS = {"int": "<int>", "bool": "<true|false>", "date": "2025-01-01", "str": "<text>"}


def _filter_example(spec: AggregateSpec, name: str) -> str:
    """``"name": <value>``: the spec's real example, else the field's enum or a placeholder for its type."""
    if name in spec.examples:
        return f'"{name}": {json.dumps(spec.examples[name])}'
    annotation = spec.param_fields[name].annotation
    types = [t for t in typing.get_args(annotation) if t is not type(None)] or [annotation]
    literal = [c for t in types for c in typing.get_args(t) if isinstance(c, str)]
    if literal:
        return f'"{name}": "{"|".join(literal)}"'
    return f'"{name}": "{PLACEHOLDERS.get(getattr(types[0], "__name__", ""), "<text>")}"'


def describe_filters(spec: AggregateSpec) -> str:
    """The resource's filter keys as one example ``filters`` object (real values where the spec has them)."""
    return "{" + ", ".join(_filter_example(spec, name) for name in spec.filter_names()) + "}"


def describe_fields(kind: str = "group_by") -> str:
    """One line per resource declaring ``kind`` fields (group_by, sum_field or bucket_by_time), each with a
    real example value where the spec gives one; for group_by, also the resource's filters."""
    lines = []
    for spec in all_aggregates():
        names = spec.allowed()[kind]
        if not names:
            continue
        fields = ", ".join(
            f"{n} (e.g. {json.dumps(spec.examples[n])})" if n in spec.examples and kind == "group_by" else n
            for n in names
        )
        line = f"- {spec.resource}: {kind} {fields}"
        if kind == "group_by":
            line = f"- {spec.resource} — {spec.description}\n  filters: {describe_filters(spec)}\n  group_by: {fields}"
        lines.append(line)
    return "\n".join(lines)
