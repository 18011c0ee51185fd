"""The people's journeys in a real headless Chromium driven by Playwright (skipped where no chromium or no
playwright is installed), with axe-core run on every page visited: no serious or critical violations.

Screenshots of each step go to var/screenshots (git ignores var/), or $JOSH_SCREENSHOT_DIR when set.
"""

import csv
import io
import json
import os
from pathlib import Path
from urllib.error import HTTPError
from urllib.request import urlopen

import pytest
from django.conf import settings

from apps.bills.models import Bill
from tests.browser import CHROMIUM, load_axe, new_page

pytestmark = pytest.mark.django_db

playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (no browser download)")
SHOTS = Path(os.environ.get("JOSH_SCREENSHOT_DIR") or Path(settings.BASE_DIR) / "var" / "screenshots")
QUERY = "walk-in freezer efficiency"
pytestmark = [
    pytestmark,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]


WARMED: set[str] = set()  # the process has paid its first requests (one set per pytest-xdist worker)


@pytest.fixture
def browser(server, browser_loop):
    # The server's first request loads the URLconf, templates and plan registry inside its time budget; on a
    # busy machine that alone can pass it, so pay it once before the journeys start. What it loads stays
    # loaded for the process, whatever live server answers next, so once per process is enough.
    if not WARMED:
        for path in ("/", "/search?q=walk-in+freezer+efficiency", "/bills"):
            try:
                urlopen(server.url + path).read()
            except HTTPError:
                pass
        WARMED.add(server.url)
    # Most pages opened here are checked with axe-core, so it comes with each document (tests/browser.py).
    # It goes in as an inline script, which the pages' CSP refuses: the test's own script is let in.
    with new_page(browser_loop, axe=True, viewport={"width": 1280, "height": 900}, bypass_csp=True) as page:
        yield page


def shot(page, name: str, full_page: bool = True) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    assert path.stat().st_size > 20_000, name  # a rendered page, not a blank one
    return path


