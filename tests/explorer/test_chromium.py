"""The explorer in a real headless Chromium (skipped where no chromium binary is installed).

A live server thread shares the test's SQLite connection, so the pages show the package's ingested samples.
Screenshots of the home page, a search, a bill and a vote go to pytest's tmp dir (and to
$JOSH_SCREENSHOT_DIR when set, e.g. bench/out/explorer, which git ignores) for a person to look at.
"""

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

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
    "--hide-scrollbars",
    "--window-size=1280,1800",
)
PAGES = {
    "home": "/",
    "search": "/search?q=walk-in+freezer+efficiency",
    "bill": "/bills/hjres:119:24",
    "vote": "/votes/senate:119:2025:162",
}


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
def test_explorer_renders_in_chromium(server, tmp_path):
    home = chromium("--dump-dom", server + "/")
    assert "<h1>Explore US federal-policy data</h1>" in home
    assert 'href="/static/explorer/explorer.css"' in home
    search = chromium("--dump-dom", server + PAGES["search"])
    assert "<mark>" in search and 'href="/bills/hjres:119:24#:~:text=' in search  # opens at its passage
    bill = chromium("--dump-dom", server + PAGES["bill"])
    assert 'href="/legislators/B000740"' in bill and "Republicans: 10" in bill
    assert 'data-copy="cite-text">Copy citation' in bill  # the script showed the copy button
    shots = tmp_path / "screenshots"
    shots.mkdir()
    for name, path in PAGES.items():
        shot = shots / f"{name}.png"
        chromium(f"--screenshot={shot}", server + path)
        assert shot.stat().st_size > 50_000, name  # a styled, rendered page, not a blank one
    if target := os.environ.get("JOSH_SCREENSHOT_DIR"):
        Path(target).mkdir(parents=True, exist_ok=True)
        for shot in shots.iterdir():
            shutil.copy(shot, Path(target) / shot.name)
