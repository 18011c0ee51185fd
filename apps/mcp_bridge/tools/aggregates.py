"""Class E: count, sum, time_series — the aggregates behind GET /v1/<resource>?aggregate=..., one engine
(apps.core.aggregate_query) under a row budget and a time limit. Registered when apps.core.aggregates exists;
the resources and their groupable / summable / date fields are read from its registry at startup.
"""

from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError

from apps.core.adapters import parameter_error_from_validation
from apps.core.errors import InvalidParameter
from apps.mcp_bridge.tools.base import call, register, structured

FILTERS = Annotated[
    dict[str, str | int | bool] | None,
    Field(
        None,
        description="The resource's list filters, as GET /v1/<resource> takes them (keys per resource: see "
        "count), e.g. {'chamber': 'senate', 'since': '2025-01-01'}. Unknown key → invalid_parameter.",
    ),
]


def run(*, resource: str, filters: dict[str, Any] | None, **agg_args):
    from apps.core.aggregate_query import aggregate
    from apps.core.aggregates import AggregateParams, get_aggregate

    spec = get_aggregate(resource)
    allowed = set(spec.filter_names())
    unknown = sorted(set(filters or {}) - allowed)
    if unknown:
        raise InvalidParameter(
            "filters", f"Unknown filter(s) {', '.join(unknown)} for {resource}; allowed: {', '.join(sorted(allowed))}.",
            allowed=sorted(allowed),
        )  # fmt: skip
    try:
        params = spec.params_model(**(filters or {}))
    except ValidationError as exc:
        raise parameter_error_from_validation(exc.errors()) from None
    return aggregate(resource=resource, params=params, agg=AggregateParams(**agg_args))


def install(server) -> list[str]:
    try:
        from apps.core.aggregates import AggregateResult, all_aggregates, describe_fields
    except ImportError:
        return []
    specs = all_aggregates()
    if not specs:
        return []
    Resource = Literal[tuple(spec.resource for spec in specs)]  # noqa: N806 - a type
    RESOURCE = Annotated[Resource, Field(description="The list resource to aggregate (/v1/<resource>).")]  # noqa: N806
    FIELD = Annotated[
        str | None, Field(None, max_length=40, description="A field the resource declares (below).")
    ]  # noqa: N806

    async def count(resource: RESOURCE, group_by: FIELD = None, filters: FILTERS = None) -> AggregateResult:
        return structured(
            await call(run, resource=resource, filters=filters, aggregate="count", group_by=group_by)
        )

    async def sum_(
        resource: RESOURCE,
        sum_field: Annotated[
            str, Field(max_length=40, description="A summable field of the resource (below).")
        ],
        group_by: FIELD = None,
        filters: FILTERS = None,
    ) -> AggregateResult:
        return structured(
            await call(
                run,
                resource=resource,
                filters=filters,
                aggregate="sum",
                sum_field=sum_field,
                group_by=group_by,
            )
        )

    async def time_series(
        resource: RESOURCE,
        bucket_by_time: Annotated[
            str, Field(max_length=40, description="A date field of the resource (below).")
        ],
        time_interval: Annotated[
            Literal["day", "week", "month", "quarter", "year"], Field(description="Bucket width.")
        ] = "month",
        group_by: FIELD = None,
        filters: FILTERS = None,
    ) -> AggregateResult:
        return structured(
            await call(
                run, resource=resource, filters=filters, aggregate="count", bucket_by_time=bucket_by_time,
                time_interval=time_interval, group_by=group_by,
            )
        )  # fmt: skip

    shared = "\nFilters and group_by per resource: as listed in the `count` tool. " + TOO_BROAD
    count_doc = f"{COUNT_DOC}\n\nPer resource — filters (keys with a real example value) and group_by:\n"
    register(
        server, count, name="count", title="Count records",
        description=count_doc + describe_fields("group_by") + "\n" + TOO_BROAD,
    )  # fmt: skip
    sum_doc = f"{SUM_DOC}\n\nSummable fields:\n{describe_fields('sum_field')}{shared}"
    register(server, sum_, name="sum", title="Sum a field", description=sum_doc)
    series_doc = f"{SERIES_DOC}\n\nDate fields:\n{describe_fields('bucket_by_time')}{shared}"
    register(server, time_series, name="time_series", title="Records over time", description=series_doc)
    return ["count", "sum", "time_series"]


TOO_BROAD = "Too broad → isError aggregate_too_broad (narrow the filters)."
COUNT_DOC = """Count records of a list resource, optionally grouped by a declared field and narrowed by the
resource's filters: "how many bills per policy area?", "lobbying filings by issue code in 2025". Returns
{total, groups: [{key, count}], truncated, query_cost}, largest group first."""
SUM_DOC = """Sum a declared numeric field over a list resource, optionally grouped: "top lobbying spenders in
2025" (lda-filings, sum_field income or expenses, group_by client, filters {"year": 2025}). Returns
{total{count,sum}, groups[{key,count,sum}]}, largest sum first."""
SERIES_DOC = """Count records per time bucket (day/week/month/quarter/year) of a declared date field, optionally
grouped: "monthly rule volume by agency". Returns groups[{period, key?, count}], oldest bucket first."""
