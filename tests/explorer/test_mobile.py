"""The explorer on a phone, in a real headless Chromium driven by Playwright (skipped where no chromium or no
playwright is installed): at 390 px no page scrolls sideways, search results start on the first screen,
and axe-core finds no serious or critical violation on any page type.

The page types are the explorer's URL conf (apps/explorer/urls.py): home, search, a list page per listable
resource and a record page per resource, each with one representative record (the first its REST list
returns from the ingested samples). Screenshots at 1366 and 390 px go to var/screenshots/mobile (git
ignores var/), or $JOSH_SCREENSHOT_DIR/mobile when set.
"""

import json
from urllib.parse import quote
from urllib.request import urlopen

import pytest

from apps.core.resources import all_resources
from apps.explorer.lists import list_views
from tests.browser import CHROMIUM, new_page
from tests.explorer.test_journeys import SHOTS, serious_violations

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}
QUERY = "walk-in freezer efficiency"


def page_types(base: str) -> dict[str, str]:
    """Every page type of the explorer's URL conf, by name, with a representative path."""
    paths = {"home": "/", "search": "/search?q=" + quote(QUERY), "search-empty": "/search"}
    paths.update({f"list-{resource}": f"/{resource}" for resource in list_views()})
    # a record page per resource that lists its records (a record reached only by id has no list to pick from)
    for resource in (r.name for r in all_resources() if r.get is not None and r.list is not None):
        results = json.loads(urlopen(f"{base}/v1/{resource}?limit=1").read())["results"]
        if results:  # a resource whose sample holds no record has no page to show
            paths[f"record-{resource}"] = f"/{resource}/{quote(results[0]['id'], safe=':')}"
    # Page types inside a record page that its first record may not show: a member's voting record (a member
    # of the first roll call), the reader of a long report with its contents list, and the not-found page.
    [vote] = json.loads(urlopen(f"{base}/v1/votes?limit=1").read())["results"]
    voter = json.loads(urlopen(f"{base}/v1/votes/{quote(vote['id'], safe=':')}").read())["positions"][0]
    paths["voting-record"] = f"/legislators/{voter['member_id']}"
    paths["reader"] = READER
    paths["not-found"] = "/bills/hr:119:99999"
    paths["sign-in"] = "/sign-in"  # a reader's, for saved searches (apps/feeds)
    return paths


READER = "/crs-reports/crs:R48694"  # a 180,000-character report with its own contents list
SIGNED_IN = {"my-searches": "/searches", "search-signed-in": "/search?q=" + quote(QUERY)}


@pytest.fixture
def phone(server, browser_loop):
    # axe-core is checked on nearly every page opened here, so it comes with each document (tests/browser.py).
    # It goes in as an inline script, which the pages' CSP refuses: the test's own script is let in.
    with new_page(browser_loop, axe=True, viewport=PHONE, bypass_csp=True, device_scale_factor=1) as page:
        yield page


def overflow(page) -> dict:
    """How far the document is wider than the window, and the widest elements that poke out."""
    return page.evaluate(
        """() => {
          const width = window.innerWidth;
          const out = [...document.querySelectorAll('body *')]
            .filter(e => e.getBoundingClientRect().right > width + 1)
            .slice(0, 5)
            .map(e => e.tagName.toLowerCase() + (e.className && e.className.baseVal === undefined ? '.' + e.className : ''));
          return {scroll: document.documentElement.scrollWidth, width, out};
        }"""
    )


def test_no_explorer_page_scrolls_sideways_or_fails_axe_at_390px(server, phone):
    """Both checks on each page type from one load of it (the width check and axe read the same page)."""
    paths = page_types(server.url)
    assert {"home", "search", "list-votes", "record-votes", "record-legislators"} <= set(paths)
    assert {"voting-record", "reader", "not-found", "sign-in"} <= set(paths)
    assert len([p for p in paths if p.startswith("record-")]) >= 15
    wide, found = {}, {}
    for name, path in paths.items():
        phone.goto(server.url + path)
        sideways = overflow(phone)
        if sideways["scroll"] > sideways["width"]:
            wide[name] = sideways
        violations = serious_violations(phone)
        if violations:
            found[name] = violations
    assert not wide, json.dumps(wide)
    assert found == {}


def test_page_types_show_what_they_stand_for(server, phone):
    """The voting record, reader and not-found types are what their names say (so the width and axe checks
    above cover them)."""
    paths = page_types(server.url)
    phone.goto(server.url + paths["voting-record"])
    assert phone.get_by_role("heading", name="Voting record").is_visible()
    phone.goto(server.url + paths["reader"])
    assert phone.locator("nav.toc a").count() >= 5
    response = phone.goto(server.url + paths["not-found"])
    assert response.status == 404


@pytest.fixture
def signed_in(client):
    """A reader with a saved search, and their session cookie (made before Playwright runs)."""
    from django.conf import settings
    from django.contrib.auth.models import User

    from apps.feeds.models import SavedSearch

    user = User.objects.create_user("analyst", email="analyst@example.org", password="x" * 12)
    SavedSearch.objects.create(user=user, name=QUERY, query="q=" + quote(QUERY))
    client.force_login(user)
    return {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value}


def test_signed_in_pages_neither_scroll_sideways_nor_fail_axe_at_390px(signed_in, server, phone):
    """The feeds pages a signed-in reader sees: "My saved searches" and the search page with "Save this
    search" (the signed-out page types are above)."""
    phone.context.add_cookies([{**signed_in, "url": server.url}])
    found = {}
    for name, path in SIGNED_IN.items():
        phone.goto(server.url + path)
        assert phone.get_by_role("link", name="My saved searches").first.is_visible(), name
        sideways, violations = overflow(phone), serious_violations(phone)
        if sideways["scroll"] > sideways["width"] or violations:
            found[name] = {"overflow": sideways, "axe": violations}
    assert found == {}


def test_search_results_start_on_the_first_phone_screen(server, phone):
    phone.goto(server.url + "/search?q=" + quote(QUERY))
    first = phone.locator("ol.hits li.hit").first
    box = first.bounding_box()
    assert box is not None and "freezer" in first.inner_text().lower()
    assert box["y"] < PHONE["height"], box  # the first hit's top is on the first screen, unscrolled


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["1366", "390"])
def test_screenshots_of_vote_legislator_list_and_search(server, phone, viewport):
    """For a person to look at; each must be a rendered page that does not scroll sideways."""
    paths = page_types(server.url)
    phone.set_viewport_size(viewport)
    out = SHOTS / "mobile"
    out.mkdir(parents=True, exist_ok=True)
    for name in ("record-votes", "record-legislators", "list-bills", "search"):
        phone.goto(server.url + paths[name])
        shot = out / f"{name}-{viewport['width']}.png"
        phone.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 20_000, name
        found = overflow(phone)
        assert found["scroll"] <= found["width"], (name, found)
