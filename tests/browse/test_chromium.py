"""The browsable API in a real headless Chromium (skipped where no chromium binary is installed).

A live server thread shares the test's in-memory SQLite connection, so the pages show the package's
ingested samples. Chromium prints the DOM after its scripts ran; screenshots go to pytest's tmp_path.
"""

import shutil
import subprocess
import tempfile

import pytest

from tests.live import live_server

pytestmark = pytest.mark.django_db

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--window-size=1280,1600",
)


@pytest.fixture
def server():
    """A live server thread sharing the test's SQLite connection, so a browser sees the ingested samples."""
    with live_server() as live:
        yield live


def chromium(*args) -> str:
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [CHROMIUM, *FLAGS, f"--user-data-dir={profile}", *args],
            capture_output=True,
            text=True,
            timeout=120,
        )
    return done.stdout


@pytest.mark.skipif(CHROMIUM is None, reason="no chromium installed (apt-get install chromium)")
def test_pages_render_in_chromium(server, tmp_path):
    root = chromium("--dump-dom", server + "/browse/")
    assert "Josh browsable API" in root
    assert f'href="{server}/browse/bills"' in root  # the resource table
    bill = chromium("--dump-dom", server + "/browse/bills/hjres:119:24")
    assert "<h1>hjres:119:24</h1>" in bill
    assert f'href="{server}/browse/legislators/B000740"' in bill  # the sponsor, clickable in the JSON
    assert 'class="prettyprinted"' in bill or "prettyprint" in bill
    search = chromium("--dump-dom", server + "/browse/search?q=energy&mode=lexical&limit=3")
    assert 'name="q" value="energy"' in search and 'rel="next"' in search
    shot = tmp_path / "bill.png"
    chromium(f"--screenshot={shot}", server + "/browse/bills/hjres:119:24")
    assert shot.stat().st_size > 20_000  # a rendered page, not a blank one
