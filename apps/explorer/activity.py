"""The search page's activity over time: how many records of the whole filtered result were published in
each year, or in each month when the result spans two years or less, as a chart whose bars narrow the search
to their period, with the same numbers (and links) in a table beside it.

The counts are the search's own (``apps.search.selectors.search_with_months``: every matching record, not
only the page's hits), so a bar's number is the total its link leads to.
"""

import calendar
from dataclasses import dataclass
from datetime import date

from apps.explorer import charts

MONTHLY_UP_TO = 24  # months from the first to the last dated record: at most this, a bar per month


@dataclass(frozen=True)
class Period:
    label: str  # "2024" or "2024-05"
    name: str  # what the table and a bar's hover say: "2024" or "May 2024"
    tick: str  # the chart's axis label: "2024" or "May ’24" (24 of "2024-05" would not fit)
    count: int
    url: str  # the search narrowed to this period (page 1)
    current: bool  # the search is already narrowed to exactly this period


@dataclass(frozen=True)
class Activity:
    unit: str  # "year" | "month"
    periods: list[Period]  # oldest first, empty periods between the first and last included
    chart: charts.Chart


def _month_index(month: str) -> int:
    return int(month[:4]) * 12 + int(month[5:7]) - 1


def _bounds(label: str) -> tuple[date, date]:
    year = int(label[:4])
    if len(label) == 4:
        return date(year, 1, 1), date(year, 12, 31)
    month = int(label[5:7])
    return date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1])


def activity(form, months: dict[str, int]) -> Activity | None:
    """The chart for a search ``form`` from its month counts ("YYYY-MM" → records); None when no matching
    record has a date."""
    if not months:
        return None
    first, last = _month_index(min(months)), _month_index(max(months))
    if last - first < MONTHLY_UP_TO:
        unit = "month"
        counts = dict(months)
        labels = [f"{i // 12:04d}-{i % 12 + 1:02d}" for i in range(first, last + 1)]
    else:
        unit = "year"
        counts = {}
        for month, n in months.items():
            counts[month[:4]] = counts.get(month[:4], 0) + n
        labels = [f"{y:04d}" for y in range(first // 12, last // 12 + 1)]
    periods = []
    for label in labels:
        since, until = _bounds(label)
        named = since.strftime("%b %Y") if len(label) > 4 else label
        periods.append(
            Period(
                label=label,
                name=named,
                tick=since.strftime("%b ’%y") if len(label) > 4 else label,
                count=counts.get(label, 0),
                url=form.url(since=since, until=until, page=None),
                current=form.since == since and form.until == until,
            )
        )
    title = f"Matching records per {unit}"
    points = [(p.name, p.count, p.url) for p in periods]
    chart = charts.column_chart("activity", title, points, ticks=[p.tick for p in periods])
    return Activity(unit=unit, periods=periods, chart=chart)
