"""Run one aggregate against a declared ``AggregateSpec``: validate, count, guard, group.

Guards: the filtered rows are counted first and refused past the row budget (``aggregate_too_broad``),
and the statements run under the search time limit (``aggregate_timeout``). Inside a request the
per-statement limit of apps.core.db.timelimit also applies; a timeout from either is reported as
``aggregate_timeout``. Knobs, overridable in ``settings.JOSH``: ``AGGREGATE_ROW_BUDGET``,
``AGGREGATE_TIME_LIMIT_MS``, ``AGGREGATE_MAX_GROUPS``.
"""

import time
from collections import defaultdict
from collections.abc import Callable
from contextlib import contextmanager
from decimal import Decimal

from django.db.models import Count, DateField, DateTimeField, F, Sum
from django.db.models.functions import Trunc
from pydantic import BaseModel

from apps.core.aggregates import (
    AggregateGroup,
    AggregateParams,
    AggregateResult,
    AggregateSpec,
    AggregateTimeout,
    AggregateTooBroad,
    AggregateTotal,
    InvalidAggregate,
    QueryCost,
    get_aggregate,
)
from apps.core.conf import knob
from apps.core.db.timelimit import deadline
from apps.core.errors import InvalidParameter, QueryTimeout
from apps.core.legislative import WASHINGTON

_PAGING = {"limit", "cursor"}


def _knob(name: str, default: int) -> int:
    return int(knob(name, default))


def row_budget() -> int:
    return _knob("AGGREGATE_ROW_BUDGET", 250_000)


def time_limit_ms() -> int:
    return _knob("AGGREGATE_TIME_LIMIT_MS", knob("QUERY_TIME_LIMIT_MS", 2000))


def max_groups() -> int:
    return _knob("AGGREGATE_MAX_GROUPS", 250)


def _path(spec_fields, name: str | None, parameter: str, what: str) -> str | None:
    if name is None:
        return None
    if name not in spec_fields:
        allowed = sorted(spec_fields)
        listed = ", ".join(allowed) or "none"
        raise InvalidAggregate(
            parameter, f"'{name}' is not a {what} field of this resource. Allowed: {listed}.", allowed=allowed
        )
    return spec_fields[name]


def _check(spec: AggregateSpec, params: BaseModel, agg: AggregateParams) -> str:
    kind = agg.aggregate or ("sum" if agg.sum_field else "count")
    if kind == "sum" and not agg.sum_field:
        raise InvalidAggregate("sum_field", "aggregate=sum needs sum_field.", allowed=sorted(spec.sum_fields))
    if agg.sum_field and kind != "sum":
        raise InvalidParameter("aggregate", "sum_field needs aggregate=sum.", allowed=["sum"])
    if agg.time_interval and not agg.bucket_by_time:
        raise InvalidAggregate(
            "bucket_by_time", "time_interval needs bucket_by_time.", allowed=sorted(spec.time_fields)
        )
    for name in spec.unsupported_params:
        if getattr(params, name, None):
            raise InvalidParameter(
                name, f"'{name}' ranks records and cannot narrow an aggregate; use the other filters."
            )
    return kind


def _filters(params: BaseModel) -> dict:
    return {k: v for k, v in params.model_dump(mode="json", exclude_none=True).items() if k not in _PAGING}


@contextmanager
def _guarded(limit_ms: int, spec: AggregateSpec):
    try:
        with deadline(limit_ms, "The aggregate ran past its {ms} ms limit."):
            yield
    except QueryTimeout as exc:
        raise AggregateTimeout(
            f"The aggregate ran past its {limit_ms} ms limit. Narrow the filters (Congress, year, agency) "
            "or use a coarser group_by / time_interval.",
            suggest_narrowing=[*sorted(_narrowing(spec)), "group_by", "time_interval"],
            hint={"time_limit_ms": limit_ms},
        ) from exc


def _number(value) -> float | None:
    if value is None:
        return None
    return round(float(value), 2) if isinstance(value, Decimal | float) else value


def aggregate_or_list(resource: str, params: BaseModel, agg: AggregateParams, list_fn: Callable):
    """What a list handler returns: the aggregate when one was asked for, else the list page."""
    if agg.active:
        return aggregate(resource=resource, params=params, agg=agg)
    return list_fn(params=params)


