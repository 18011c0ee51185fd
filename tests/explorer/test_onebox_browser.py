"""One box for everything in a real headless Chromium driven by Playwright (skipped where no chromium or no
playwright is installed): from the home page's search box, a name, a nickname, a "Sen."-style prefix and each
citation form land on the right record; the search page with cards has no axe-core violation and does not
scroll sideways at 390 px, with the first hit on the first screen.

Screenshots at 1366 and 390 px go to var/screenshots/onebox (git ignores var/), or $JOSH_SCREENSHOT_DIR/onebox.
"""

import pytest

from tests.browser import load_axe, new_page
from tests.explorer.test_journeys import CHROMIUM, SHOTS
from tests.explorer.test_mobile import DESKTOP, PHONE, overflow
from tests.explorer.test_onebox import CITED

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]
HOME_BOX = "Search by words, or go straight to a record by its id"
# (what the reader types, the record page the first card opens)
NAMES = [
    ("Elizabeth Warren", "/legislators/W000817"),
    ("AOC", "/legislators/O000172"),
    ("Sen. Markey", "/legislators/M000133"),
    ("Representative Ocasio-Cortez", "/legislators/O000172"),
    ("Ways and Means Committee", "/committees/HSWM"),
    ("Senate Judiciary", "/committees/SSJU"),
]

LINE = 48  # px: a card's height when it keeps to one line
# (screenshot name, query, whether its first hit is checked to be on the first screen). "Ways and Means
# Committee" matches records in seven sources and drops "and" as too common; on a phone the source chips keep
# to one row that scrolls on its own, so its first hit is on the first screen too.
SEARCHES = [
    ("member", "Sen. Markey", True),
    ("judiciary", "Judiciary", True),
    ("committee", "Ways and Means Committee", True),
]


@pytest.fixture
def browser(corpus_sample, server, browser_loop):
    # axe-core goes in as an inline script, which the pages' CSP refuses: the test's own script is let in.
    # No warm-up request per test: what a first request loads (URLconf, templates, search) is loaded once per
    # process, not per server, and the first journey's timeout (tests/browser.py) leaves room for it.
    with new_page(browser_loop, viewport=DESKTOP, bypass_csp=True, device_scale_factor=1) as page:
        yield page


def from_home_box(page, base: str, q: str) -> None:
    page.goto(base + "/")
    page.get_by_label(HOME_BOX).fill(q)
    page.get_by_label(HOME_BOX).press("Enter")
    page.wait_for_load_state()


def axe_violations(page) -> list[dict]:
    """Every axe-core finding on the page (WCAG 2 A/AA rules), whatever its impact."""
    load_axe(page)
    return page.evaluate(
        """async () => (await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']})).violations
             .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )


@pytest.mark.parametrize(("q", "target"), NAMES)
def test_a_name_from_the_home_box_lands_on_its_record(server, browser, q, target):
    from_home_box(browser, server.url, q)
    assert browser.url.startswith(server.url + "/search?")
    cards = browser.locator("section.entities li.entity a")
    assert cards.first.get_attribute("href") == target
    assert browser.locator("p.summary").count() == 1  # the search still ran: its hits (if any) follow
    cards.first.click()
    browser.wait_for_load_state()
    assert browser.url == server.url + target
    assert browser.locator("h1").first.inner_text().strip()


def test_each_citation_form_from_the_home_box_opens_its_record(server, browser):
    landed = {}
    for q, *_ in CITED:
        from_home_box(browser, server.url, q)
        landed[q] = browser.url.removeprefix(server.url)
    assert landed == {q: f"/{resource}/{record_id}" for q, resource, record_id in CITED}


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366", "390"])
def test_the_search_page_with_cards_is_clean_and_fits(server, browser, viewport):
    browser.set_viewport_size(viewport)
    out = SHOTS / "onebox"
    out.mkdir(parents=True, exist_ok=True)
    for name, q, fold in SEARCHES:
        from_home_box(browser, server.url, q)
        assert browser.locator("section.entities li.entity").count() >= 1, q
        shot = out / f"search-{name}-{viewport['width']}.png"
        browser.screenshot(path=str(shot), full_page=True)
        browser.screenshot(path=str(shot.with_suffix(".fold.png")))  # the first screen alone, to look at
        assert shot.stat().st_size > 20_000, name
        found = overflow(browser)
        assert found["scroll"] <= found["width"], (q, found)
        for card in browser.locator("section.entities li.entity").all():
            assert card.bounding_box()["height"] <= LINE, (q, card.bounding_box())  # one line a card
        if fold:
            first = browser.locator("ol.hits li.hit").first.bounding_box()
            assert first is not None and first["y"] < viewport["height"], (q, first)  # hits above the fold
        assert axe_violations(browser) == [], q


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366", "390"])
def test_a_citation_of_no_record_says_so_above_the_hits(server, browser, viewport):
    """ "89 FR 99999" parses but names no record held: the page stays a word search and says so, on the first
    screen, before any hit."""
    browser.set_viewport_size(viewport)
    from_home_box(browser, server.url, "89 FR 99999")
    assert browser.url.startswith(server.url + "/search?")
    note = browser.get_by_role("status").filter(has_text="reads as a Federal Register page citation")
    assert note.is_visible()
    assert "Josh holds no Federal Register document printed on page 99999 of volume 89" in note.inner_text()
    assert browser.locator("section.entities").count() == 0
    box = note.bounding_box()
    assert box["y"] < viewport["height"], box
    hits = browser.locator("ol.hits li.hit")
    if hits.count():
        assert box["y"] < hits.first.bounding_box()["y"]
    out = SHOTS / "onebox"
    out.mkdir(parents=True, exist_ok=True)
    browser.screenshot(path=str(out / f"search-citation-missing-{viewport['width']}.png"))
    found = overflow(browser)
    assert found["scroll"] <= found["width"], found
    assert axe_violations(browser) == []
