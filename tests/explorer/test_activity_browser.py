"""The search page's activity-over-time chart (apps.explorer.activity) in a real headless Chromium
(Playwright; skipped without chromium or playwright): it appears on a search with dated hits, its numbers are
the year facet's counts, a bar narrows the result to its period (a URL that reproduces the page, and a result
that spans one year is drawn per month); axe-core finds nothing on the search page and a vote page, and at
390 px the page does not scroll sideways.

Screenshots at 1366 and 390 px go to var/screenshots/activity (git ignores var/), or
$JOSH_SCREENSHOT_DIR/activity.
"""

import json
from urllib.parse import quote
from urllib.request import urlopen

import pytest

from tests.explorer.test_journeys import CHROMIUM, SHOTS
from tests.explorer.test_mobile import DESKTOP, PHONE, overflow
from tests.explorer.test_onebox_browser import axe_violations, browser  # noqa: F401 (a fixture)

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]

QUERY = "energy"  # hits from 2005 to today in the samples: a chart per year


def _table(page) -> list[tuple[str, int]]:
    """The chart's numbers, from the table beside it: (period, records), oldest first."""
    rows = page.locator("figure.activity table tbody tr")
    return [
        (row.locator("th").text_content().strip(), int(row.locator("td").text_content()))
        for row in rows.all()
    ]


def _total(page) -> int:
    return int(page.locator("p.summary").inner_text().split()[0])


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366", "390"])
def test_the_activity_chart_counts_the_result_and_a_bar_narrows_it(server, browser, viewport):  # noqa: F811
    browser.set_viewport_size(viewport)
    out = SHOTS / "activity"
    out.mkdir(parents=True, exist_ok=True)
    browser.goto(server.url + f"/search?q={QUERY}")
    chart = browser.locator("figure.activity svg.chart[role=img]")
    assert chart.is_visible()
    assert browser.locator("#activity-t").text_content() == "Matching records per year"
    table = _table(browser)
    facet = {
        li.locator("a").inner_text(): int(li.locator(".count").inner_text())
        for li in browser.locator("ul.facet-years li").all()[1:]  # after "Any date"
    }
    # every year from the first to the last, the empty ones as 0; the dated ones are the year facet's
    assert [p for p, _n in table] == [str(y) for y in range(int(table[0][0]), int(table[-1][0]) + 1)]
    assert {p: n for p, n in table if n} == facet
    assert sum(n for _p, n in table) <= _total(browser)  # undated records are in no year
    bars = chart.locator("a")
    assert bars.count() == len(table)
    # each bar's hover title is its row of the table
    assert [t.strip() for t in chart.locator("a > title").all_text_contents()] == [
        f"{p}: {n} records" for p, n in table
    ]
    browser.screenshot(path=str(out / f"chart-{viewport['width']}.png"), full_page=True)
    found = overflow(browser)
    assert found["scroll"] <= found["width"], found

    period, count = max(table, key=lambda row: row[1])
    bars.nth([p for p, _n in table].index(period)).click()
    browser.wait_for_load_state()
    url = browser.url
    assert f"since={period}-01-01" in url and f"until={period}-12-31" in url and "q=energy" in url
    assert _total(browser) == count
    # one year of hits: a bar per month of it, summing to the year's count
    assert browser.locator("#activity-t").text_content() == "Matching records per month"
    months = _table(browser)
    assert months and all(p.endswith(f" {period}") for p, _n in months)  # "Jan 2026"
    assert sum(n for _p, n in months) == count
    browser.goto(url)  # a shared link: the same page
    assert _total(browser) == count and _table(browser) == months
    browser.screenshot(path=str(out / f"narrowed-{viewport['width']}.png"), full_page=True)
    found = overflow(browser)
    assert found["scroll"] <= found["width"], found


def test_axe_finds_nothing_on_the_search_page_and_a_vote_page(server, browser):  # noqa: F811
    browser.goto(server.url + f"/search?q={QUERY}")
    assert browser.locator("figure.activity svg.chart").count() == 1
    assert axe_violations(browser) == []
    vote = json.loads(urlopen(f"{server.url}/v1/votes?limit=1").read())["results"][0]["id"]
    browser.goto(server.url + f"/votes/{quote(vote, safe=':')}")
    assert browser.locator("h1").count() == 1
    assert axe_violations(browser) == []