def aggregate(*, resource: str, params: BaseModel, agg: AggregateParams) -> AggregateResult:
    """Count or sum a list resource's records, grouped by a declared field and/or bucketed by a date field,
    narrowed by the list's own filters."""
    spec = get_aggregate(resource)
    group = _path(spec.group_fields, agg.group_by, "group_by", "groupable")
    total_path = _path(spec.sum_fields, agg.sum_field, "sum_field", "summable")
    when = _path(spec.time_fields, agg.bucket_by_time, "bucket_by_time", "date")
    kind = _check(spec, params, agg)
    interval = (agg.time_interval or "month") if when else None
    budget, limit_ms = row_budget(), time_limit_ms()
    started = time.perf_counter()
    with _guarded(limit_ms, spec):
        qs = spec.queryset(params=params)
        if qs.query.distinct:  # filters that join to-many tables: aggregate over the distinct records
            qs = qs.model.objects.filter(pk__in=qs.order_by().values("pk"))
        qs = qs.order_by()
        records = touched = qs.count()
        _refuse_if_broad(spec, touched, budget)
        totals = qs.aggregate(sum=Sum(total_path)) if total_path else {"sum": None}
        if agg.group_by in spec.multi_valued:
            rows, touched = _multi_groups(qs, group, total_path, when, interval, (spec, budget))
        elif group or when:
            rows = _groups(qs, group, total_path, when, interval)
        else:
            rows = []
    cap = max_groups()
    return AggregateResult(
        resource=resource,
        aggregate=kind,
        group_by=agg.group_by,
        sum_field=agg.sum_field,
        bucket_by_time=agg.bucket_by_time,
        time_interval=interval,
        filters=_filters(params),
        total=AggregateTotal(count=records, sum=_number(totals["sum"])),
        groups=rows[:cap],
        truncated=len(rows) > cap,
        query_cost=QueryCost(
            rows_touched=touched,
            ms=round((time.perf_counter() - started) * 1000, 2),
            row_budget=budget,
            time_limit_ms=limit_ms,
        ),
    )


def _refuse_if_broad(spec: AggregateSpec, touched: int, budget: int) -> None:
    if touched > budget:
        raise AggregateTooBroad(
            f"This aggregate would read {touched:,} rows; the limit is {budget:,}. Narrow it with the list "
            f"filters of /v1/{spec.resource} (e.g. congress, year, agency, a date range).",
            hint={"rows": touched, "row_budget": budget, "suggest_narrowing": sorted(_narrowing(spec))},
        )


def _narrowing(spec: AggregateSpec) -> set[str]:
    return set(spec.param_fields) - _PAGING - set(spec.unsupported_params)


def _ordering(group: str | None, when: str | None, total_path: str | None) -> list:
    """Where NULLs go is said, not left to the engine: SQLite puts them first ascending and last descending,
    PostgreSQL the other way round; these are SQLite's places, so both engines give the same order."""
    key, period = F("key").asc(nulls_first=True), F("period").asc(nulls_first=True)
    if when:
        return [period, key] if group else [period]
    return [F("sum" if total_path else "count").desc(nulls_last=True), key]


def _period(model, when: str, interval: str) -> Trunc:
    """The time bucket of ``when``: a timestamp is bucketed by its legislative day (a vote at 11 p.m. Eastern
    on December 31 counts in its own year, not the next, as the explorer shows it), a date as it is."""
    field = model._meta.get_field(when.split("__")[0])
    for step in when.split("__")[1:]:
        field = field.related_model._meta.get_field(step)
    eastern = WASHINGTON if isinstance(field, DateTimeField) else None
    return Trunc(when, interval, output_field=DateField(), tzinfo=eastern)


def _groups(qs, group, total_path, when, interval) -> list[AggregateGroup]:
    keys: dict = {}
    if group:
        keys["key"] = F(group)
    if when:
        keys["period"] = _period(qs.model, when, interval)
    values = qs.values(**keys).annotate(count=Count("pk"))
    if total_path:
        values = values.annotate(sum=Sum(total_path))
    rows = values.order_by(*_ordering(group, when, total_path))[: max_groups() + 1]
    return [
        AggregateGroup(
            key=row.get("key"), period=row.get("period"), count=row["count"], sum=_number(row.get("sum"))
        )
        for row in rows
    ]


def _multi_groups(qs, group, total_path, when, interval, guard) -> tuple[list[AggregateGroup], int]:
    """A to-many group field: read the distinct (value, record) pairs, at most the budget, and add them up
    here, so a record counts once per value however many joined rows carry it."""
    spec, budget = guard
    if when:
        qs = qs.annotate(period=_period(qs.model, when, interval))
    columns = [group, "pk"] + ([total_path] if total_path else []) + (["period"] if when else [])
    pairs = list(qs.values_list(*columns).distinct()[: budget + 1])
    _refuse_if_broad(spec, len(pairs), budget)
    acc: dict = defaultdict(lambda: [0, None])
    for row in pairs:
        # a JSON list field (e.g. CRS topics) is to-many too: one entry per distinct element
        keys = (dict.fromkeys(row[0]) or (None,)) if isinstance(row[0], list) else (row[0],)
        for key in keys:
            slot = acc[(key, row[-1] if when else None)]
            slot[0] += 1
            if total_path and row[2] is not None:
                slot[1] = (slot[1] or 0) + row[2]
    rows = [
        AggregateGroup(key=key, period=period, count=n, sum=_number(total) if total_path else None)
        for (key, period), (n, total) in acc.items()
    ]
    if when:
        rows.sort(key=lambda g: (g.period is None, g.period or 0, g.key is None, str(g.key)))
    else:
        rows.sort(key=lambda g: (-(g.sum or 0) if total_path else -g.count, g.key is None, str(g.key)))
    return rows, len(pairs)
