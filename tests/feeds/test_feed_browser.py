"""Following a search in a real headless Chromium driven by Playwright (skipped where no chromium or no
playwright is installed): the search page's feed is discoverable (its head's alternate link and the "Follow
this search" link lead to the same Atom feed, served as application/atom+xml), a signed-in reader sees "Save
this search" and saves it, and the page keeps no axe-core violation and no sideways scroll at 390 px.

Screenshots at 1366 and 390 px go to var/screenshots/feeds (git ignores var/), or $JOSH_SCREENSHOT_DIR/feeds.
"""

import xml.etree.ElementTree as ET
from urllib.parse import urlencode

import pytest
from django.conf import settings
from django.contrib.auth.models import User

from tests.browser import AXE
from tests.explorer.test_journeys import CHROMIUM, SHOTS, serious_violations
from tests.explorer.test_mobile import DESKTOP, PHONE, overflow
from tests.explorer.test_onebox_browser import axe_violations
from tests.feeds.conftest import QUERY

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]
ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture
def server(crs_sample):
    from tests.live import live_server

    with live_server() as live:
        yield live


@pytest.fixture
def browser(server, browser_loop):
    # After the server: it must take the test's connection before Playwright's event loop runs on this thread.
    return browser_loop


def open_page(browser, url: str, viewport: dict, cookies: list | None = None):
    context = browser.new_context(viewport=viewport, bypass_csp=True, device_scale_factor=1)
    context.add_init_script(path=str(AXE))  # nearly every page opened here is checked (tests/browser.py)
    context.add_cookies(cookies or [])
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(url)
    return page


def shot(page, name: str) -> None:
    (SHOTS / "feeds").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "feeds" / f"{name}.png"), full_page=False)


def test_the_search_page_feed_is_discoverable_and_answers_atom(browser, server):
    search_url = server.url + "/search?" + urlencode(QUERY)
    for name, viewport in (("search-1366", DESKTOP), ("search-390", PHONE)):
        page = open_page(browser, search_url, viewport)
        head = page.locator('head link[rel="alternate"][type="application/atom+xml"]')
        assert head.count() == 1 and head.get_attribute("title") == "Josh search: energy star"
        follow = page.get_by_role("link", name="Follow this search (Atom feed)")
        assert follow.is_visible()
        assert follow.get_attribute("href") == head.get_attribute("href")
        assert page.get_by_role("button", name="Save this search").count() == 0  # signed out
        sideways = overflow(page)
        assert sideways["scroll"] <= sideways["width"], (name, sideways)
        assert serious_violations(page) == [], name
        shot(page, name)

    response = page.request.get(server.url + head.get_attribute("href"))
    assert response.status == 200
    assert response.headers["content-type"] == "application/atom+xml; charset=utf-8"
    root = ET.fromstring(response.body())
    assert root.tag == f"{ATOM}feed" and len(root.findall(f"{ATOM}entry")) >= 2


@pytest.fixture
def signed_in(client):
    """A reader's session cookie, made before Playwright runs (after, this thread's ORM is not the test's)."""
    user = User.objects.create_user("analyst", email="analyst@example.org", password="x" * 12)
    client.force_login(user)
    return {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value}


def test_a_signed_in_reader_saves_the_search_from_the_page(signed_in, browser, server):
    search_url = server.url + "/search?" + urlencode(QUERY)
    page = open_page(browser, search_url, DESKTOP, [{**signed_in, "url": server.url}])
    shot(page, "search-signed-in-1366")
    assert serious_violations(page) == []
    page.get_by_role("button", name="Save this search").click()
    page.wait_for_load_state()
    assert page.url == search_url + "&saved=1"
    assert page.get_by_role("status").filter(has_text="Saved").is_visible()
    assert page.get_by_role("button", name="Save this search").count() == 0
    assert serious_violations(page) == []
    shot(page, "search-saved-1366")


def test_a_reader_saves_a_search_finds_it_on_my_saved_searches_and_deletes_it(signed_in, browser, server):
    search_url = server.url + "/search?" + urlencode(QUERY)
    page = open_page(browser, search_url, PHONE, [{**signed_in, "url": server.url}])
    page.get_by_role("button", name="Save this search").click()
    page.wait_for_load_state()
    page.get_by_role("status").get_by_role("link", name="My saved searches").click()
    page.wait_for_load_state()
    assert page.url == server.url + "/searches"
    card = page.locator(".saved-searches > li")
    assert card.count() == 1
    assert card.get_by_role("heading", level=2).inner_text() == "energy star"
    feed_link = card.get_by_role("link", name="Atom feed of “energy star”")
    assert feed_link.get_attribute("href") == "/search/feed.atom?" + urlencode(QUERY)
    assert "Email digest: on" in card.inner_text()
    for name, viewport in (("my-searches-390", PHONE), ("my-searches-1366", DESKTOP)):
        page.set_viewport_size(viewport)
        sideways = overflow(page)
        assert sideways["scroll"] <= sideways["width"], (name, sideways)
        assert axe_violations(page) == [], name
        shot(page, name)

    page.get_by_role("button", name="Delete “energy star”").click()
    page.wait_for_load_state()
    assert page.url == server.url + "/searches?done=deleted"
    assert page.get_by_role("status").inner_text() == "Deleted."
    assert page.locator(".saved-searches > li").count() == 0
    assert page.get_by_text("No saved searches yet.").is_visible()
    assert axe_violations(page) == []
    shot(page, "my-searches-deleted-1366")


@pytest.fixture
def reader():
    """A reader without staff rights (the admin's sign-in would refuse them), made before Playwright runs."""
    return User.objects.create_user("reader", email="reader@example.org", password="correct horse")


def test_a_reader_signs_in_from_the_search_page_and_comes_back_to_save_it(reader, browser, server):
    search_url = server.url + "/search?" + urlencode(QUERY)
    page = open_page(browser, search_url, PHONE)
    page.get_by_role("link", name="Sign in to save it").click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", name="Sign in").is_visible()
    sideways = overflow(page)
    assert sideways["scroll"] <= sideways["width"], sideways
    assert axe_violations(page) == []
    shot(page, "sign-in-390")
    page.get_by_label("Username").fill("reader")
    page.get_by_label("Password").fill("correct horse")
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_load_state()
    assert page.url == search_url  # back where the reader was
    page.get_by_role("button", name="Save this search").click()
    page.wait_for_load_state()
    assert page.get_by_role("status").filter(has_text="Saved").is_visible()
