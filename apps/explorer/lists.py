"""Explorer list pages, ``/<resource>?filters``: the browsable API's list views (selector + params model)
shown as an HTML table with the list's filters, paging, export links (the same request on /v1 as CSV and
JSON) and, where the resource declares aggregates, a bar chart per group and a line chart over time.

The table's columns are the CSV's columns (apps.core.export flattens both), so what a person reads is what
the export holds; a UTC timestamp is shown on Washington's clock (``services.readable``), beside the
legislative date the API serves with it.
"""

from dataclasses import dataclass, field
from types import SimpleNamespace
from urllib.parse import urlencode

from apps.browse.renderers import filter_fields
from apps.browse.views import BrowseList, parse_params, registered
from apps.core.aggregates import AggregateParams, all_aggregates, get_aggregate
from apps.core.discovery import discover
from apps.core.errors import JoshError
from apps.core.export import columns_of, rows_of
from apps.core.resources import get_resource
from apps.explorer import charts
from apps.explorer.labels import column_label, field_label, inline
from apps.explorer.records import GETTERS, record_path
from apps.explorer.services import readable

MAX_COLUMNS = 9
CELL_CHARS = 160
CHART_BARS = 15
HIDDEN_COLUMNS = ("citation.", "_links")
PAGING = ("limit", "cursor")
# A group field worth charting first, when a resource declares it.
PREFERRED_GROUPS = ("sponsor_party", "party", "chamber", "type", "agency", "document_type", "congress")


def list_views() -> dict[str, type[BrowseList]]:
    """Every list the browsable API registers (each app's ``browse.py``), by resource."""
    discover("browse")
    return {cls.resource: cls for cls in registered(BrowseList)}


def aggregatable() -> set[str]:
    """Resources with a declared AggregateSpec (the REST list answers ?group_by=): they get charts."""
    return {spec.resource for spec in all_aggregates()}


def _query(params, **changes) -> str:
    """The page's query string (empty values dropped) with ``changes`` applied (None drops one)."""
    values = {k: v for k, v in params.items() if v != ""}
    values.update(changes)
    values = {k: v for k, v in values.items() if v is not None}
    return urlencode(values)


WHOLE_PAGE = 250  # the largest page a /v1 list serves


def _url(path: str, params, **changes) -> str:
    query = _query(params, **changes)
    return path + ("?" + query if query else "")


@dataclass
class ChartBlock:
    chart: charts.Chart
    rows: list[tuple[str, int]]
    csv_url: str
    json_url: str
    choices: list[dict] = field(default_factory=list)  # other group fields to chart by


@dataclass
class ListPage:
    resource: str
    filters: list[dict]  # filter_fields' dicts with the field's human ``label`` added
    columns: list[str]
    column_labels: list[str]
    rows: list[list[dict]]
    total: int
    shown: int
    next_url: str | None
    first_url: str | None
    csv_url: str
    json_url: str
    charts: list[ChartBlock]
    chart_note: str = ""


def _cell(column: str, value: str, resource: str) -> dict:
    text = readable(value)
    text = text if len(text) <= CELL_CHARS else text[: CELL_CHARS - 1] + "…"
    url = record_path(resource, value) if column == "id" and resource in GETTERS and value else None
    return {"text": text, "url": url}


def _display_columns(rows: list[dict[str, str]]) -> list[str]:
    columns = [c for c in columns_of(rows) if not c.startswith(HIDDEN_COLUMNS)]
    filled = [c for c in columns if any(row.get(c) for row in rows)]
    return filled[:MAX_COLUMNS]


