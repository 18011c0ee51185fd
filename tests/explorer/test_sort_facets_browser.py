"""Newest first and two facets in a real headless Chromium (Playwright; skipped without chromium or
playwright): from a search, the Order select puts the newest first, a source facet and a year facet narrow
the result, and reloading the URL reproduces the page; axe-core finds nothing serious and at 390 px the page
does not scroll sideways.

Screenshots at 1366 and 390 px go to var/screenshots/sortfacets (git ignores var/), or
$JOSH_SCREENSHOT_DIR/sortfacets.
"""

import pytest

from tests.explorer.test_journeys import CHROMIUM, SHOTS
from tests.explorer.test_mobile import DESKTOP, PHONE, overflow
from tests.explorer.test_onebox_browser import axe_violations, browser  # noqa: F401 (a fixture)

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]


def _state(page) -> dict:
    return {
        "ids": page.locator("ol.hits li.hit .hit-meta .mono").all_inner_texts(),
        "summary": page.locator("p.summary").inner_text().split(" · ")[0],
        "facets": page.locator("aside.facets a.current").all_inner_texts(),
    }


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366", "390"])
def test_newest_first_and_two_facets_narrow_and_the_url_reproduces_it(server, browser, viewport):  # noqa: F811
    browser.set_viewport_size(viewport)
    out = SHOTS / "sortfacets"
    out.mkdir(parents=True, exist_ok=True)
    browser.goto(server.url + "/search?q=energy")
    before = int(browser.locator("p.summary").inner_text().split()[0])
    browser.get_by_label("Order").select_option("newest")
    browser.get_by_role("button", name="Search").click()
    browser.wait_for_load_state()
    assert "sort=newest" in browser.url
    source = browser.locator("ul.facet-sources a.toggle").first
    source_count = int(source.locator("xpath=..").locator(".count").inner_text())
    source.click()
    browser.wait_for_load_state()
    year = browser.locator("ul.facet-years li").nth(1)  # after "Any date": the newest year
    year_count = int(year.locator(".count").inner_text())
    year.locator("a").click()
    browser.wait_for_load_state()
    url = browser.url
    assert "sort=newest" in url and "source=" in url and "since=" in url and "until=" in url
    total = int(browser.locator("p.summary").inner_text().split()[0])
    assert total == year_count <= source_count <= before
    narrowed = _state(browser)
    api = browser.request.get(
        server.url + browser.get_by_role("link", name="JSON").get_attribute("href")
    ).json()
    assert narrowed["ids"] == [h["id"] for h in api["results"]] and api["total"] == total  # the /v1 page
    days = [h["citation"]["published_at"] for h in api["results"]]
    assert days == sorted(days, reverse=True) and all(d.startswith(url.split("since=")[1][:4]) for d in days)
    assert browser.locator("ul.facet-sources a.current").count() == 1
    browser.screenshot(path=str(out / f"narrowed-{viewport['width']}.png"), full_page=True)
    browser.goto(url)  # a shared link: the same page
    assert _state(browser) == narrowed
    found = overflow(browser)
    assert found["scroll"] <= found["width"], found
    serious = [v for v in axe_violations(browser) if v["impact"] in ("serious", "critical")]
    assert serious == []


def _count(link) -> int:
    return int(link.locator("xpath=..").locator(".count").inner_text())


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366", "390"])
def test_newest_first_an_agency_and_a_document_type_narrow_and_the_url_reproduces_it(
    server,
    browser,  # noqa: F811
    viewport,
):
    """The Federal Register reader's day: newest first, one agency, one document type."""
    browser.set_viewport_size(viewport)
    out = SHOTS / "sortfacets"
    out.mkdir(parents=True, exist_ok=True)
    browser.goto(server.url + "/search?q=safety&sort=newest")
    browser.screenshot(path=str(out / f"agency-type-start-{viewport['width']}.png"), full_page=True)
    before = int(browser.locator("p.summary").inner_text().split()[0])
    agency = browser.locator('ul.facet-values[data-facet="agency"] a.toggle').first
    agency_name, agency_count = agency.inner_text().replace("☐", "").split("\n")[0].strip(), _count(agency)
    agency.click()
    browser.wait_for_load_state()
    assert int(browser.locator("p.summary").inner_text().split()[0]) == agency_count < before
    kind = browser.locator('ul.facet-values[data-facet="document_type"] a.toggle:not(.current)').first
    kind_count = _count(kind)
    kind.click()
    browser.wait_for_load_state()
    url = browser.url
    assert "sort=newest" in url and "agency=" in url and "document_type=" in url
    total = int(browser.locator("p.summary").inner_text().split()[0])
    assert 0 < total == kind_count <= agency_count
    chosen = browser.locator("ul.facet-values a.current").all_inner_texts()
    assert len(chosen) == 2 and agency_name in chosen[0]
    narrowed = _state(browser)
    api = browser.request.get(
        server.url + browser.get_by_role("link", name="JSON").get_attribute("href")
    ).json()
    assert narrowed["ids"] == [h["id"] for h in api["results"]] and api["total"] == total
    assert {h["source"] for h in api["results"]} == {"federal-register"}
    assert sum(api["facets"]["document_type"].values()) == total  # one type chosen: all of the result
    browser.screenshot(path=str(out / f"agency-type-{viewport['width']}.png"), full_page=True)
    browser.goto(url)  # a shared link: the same page
    assert _state(browser) == narrowed
    found = overflow(browser)
    assert found["scroll"] <= found["width"], found
    # the facets are rows of chips on a phone: with two chosen, the first hit still starts on the first screen
    first = browser.locator("ol.hits li.hit").first.bounding_box()
    assert first["y"] < viewport["height"], first
    assert axe_violations(browser) == []
