"""The browsable API in a real headless Chromium (skipped where no chromium binary is installed).

A live server thread shares the test's in-memory SQLite connection, so the pages show the package's
ingested samples. Chromium prints the DOM after its scripts ran; screenshots go to pytest's tmp_path.
"""

import pytest

from tests.browser import CHROMIUM, dom, new_page
from tests.live import live_server

pytestmark = pytest.mark.django_db

# the window of the ``chromium --headless`` command line this file once ran per page
VIEWPORT = {"width": 1280, "height": 1600}


@pytest.fixture
def server():
    """A live server thread sharing the test's SQLite connection, so a browser sees the ingested samples."""
    with live_server() as live:
        yield live


@pytest.fixture
def page(server, browser_loop):
    with new_page(browser_loop, viewport=VIEWPORT) as page:
        yield page


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium installed (apt-get install chromium)")
def test_pages_render_in_chromium(server, page, tmp_path):
    root = dom(page, server + "/browse/")
    assert "Josh browsable API" in root
    assert f'href="{server}/browse/bills"' in root  # the resource table
    bill = dom(page, server + "/browse/bills/hjres:119:24")
    assert "<h1>hjres:119:24</h1>" in bill
    assert f'href="{server}/browse/legislators/B000740"' in bill  # the sponsor, clickable in the JSON
    assert 'class="prettyprinted"' in bill or "prettyprint" in bill
    search = dom(page, server + "/browse/search?q=energy&mode=lexical&limit=3")
    assert 'name="q" value="energy"' in search and 'rel="next"' in search
    shot = tmp_path / "bill.png"
    page.goto(server + "/browse/bills/hjres:119:24")
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 20_000  # a rendered page, not a blank one