def build(resource: str, query) -> ListPage:
    """The list page for ``resource`` and the request's query (a QueryDict); raises JoshError on bad
    filters (the page shows why)."""
    view = list_views()[resource]
    params = parse_params(view.params, SimpleNamespace(query_params=query)) if view.params else None
    page = view.selector(params=params)
    body = page.model_dump(mode="json")
    rows = rows_of(body)
    columns = _display_columns(rows)
    own = {k: v for k, v in query.items() if k != "chart"}
    api = f"/v1/{resource}"
    next_cursor = body["pagination"]["next_cursor"]
    page = ListPage(
        resource=resource,
        filters=[
            {**f, "label": field_label(view.params, f["name"])} for f in filter_fields([view.params], query)
        ]
        if view.params
        else [],
        columns=columns,
        column_labels=[column_label(get_resource(resource).hit, c) for c in columns],
        rows=[[_cell(c, row.get(c, ""), resource) for c in columns] for row in rows],
        total=body["pagination"]["total"],
        shown=len(rows),
        next_url=_url(f"/{resource}", query, cursor=next_cursor) if next_cursor else None,
        first_url=_url(f"/{resource}", query, cursor=None) if query.get("cursor") else None,
        # the whole list (apps.core.export_all), from its first row, in the largest pages /v1 serves
        csv_url=_url(api, own, cursor=None, limit=WHOLE_PAGE, format="csv", export="all"),
        json_url=_url(api, own),
        charts=[],
    )
    return with_charts(page, view, params, query) if resource in aggregatable() else page


def with_charts(page: ListPage, view, params, query) -> ListPage:
    try:
        page.charts = _charts(page.resource, view, params, query)
    except (
        JoshError
    ) as exc:  # filters an aggregate cannot apply (a ranked name search): the table still shows
        page.chart_note = exc.message
    return page


def _charts(resource: str, view, params, query) -> list[ChartBlock]:
    spec = get_aggregate(resource)
    filters = {k: v for k, v in query.items() if k in view.params.model_fields and k not in PAGING}
    groups = [g for g in PREFERRED_GROUPS if g in spec.group_fields]
    groups += sorted(set(spec.group_fields) - set(groups))
    chosen = query.get("chart") if query.get("chart") in spec.group_fields else groups[0]
    blocks = []
    try:
        block = _aggregate_block(resource, params, filters, {"group_by": chosen})
        block.choices = [
            {
                "field": g,
                "label": field_label(get_resource(resource).hit, g),
                "url": _url(f"/{resource}", query, chart=g),
                "current": g == chosen,
            }
            for g in groups
        ]
        blocks.append(block)
        if spec.time_fields:
            when = sorted(spec.time_fields)[0]
            blocks.append(
                _aggregate_block(resource, params, filters, {"bucket_by_time": when, "time_interval": "year"})
            )
    except JoshError:
        return []  # filters an aggregate cannot apply (a ranked name search): the table still shows
    return blocks


def _aggregate_block(resource: str, params, filters: dict, request: dict) -> ChartBlock:
    from apps.core.aggregate_query import aggregate

    hit = get_resource(resource).hit
    result = aggregate(resource=resource, params=params, agg=AggregateParams(**request))
    api = f"/v1/{resource}"
    if "group_by" in request:
        field_name = request["group_by"]
        rows = [
            ("(none)" if g.key in (None, "") else str(g.key), g.count) for g in result.groups[:CHART_BARS]
        ]
        title = f"{resource.replace('-', ' ').capitalize()} by {inline(field_label(hit, field_name))}"
        if len(result.groups) > CHART_BARS:
            title += f" (top {CHART_BARS} of {len(result.groups)})"
        chart = charts.bar_chart(f"chart-{field_name}", title, rows)
    else:
        field_name = request["bucket_by_time"]
        rows = [(str(g.period.year), g.count) for g in result.groups if g.period is not None]
        title = (
            f"{resource.replace('-', ' ').capitalize()} per year of {inline(field_label(hit, field_name))}"
        )
        chart = charts.line_chart(f"chart-{field_name}", title, rows)
    return ChartBlock(
        chart=chart,
        rows=rows,
        csv_url=_url(api, {**filters, **request}, format="csv"),
        json_url=_url(api, {**filters, **request}),
    )
