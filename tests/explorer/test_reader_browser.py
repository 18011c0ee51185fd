"""The reader in a real headless Chromium (skipped without chromium or playwright): a CRS report's contents
jump to its sections, a section's pinpoint citation copies, a Federal Register document cites its pages, and a
search hit links to the words of its passage on the record's page. axe-core finds nothing serious."""

from urllib.parse import unquote

import pytest

from tests.browser import new_page
from tests.explorer.test_journeys import CHROMIUM, serious_violations, shot

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]
CRS = "/crs-reports/crs:R48694"  # R&D appropriations: a 180,000-character report with its own contents list
FR = "/federal-register/fr:2024-02930"  # an airworthiness directive printed on pages 9741-9743


@pytest.fixture
def reader_page(server, corpus_sample, browser_loop):
    # axe-core comes with each document: most tests here check the page they open (tests/browser.py).
    with new_page(browser_loop, axe=True, viewport={"width": 1366, "height": 900}, bypass_csp=True) as page:
        page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=server.url)
        yield page


def test_a_reports_contents_jump_to_sections_and_a_pinpoint_copies(server, reader_page):
    page = reader_page
    page.goto(server.url + CRS)
    toc = page.get_by_role("navigation", name="Contents of Text")
    assert toc.locator("a").count() >= 30
    toc.get_by_role("link", name="National Science Foundation", exact=True).click()
    page.wait_for_url("**#s-national-science-foundation")
    heading = page.locator("h3#s-national-science-foundation")
    assert heading.is_visible() and heading.evaluate("e => e.getBoundingClientRect().top") < 200
    # The report's own printed contents list is clickable too.
    page.locator("ul.contents").first.get_by_role("link", name="Conclusion", exact=True).click()
    page.wait_for_url("**#s-conclusion")
    pinpoint = page.locator("#pin-s-conclusion")
    assert pinpoint.inner_text() == "CRS Report R48694, “Conclusion”"
    page.locator('button.copy[data-copy="pin-s-conclusion"]').click()
    assert page.evaluate("navigator.clipboard.readText()") == "CRS Report R48694, “Conclusion”"
    body = page.locator("section.prose").first.inner_text()
    assert "**" not in body and "[[Page" not in body
    # The window, where the jump left the reader: the whole report is a 70,000 px, 17 MB image that took
    # ~14 s to encode, and no one could look at it.
    shot(page, "30-reader-crs-contents", full_page=False)
    assert serious_violations(page) == []


def test_a_federal_register_document_cites_its_printed_pages(server, reader_page):
    page = reader_page
    page.goto(server.url + FR + "#page-9742")
    assert page.locator("#pin-page-9742").inner_text() == "89 FR 9742"
    assert "[[Page" not in page.locator("main").inner_text()
    shot(page, "31-reader-fr-pages", full_page=False)  # the window at page 9742's mark, not 9,500 px of rule
    assert serious_violations(page) == []


def test_a_search_hit_links_to_the_words_of_its_passage(server, reader_page):
    page = reader_page
    page.goto(server.url + "/search?q=aft+rudder+quadrant&mode=lexical")
    link = page.locator("ol.hits li.hit h3 a").first
    href = link.get_attribute("href")
    path, _, fragment = href.partition("#:~:text=")
    assert fragment, href
    link.click()
    page.wait_for_load_state()
    # The words the fragment names are on the page the hit opens, as one run: the browser can scroll to them.
    assert unquote(fragment) in " ".join(page.locator("main").inner_text().split())
