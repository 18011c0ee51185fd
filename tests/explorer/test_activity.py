"""The search page's activity-over-time chart (apps.explorer.activity): a bar per year, or per month when the
dated result spans two years or less, the empty periods between drawn as 0, each bar and table row linking to
the search narrowed to its period; over the sample corpus its counts are the year facet's and a bar's link
leads to a result of that many records."""

from datetime import date

import pytest

from apps.explorer.activity import activity
from apps.explorer.search import SearchForm

Q = "energy"


def test_a_long_span_is_drawn_per_year_with_the_empty_years():
    form = SearchForm(q="x", sort="newest")
    chart = activity(form, {"2025-03": 2, "2025-01": 1, "2022-07": 4})
    assert chart.unit == "year"
    assert [(p.name, p.count) for p in chart.periods] == [("2022", 4), ("2023", 0), ("2024", 0), ("2025", 3)]
    assert chart.periods[0].url == "/search?q=x&sort=newest&since=2022-01-01&until=2022-12-31"
    assert chart.chart.title == "Matching records per year"
    assert chart.chart.svg.count('tabindex="-1"') == 4  # a link per bar, out of the tab order


def test_two_years_or_less_is_drawn_per_month_and_marks_the_current_one():
    form = SearchForm(q="x", since=date(2024, 2, 1), until=date(2024, 2, 29))
    chart = activity(form, {"2024-02": 5, "2023-11": 1})
    assert chart.unit == "month"
    assert [(p.label, p.name, p.tick, p.count) for p in chart.periods] == [
        ("2023-11", "Nov 2023", "Nov ’23", 1),
        ("2023-12", "Dec 2023", "Dec ’23", 0),
        ("2024-01", "Jan 2024", "Jan ’24", 0),
        ("2024-02", "Feb 2024", "Feb ’24", 5),
    ]
    assert [p.current for p in chart.periods] == [False, False, False, True]
    assert chart.periods[-1].url == "/search?q=x&since=2024-02-01&until=2024-02-29"  # a leap year's February
    assert "<title>Feb 2024: 5 records</title>" in chart.chart.svg


def test_no_dated_record_no_chart():
    assert activity(SearchForm(q="x"), {}) is None


@pytest.mark.django_db
def test_the_chart_counts_are_the_year_facet_and_a_bar_leads_to_its_count(client):
    page = client.get("/search", {"q": Q})
    chart = page.context["activity"]
    years = {y["year"]: y["count"] for y in page.context["years"]}
    assert chart.unit == "year" and {int(p.label): p.count for p in chart.periods if p.count} == years
    assert 'id="chart-activity" class="chart"' in page.content.decode()
    top = max(chart.periods, key=lambda p: p.count)
    narrowed = client.get(top.url)
    assert narrowed.context["outcome"].page.total == top.count
    months = narrowed.context["activity"]
    assert months.unit == "month" and sum(p.count for p in months.periods) == top.count
    assert all(p.label.startswith(top.label + "-") for p in months.periods)
