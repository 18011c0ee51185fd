"""No inline script runs on any HTML page: the Content-Security-Policy of the explorer, the browsable API,
the admin and /v1/docs allows scripts from Josh's own files only, and the pages still work under it.

Two halves: every page type's header and markup through Django's test client (quick: the policy, and no inline
``<script>``, ``on*=`` handler or ``javascript:`` URL in what the page sends), then the same pages in a real
headless Chromium driven by Playwright, which logs every CSP violation the browser reports (none allowed) and
checks each page's scripts did their work (the copy button, DRF's pretty-printer, Swagger UI, the admin's
sidebar filter). Screenshots go to var/screenshots/csp (git ignores var/), or $JOSH_SCREENSHOT_DIR.
"""

import os
import re
from pathlib import Path
from urllib.error import HTTPError
from urllib.request import urlopen

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model

from apps.bills.models import Bill
from tests.browser import new_page

pytestmark = pytest.mark.django_db

SHOTS = Path(os.environ.get("JOSH_SCREENSHOT_DIR") or Path(settings.BASE_DIR) / "var" / "screenshots") / "csp"
PASSWORD = "a-long-curator-pass"

EXPLORER = {
    "home": "/",
    "search": "/search?q=walk-in+freezer+efficiency",
    "bill": "/bills/hjres:119:24",
    "vote": "/votes/senate:119:2025:162",
    "legislator": "/legislators/B000740",
    "committee": "/committees/HSWM",
    "list": "/votes",
    "document": "/regulatory-documents/regdoc:FRTIB_FRDOC_0001-0319",
    "sign-in": "/sign-in",  # a reader's, for saved searches (apps/feeds)
}
BROWSE = {
    "browse-root": "/browse/",
    "browse-list": "/browse/votes",
    "browse-detail": "/browse/bills/hjres:119:24",
}
DOCS = {"docs": "/v1/docs"}
ADMIN = {
    "admin-login": "/admin/login/",
    "admin-index": "/admin/",
    "admin-votes": "/admin/registry/rollcallvote/",
    "admin-bill": "/admin/bills/bill/{bill_pk}/change/",
}


def directives(policy: str) -> dict[str, list[str]]:
    parsed = (part.split() for part in policy.split(";") if part.strip())
    return {words[0]: words[1:] for words in parsed}


def script_sources(policy: str) -> list[str]:
    """What may run as script: script-src, or default-src where script-src is not given."""
    found = directives(policy)
    return found.get("script-src", found.get("default-src", []))


def inline_code(html: str) -> list[str]:
    """Markup that would run as inline script: a <script> without src (JSON data blocks do not run), an
    ``on*=`` event handler attribute, a ``javascript:`` URL."""
    scripts = [
        tag
        for tag in re.findall(r"<script\b[^>]*>", html, re.I)
        if not re.search(r"\bsrc=", tag) and not re.search(r'type="application/(?:ld\+)?json"', tag)
    ]
    handlers = re.findall(r"<[a-z][^>]*\s(on[a-z]+)\s*=", html, re.I)
    urls = re.findall(r"""(?:href|src|action)\s*=\s*["']\s*javascript:""", html, re.I)
    return scripts + handlers + urls


@pytest.fixture
def bill_pk(corpus_sample):
    return Bill.objects.get(bill_id="hjres:119:24").pk


@pytest.fixture
def curator(bill_pk):
    return get_user_model().objects.create_superuser("curator", "curator@example.org", PASSWORD)


def test_every_page_type_allows_no_inline_script(client, curator, bill_pk):
    pages = {**EXPLORER, **BROWSE, **DOCS}
    checked = {}
    for name, path in [*pages.items(), ("not-found", "/bills/hr:119:99999")]:
        checked[name] = client.get(path, HTTP_ACCEPT="text/html")
    client.force_login(curator)
    for name, path in ADMIN.items():
        if name != "admin-login":
            checked[name] = client.get(path.format(bill_pk=bill_pk))
    client.logout()
    checked["admin-login"] = client.get(ADMIN["admin-login"])
    for name, response in checked.items():
        assert response.status_code == (404 if name == "not-found" else 200), name
        assert "text/html" in response["Content-Type"], name
        policy = response["Content-Security-Policy"]
        sources = script_sources(policy)
        assert sources == ["'self'"], (name, policy)
        assert directives(policy)["object-src"] == ["'none'"] and directives(policy)["base-uri"] == ["'self'"]
        assert inline_code(response.content.decode()) == [], name