def serious_violations(page) -> list[dict]:
    """axe-core's serious and critical findings on the page (WCAG 2 A/AA rules)."""
    load_axe(page)
    found = page.evaluate(
        """async () => (await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']})).violations
             .filter(v => v.impact === 'serious' || v.impact === 'critical')
             .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )
    return found


def visit_checked(page, name: str):
    """A screenshot and the axe check of the page the browser is on."""
    shot(page, name)
    assert serious_violations(page) == [], (name, page.url)


def test_search_to_a_hit_to_its_citation(server, browser):
    page = browser
    page.goto(server.url + "/")
    visit_checked(page, "01-home")
    page.get_by_label("Search by words, or go straight to a record by its id").fill(QUERY)
    page.keyboard.press("Enter")
    page.wait_for_url("**/search?q=walk-in*")
    # Only records that answer the query (the hybrid coverage rule drops a hit on one stray word), highlighted.
    assert page.locator("ol.hits li.hit").count() >= 1 and page.locator("mark").count() > 0
    assert "freezer" in page.locator("ol.hits li.hit").first.inner_text().lower()
    visit_checked(page, "02-search")
    page.locator("ol.hits li.hit h3 a").first.click()
    page.wait_for_load_state()
    citation = page.locator("#cite-text")
    citation.scroll_into_view_if_needed()
    assert citation.inner_text().strip()
    assert page.locator("section.citation h2").inner_text() == "Cite this"
    visit_checked(page, "03-hit-citation")


def test_bill_to_sponsor_to_committees_to_roster_to_a_roll_call(server, browser):
    page = browser
    page.goto(server.url + "/search?q=H.J.Res.+24")
    page.wait_for_url("**/bills/hjres:119:24")
    visit_checked(page, "10-bill")
    page.locator('a[href="/legislators/B000740"]').first.click()
    page.wait_for_url("**/legislators/B000740")
    assert "Committees" in page.locator("#seats-h").inner_text()
    visit_checked(page, "11-sponsor")
    page.get_by_role("link", name="All committees").click()
    page.wait_for_url("**/committees")
    page.locator("#f-q").fill("ways means")
    page.get_by_role("button", name="Apply").click()
    page.wait_for_url("**/committees?*q=ways+means*")
    visit_checked(page, "12-committees")
    page.locator('a[href="/committees/HSWM"]').first.click()
    page.wait_for_url("**/committees/HSWM")
    assert "Ways and Means" in page.locator("h1").inner_text()
    visit_checked(page, "13-ways-and-means-roster")
    page.locator("ol.roster a[href^='/legislators/']").first.click()
    page.wait_for_url("**/legislators/*")
    page.locator("a[href^='/votes/']").first.click()
    page.wait_for_url("**/votes/*")
    tally = page.locator("table.tally")
    assert tally.locator("tbody tr").count() >= 2  # one row per party
    assert "Republicans" in tally.inner_text() and "Democrats" in tally.inner_text()
    visit_checked(page, "14-roll-call-tally")


@pytest.fixture
def curator(settings):
    """A superuser to log in with and the bill's primary key, read before the live server's first request
    (the test thread touches the database no more while the server thread uses it)."""
    from django.contrib.auth import get_user_model

    settings.JOSH = {**settings.JOSH, "RUNS_INLINE": True}  # the test's transaction never commits
    get_user_model().objects.create_superuser("curator", "curator@example.org", "a-long-curator-pass")
    return Bill.objects.get(bill_id="hjres:119:24").pk


def test_a_curator_corrects_a_title_reingests_and_the_correction_survives(curator, server, browser):
    new_title = "Disapproving the walk-in cooler and freezer rule (title corrected by a curator)"
    page = browser
    page.goto(server.url + "/admin/login/?next=/admin/")
    page.fill("#id_username", "curator")
    page.fill("#id_password", "a-long-curator-pass")
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/admin/")
    shot(page, "20-admin-index")
    page.goto(f"{server.url}/admin/bills/bill/{curator}/change/")
    page.get_by_role("link", name="Correct a field").click()
    page.select_option("#id_field", "title")
    page.fill("#id_value", new_title)
    page.fill("#id_reason", "The official title is long; a short descriptive title for readers.")
    shot(page, "21-correction-form")
    page.locator("input[name=_save]").click()
    page.wait_for_url("**/admin/curation/correction/")
    page.goto(server.url + "/admin/curation/backgroundrun/add/")
    page.select_option("#id_kind", "ingest")
    page.select_option("#id_source", "bills")
    page.locator("input[name=_save]").click()
    page.wait_for_url("**/admin/curation/backgroundrun/*/change/")
    assert "Done" in page.locator(".field-status").inner_text()
    shot(page, "22-reingest-run")
    page.goto(server.url + "/bills/hjres:119:24")
    assert new_title in page.locator("h1").inner_text()
    assert "Corrected by a curator: title" in page.locator("section.citation").inner_text()
    visit_checked(page, "23-corrected-bill")
    api = json.loads(urlopen(server.url + "/v1/bills/hjres:119:24").read())
    assert api["title"] == new_title and api["citation"]["corrected_fields"] == ["title"]


def test_csv_export_of_a_search_has_the_same_rows_as_the_json(server, browser):
    page = browser
    page.goto(server.url + "/search?q=" + QUERY.replace(" ", "+"))
    assert page.locator("h1").inner_text() == "Search results", page.content()[:2000]
    csv_href = page.get_by_role("link", name="CSV").get_attribute("href")
    json_href = page.get_by_role("link", name="JSON").first.get_attribute("href")
    assert csv_href.endswith("&format=csv&export=all")  # the whole result, not this page
    with page.expect_download() as download:
        page.get_by_role("link", name="CSV").click()
    rows = list(csv.DictReader(io.StringIO(Path(download.value.path()).read_text())))
    hits = json.loads(urlopen(server.url + json_href).read())["results"]
    assert [r["id"] for r in rows][: len(hits)] == [h["id"] for h in hits] and len(rows) >= 1
    assert [r["citation.citation_string"] for r in rows][: len(hits)] == [
        h["citation"]["citation_string"] for h in hits
    ]
    page.goto(server.url + "/bills")
    visit_checked(page, "30-bill-list-with-charts")
    assert page.locator("svg.chart[role=img] title").count() >= 2
