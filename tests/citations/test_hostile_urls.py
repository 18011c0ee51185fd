"""Only http(s) URLs become links: a committee whose upstream ``url`` is ``javascript:alert(1)`` (a hostile
or broken congress-legislators file) is shown with that text, never as a link, on the explorer; its
citation falls back to the file's own page. Checked in the HTML and in a real headless Chromium."""

import pytest

from apps.citations.links import is_http_url
from apps.core.services.ingest import run_ingest
from apps.registry.models import Committee
from tests.browser import CHROMIUM, new_page

pytestmark = pytest.mark.django_db

HOSTILE = "javascript:alert(1)"
COMMITTEE = f"""- type: house
  name: House Committee on Hostile Links
  url: "{HOSTILE}"
  minority_url: "data:text/html,<script>alert(2)</script>"
  thomas_id: HSZZ
  house_committee_id: ZZ
"""


@pytest.fixture
def hostile_committee(tmp_path):
    path = tmp_path / "committees-current.yaml"
    path.write_text(COMMITTEE)
    run_ingest(slug="committees", paths=[path])
    return Committee.objects.get(thomas_id="HSZZ")


@pytest.mark.parametrize(
    ("url", "ok"),
    [
        ("https://agriculture.house.gov/", True),
        ("http://www.csce.gov/", True),
        ("javascript:alert(1)", False),
        ("JavaScript:alert(1)", False),
        (" javascript:alert(1)", False),
        ("java\tscript:alert(1)", False),
        ("data:text/html,x", False),
        ("//evil.example/x", False),
        ("/relative/junk", False),
        ("https://", False),
        ("", False),
        (None, False),
    ],
)
def test_only_absolute_http_urls_are_links(url, ok):
    assert is_http_url(url) is ok


def test_a_javascript_url_from_upstream_is_text_not_a_link(client, hostile_committee):
    assert hostile_committee.url == HOSTILE  # the data is kept as the file gave it
    cited = client.get("/v1/committees/HSZZ").json()["citation"]
    assert (
        cited["url"]
        == "https://github.com/unitedstates/congress-legislators/blob/main/committees-current.yaml"
    )
    html = client.get("/committees/HSZZ").content.decode()
    assert 'href="javascript:' not in html.lower() and 'href="data:' not in html.lower()
    assert "<dt>Website</dt><dd>javascript:alert(1)</dd>" in html
    assert 'rel="external noopener" href="https://github.com/unitedstates/congress-legislators/' in html


@pytest.mark.slow
@pytest.mark.skipif(CHROMIUM is None, reason="no chromium installed (apt-get install chromium)")
def test_no_javascript_href_reaches_the_browser(server, hostile_committee, browser_loop):
    """Playwright drives the page as a reader would: no link carries a script or data URL, and clicking the
    hostile text (and every link on the page's Website line) opens no dialog."""
    dialogs = []
    with new_page(browser_loop) as page:
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        page.goto(server + "/committees/HSZZ")
        assert page.locator("h1").inner_text().startswith("House Committee on Hostile Links")
        hrefs = page.eval_on_selector_all("a[href]", "els => els.map(e => e.getAttribute('href'))")
        assert hrefs and not [h for h in hrefs if h.strip().lower().startswith(("javascript:", "data:"))]
        # shown as text: clicking it runs nothing (a script link would raise its dialog during the click)
        page.get_by_text(HOSTILE, exact=True).click()
    assert dialogs == []
