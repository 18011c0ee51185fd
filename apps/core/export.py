"""CSV export of every list, search and aggregate: one renderer for REST (/v1), the browsable API and the
explorer's export links.

A response is *tabular* when its JSON body holds rows: ``results`` (a list page, a search page) or ``groups``
(an aggregate). The CSV has exactly those rows, in order; each row is flattened: a nested object becomes
dotted columns (``citation.citation_string``), a list of plain values one cell joined by "; ", anything
deeper one cell of compact JSON. Columns are the union of the rows' keys in first-seen order, so a CSV of a
page and the JSON of that page hold the same values. The next page is in a ``Link: <…>; rel="next"`` header.

A request asks for CSV with ``format=csv`` or an ``Accept`` header preferring ``text/csv``; ``format=json``
(or nothing) keeps JSON. This module knows nothing of ninja or DRF: the adapters call ``wants_csv`` and
``csv_response``.
"""

import csv
import json
import re
from collections.abc import Iterable, Iterator
from typing import Any
from urllib.parse import urlencode

from django.http import HttpRequest, QueryDict, StreamingHttpResponse

from apps.core.errors import InvalidParameter

FORMATS = ("json", "csv")
CSV_TYPE = "text/csv"
FORMAT_PARAM = "format"
EXPORT_PARAM = "export"
LIST_SEPARATOR = "; "


def requested_format(request: HttpRequest) -> str:
    """``csv`` or ``json``: the ``format`` parameter when given, else the Accept header's preference
    (JSON unless the client prefers text/csv). A format Josh does not offer is a 400 naming the choices."""
    value = request.GET.get(FORMAT_PARAM)
    if value is not None:
        value = value.strip().lower()
        if value not in FORMATS:
            raise InvalidParameter(
                FORMAT_PARAM,
                f"format must be one of {', '.join(FORMATS)}; got '{request.GET[FORMAT_PARAM]}'.",
                allowed=list(FORMATS),
            )
        return value
    if CSV_TYPE in request.headers.get("Accept", ""):
        return "csv" if request.get_preferred_type(["application/json", CSV_TYPE]) == CSV_TYPE else "json"
    return "json"


def whole_result_wanted(request: HttpRequest) -> bool:
    """``export=all``: every page of the result in one CSV (apps.core.export_all), not the one asked for."""
    value = request.GET.get(EXPORT_PARAM)
    if value is None:
        return False
    if value.strip().lower() != "all":
        raise InvalidParameter(EXPORT_PARAM, f"export takes one value, all; got '{value}'.", allowed=["all"])
    return True


def wants_csv(request: HttpRequest) -> bool:
    return requested_format(request) == "csv"


def explicit_csv(request: HttpRequest) -> bool:
    """CSV was asked for by name (``format=csv``), not only preferred through Accept."""
    return (request.GET.get(FORMAT_PARAM) or "").strip().lower() == "csv"


# ---------------------------------------------------------------------------------------------------------
# Rows
# ---------------------------------------------------------------------------------------------------------


def is_tabular(body: Any) -> bool:
    return isinstance(body, dict) and (
        isinstance(body.get("results"), list)
        or (isinstance(body.get("groups"), list) and "aggregate" in body)
    )


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if value is True or value is False:
        return "true" if value else "false"
    return str(value)


def flatten(row: dict, prefix: str = "") -> dict[str, str]:
    """One JSON object as ``{column: text}``: nested objects as dotted columns, lists of plain values joined
    by "; ", lists of objects (or of lists) as compact JSON in one cell."""
    out: dict[str, str] = {}
    for key, value in row.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict):
            if value:
                out.update(flatten(value, prefix=f"{name}."))
            else:
                out[name] = ""
        elif isinstance(value, list):
            if all(not isinstance(v, dict | list) for v in value):
                out[name] = LIST_SEPARATOR.join(_cell(v) for v in value)
            else:
                out[name] = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        else:
            out[name] = _cell(value)
    return out


