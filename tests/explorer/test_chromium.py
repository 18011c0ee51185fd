"""The explorer in a real headless Chromium (skipped where no chromium binary is installed).

A live server thread shares the test's SQLite connection, so the pages show the package's ingested samples.
Screenshots of the home page, a search, a bill and a vote go to pytest's tmp dir (and to
$JOSH_SCREENSHOT_DIR when set, e.g. bench/out/explorer, which git ignores) for a person to look at.
"""

import os
import shutil
from pathlib import Path

import pytest

from tests.browser import CHROMIUM, dom, new_page

pytestmark = pytest.mark.django_db

# the window of the `chromium --headless` command line this file once ran per page (Playwright hides scrollbars)
VIEWPORT = {"width": 1280, "height": 1800}
PAGES = {
    "home": "/",
    "search": "/search?q=walk-in+freezer+efficiency",
    "bill": "/bills/hjres:119:24",
    "vote": "/votes/senate:119:2025:162",
}


@pytest.fixture
def page(server, browser_loop):
    with new_page(browser_loop, viewport=VIEWPORT) as page:
        yield page


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium installed (apt-get install chromium)")
def test_explorer_renders_in_chromium(server, page, tmp_path):
    home = dom(page, server + "/")
    assert "<h1>Explore US federal-policy data</h1>" in home
    assert 'href="/static/explorer/explorer.css"' in home
    search = dom(page, server + PAGES["search"])
    assert "<mark>" in search and 'href="/bills/hjres:119:24#:~:text=' in search  # opens at its passage
    bill = dom(page, server + PAGES["bill"])
    assert 'href="/legislators/B000740"' in bill and "Republicans: 10" in bill
    assert 'data-copy="cite-text">Copy citation' in bill  # the script showed the copy button
    shots = tmp_path / "screenshots"
    shots.mkdir()
    for name, path in PAGES.items():
        shot = shots / f"{name}.png"
        page.goto(server + path)
        page.screenshot(path=str(shot))
        assert shot.stat().st_size > 50_000, name  # a styled, rendered page, not a blank one
    if target := os.environ.get("JOSH_SCREENSHOT_DIR"):
        Path(target).mkdir(parents=True, exist_ok=True)
        for shot in shots.iterdir():
            shutil.copy(shot, Path(target) / shot.name)
