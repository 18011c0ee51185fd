"""One headless Chromium per test process, and a fresh browser context (cookies, storage) for each test.

Starting Playwright's driver and Chromium costs about a second of CPU; the browser tests used to pay it in
every test. ``chromium`` starts both once, the first time a test asks (each pytest-xdist worker has its
own), and ``new_page`` opens an isolated context on it, so no cookie or stored state passes between tests.

Playwright's sync API marks its event loop as running on the main thread between its calls. Left that way, a
later test of async code on the same thread (``asyncio.run``, ``async_to_sync``) would be refused and every
ORM call would count as async. So the loop is marked running only while a test holds a page
(``browser_loop``), and cleared between tests.
"""

import asyncio
import shutil
from contextlib import contextmanager
from pathlib import Path

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
ARGS = ["--no-sandbox", "--disable-gpu"]
TIMEOUT_MS = 60_000
AXE = Path(__file__).parent / "explorer" / "vendor" / "axe-core" / "axe.min.js"


@pytest.fixture(scope="session")
def chromium():
    """The process's Chromium, with the event loop Playwright drives it from."""
    if CHROMIUM is None:
        pytest.skip("no chromium (apt-get install chromium)")
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="pip install playwright (no browser download)"
    )
    driver = sync_api.sync_playwright().start()
    browser = driver.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    loop = asyncio.get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield browser, loop
    finally:
        asyncio._set_running_loop(loop)
        try:
            browser.close()
            driver.stop()
        finally:
            asyncio._set_running_loop(None)


@pytest.fixture
def browser_loop(chromium, monkeypatch):
    """Playwright's loop marked running for this test only, and Django told that sync ORM calls are fine here
    (the test's own ORM calls are sync; they only look async because of the marked loop)."""
    browser, loop = chromium
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    asyncio._set_running_loop(loop)
    try:
        yield browser
    finally:
        try:
            for context in browser.contexts:  # one a test opened and left open: its cookies go with it
                context.close()
        finally:
            asyncio._set_running_loop(None)


@contextmanager
def new_page(browser, axe: bool = False, **options):
    """A page in a context of its own (``options`` as Browser.new_context takes them), closed on the way out.

    ``axe``: every document the context loads gets axe-core before its own scripts, for tests that run axe on
    (nearly) every page they open. Added to a page after it loaded, the ~500 KB script crosses Playwright's
    pipe and is parsed again each time (~0.18 s a page); as an init script it crosses once and costs the
    parse (~0.035 s) on each load."""
    context = browser.new_context(**options)
    if axe:
        context.add_init_script(path=str(AXE))
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    try:
        yield page
    finally:
        context.close()


def load_axe(page) -> None:
    """axe-core in the page, where the context did not load it with the document already."""
    if page.evaluate("typeof axe") == "undefined":
        page.add_script_tag(path=str(AXE))


def dom(page, url: str) -> str:
    """The DOM of ``url`` once its scripts ran (what ``chromium --dump-dom`` printed)."""
    page.goto(url)
    return page.content()