def _aggregate_rows(body: dict) -> list[dict]:
    """An aggregate's groups, the group key named after ``group_by`` and only the columns the request
    asked for (``period`` with bucket_by_time, ``sum`` with aggregate=sum)."""
    columns: list[tuple[str, str]] = []
    if body.get("group_by"):
        columns.append(("key", body["group_by"]))
    if body.get("bucket_by_time"):
        columns.append(("period", "period"))
    columns.append(("count", "count"))
    if body.get("aggregate") == "sum":
        columns.append(("sum", f"sum_{body.get('sum_field') or ''}".rstrip("_")))
    return [{name: group.get(key) for key, name in columns} for group in body["groups"]]


def rows_of(body: dict) -> list[dict[str, str]]:
    """The flattened rows of a tabular body."""
    raw = body["results"] if isinstance(body.get("results"), list) else _aggregate_rows(body)
    return [flatten(row) if isinstance(row, dict) else {"value": _cell(row)} for row in raw]


def columns_of(rows: Iterable[dict[str, str]]) -> list[str]:
    return list(dict.fromkeys(column for row in rows for column in row))


class _Line:
    """A file-like target for csv.writer that hands back each line instead of storing it."""

    def write(self, value: str) -> str:
        return value


# A spreadsheet opening the file runs a cell that starts with one of these as a formula (OWASP "CSV
# Injection"): upstream text (a title, a committee name) must never become one. Such a cell gets a leading
# apostrophe, which spreadsheets show as text and do not print; a plain number ("-3.5") is a number, kept.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?")


def neutralise(cell: str) -> str:
    """``cell`` as a spreadsheet can only read as text (OWASP's guidance for CSV output)."""
    if cell.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


def csv_lines(body: dict) -> Iterator[str]:
    """The CSV text of a tabular body, one line at a time (``csv_text``)."""
    rows = rows_of(body)
    return csv_text(columns_of(rows), rows)


def csv_text(columns: list[str], rows: Iterable[dict[str, str]]) -> Iterator[str]:
    """The header, then one line per flattened row, every cell neutralised (``neutralise``)."""
    writer = csv.writer(_Line())
    yield writer.writerow([neutralise(c) for c in columns])
    for row in rows:
        yield writer.writerow([neutralise(row.get(c, "")) for c in columns])


# ---------------------------------------------------------------------------------------------------------
# Response
# ---------------------------------------------------------------------------------------------------------


def next_params(request: HttpRequest, body: dict) -> QueryDict | None:
    """The query of the next page of the same request: a list's ``next_cursor``, or a search's next offset;
    None on the last page."""
    params = request.GET.copy()
    pagination = body.get("pagination")
    if isinstance(pagination, dict):
        if not pagination.get("next_cursor"):
            return None
        params["cursor"] = pagination["next_cursor"]
    elif isinstance(body.get("total"), int) and isinstance(body.get("results"), list):
        offset = int(params.get("offset") or 0) + len(body["results"])
        if not body["results"] or offset >= body["total"]:
            return None
        params["offset"] = str(offset)
    else:
        return None
    return params


def url_with(request: HttpRequest, params: QueryDict) -> str:
    return request.build_absolute_uri(request.path + "?" + urlencode(list(params.lists()), doseq=True))


def next_url(request: HttpRequest, body: dict) -> str | None:
    """The next page of the same request, in CSV too."""
    params = next_params(request, body)
    return url_with(request, params) if params is not None else None


def filename_for(path: str) -> str:
    """``/v1/bills/hr:119:1/actions`` -> ``josh-bills-hr-119-1-actions.csv``."""
    parts = [p for p in path.split("/") if p and p != "v1" and p != "browse"]
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", "-".join(parts)).strip("-") or "export"
    return f"josh-{stem}.csv"


def csv_response(request: HttpRequest, body: dict) -> StreamingHttpResponse:
    """The rows of ``body`` as a streamed CSV download, with the next page in a Link header."""
    response = StreamingHttpResponse(csv_lines(body), content_type=f"{CSV_TYPE}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename_for(request.path)}"'
    if link := next_url(request, body):
        response["Link"] = f'<{link}>; rel="next"'
    total = (body.get("pagination") or {}).get("total", body.get("total"))
    if isinstance(total, int):
        response["X-Total-Count"] = str(total)
    return response


def not_tabular_error() -> InvalidParameter:
    return InvalidParameter(
        FORMAT_PARAM,
        "format=csv is offered on lists, search and aggregates; this route returns one record. "
        "Drop format (or use format=json), or ask the list route for CSV.",
        allowed=["json"],
    )