def test_data_answers_keep_the_policy_that_loads_nothing(client, corpus_sample):
    for path in ("/v1/votes/senate:119:2025:162", "/v1/openapi.json", "/v1/votes?format=csv"):
        response = client.get(path)
        assert response.status_code == 200, path
        assert response["Content-Security-Policy"] == "default-src 'none'; frame-ancestors 'none'", path
        assert response["X-Content-Type-Options"] == "nosniff"


# ---------------------------------------------------------------------------------------------------------
# In a real browser
# ---------------------------------------------------------------------------------------------------------

# Registered before any page script (Playwright's init scripts are not subject to the page's CSP).
LISTEN = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => window.__csp.push(
  {directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample, line: e.lineNumber}));
"""


@pytest.fixture
def browser(server, curator, browser_loop):
    for path in ("/", "/browse/", "/v1/docs"):  # the server's first requests load the URLconf and templates
        try:
            urlopen(server.url + path).read()
        except HTTPError:
            pass
    # No bypass_csp here: the pages' own policy is what this file tests.
    with new_page(browser_loop, viewport={"width": 1280, "height": 900}) as page:
        page.add_init_script(LISTEN)
        console: list[str] = []
        page.on("console", lambda m: console.append(m.text) if "Content Security Policy" in m.text else None)
        page.console_csp = console
        yield page


def visit(page, url: str, name: str, ready: str = "main, #content, .content-main") -> list:
    """Open ``url``, wait for ``ready`` (what the page's scripts draw, where they draw it), take a screenshot;
    the CSP violations the page reported."""
    page.console_csp.clear()
    # ``load`` (every resource the markup names has loaded or been refused), then what the scripts draw; not
    # ``networkidle``, which waits out 500 ms of quiet on every page. Swagger UI's fetch of the schema comes
    # before its operations are drawn, so ``ready`` covers it.
    page.goto(url)
    page.wait_for_selector(ready)
    page.evaluate("() => new Promise(r => setTimeout(r, 0))")  # violation events queued by now are delivered
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{name}.png"
    page.screenshot(path=str(shot), full_page=False)
    assert shot.stat().st_size > 10_000, name  # a rendered page, not a blank one
    return page.evaluate("window.__csp") + page.console_csp


def test_pages_run_their_scripts_and_report_no_csp_violation(server, browser, bill_pk):
    page, violations = browser, {}
    for name, path in {**EXPLORER, **BROWSE, **DOCS}.items():
        ready = ".swagger-ui .opblock" if name == "docs" else "main, #content, .content-main"
        violations[name] = visit(page, server.url + path, name, ready)
        if name == "bill":  # explorer/copy.js showed the copy button (the clipboard API exists on localhost)
            assert page.locator("button.copy").is_visible()
        elif name == "search":
            assert page.locator("ol.hits li.hit").count() >= 1 and page.locator("ol.hits mark").count() >= 1
        elif name == "browse-detail":  # DRF's scripts pretty-printed the JSON
            assert page.locator("pre.prettyprint span.str").count() > 20
        elif name == "docs":  # Swagger UI read /v1/openapi.json and drew every operation
            assert "Josh" in page.locator(".swagger-ui .info .title").inner_text()
            assert page.locator(".swagger-ui .opblock").count() >= 30
            violations[name] += page.evaluate("window.__csp")
    violations["admin-login"] = visit(page, server.url + ADMIN["admin-login"], "admin-login")
    page.fill("#id_username", "curator")
    page.fill("#id_password", PASSWORD)
    page.locator("input[type=submit]").click()
    page.wait_for_url("**/admin/")
    for name in ("admin-index", "admin-votes", "admin-bill"):
        violations[name] = visit(page, server.url + ADMIN[name].format(bill_pk=bill_pk), name)
        if name == "admin-votes":  # the admin's nav_sidebar.js filters the models as one types
            page.fill("#nav-filter", "roll call")
            assert page.locator("#nav-sidebar th a", has_text="Roll call votes").is_visible()
            assert page.locator("#nav-sidebar th a", has_text="API keys").is_hidden()
            page.fill("#nav-filter", "")
    assert {name: found for name, found in violations.items() if found} == {}
    if target := os.environ.get("JOSH_SCREENSHOT_DIR"):
        assert (Path(target) / "csp" / "docs.png").exists()
