"""The admin at a laptop's 1366 x 768, in a real headless Chromium driven by Playwright (skipped where no
chromium or no playwright is installed): no changelist of the curation models or the data models scrolls
sideways, and axe-core finds no violation at all (any impact, WCAG 2 A/AA) on the corrections list, the add
form and a field's history.

Screenshots go to var/screenshots/admin (git ignores var/), or $JOSH_SCREENSHOT_DIR/admin when set.
"""

import json

import pytest
from django.apps import apps
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from apps.bills.models import Bill
from apps.citations.models import CitedRecord
from apps.curation import services
from apps.curation.admin import history_url
from tests.browser import load_axe, new_page
from tests.explorer.test_journeys import CHROMIUM, SHOTS
from tests.explorer.test_mobile import overflow

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]
LAPTOP = {"width": 1366, "height": 768}
PASSWORD = "a-long-curator-pass"


def changelists() -> dict[str, str]:
    """The changelist of every curation model and every data model (a cited record) the admin shows."""
    data = [m for m in apps.get_models() if issubclass(m, CitedRecord)]
    chosen = [m for m in admin.site._registry if m._meta.app_label == "curation" or m in data]
    return {
        m._meta.label: reverse(f"admin:{m._meta.app_label}_{m._meta.model_name}_changelist") for m in chosen
    }


@pytest.fixture
def curated(settings):
    """A curator and one correction (so the lists and the history have a row), written before the live
    server's first request: the test thread touches the database no more while the server thread uses it."""
    get_user_model().objects.create_superuser("curator", "curator@example.org", PASSWORD)
    bill = Bill.objects.get(bill_id="hjres:119:24")
    correction = services.correct(
        content_type=ContentType.objects.get_for_model(Bill),
        object_id=str(bill.pk),
        field="title",
        value="Disapproving the walk-in cooler and freezer rule (a curated title, long enough to wrap)",
        reason="The official title is long; a short descriptive title for readers.",
    )
    return {"lists": changelists(), "history": history_url(correction.pk)}


@pytest.fixture
def session(curated, client):
    """The curator's session cookie, made before Playwright runs. The admin's login form is not this file's
    subject (test_journeys and test_csp sign in through it); each test here used to fill it first."""
    from django.conf import settings

    client.force_login(get_user_model().objects.get(username="curator"))
    return {"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value}


@pytest.fixture
def laptop(server, curated, session, browser_loop):
    with new_page(browser_loop, viewport=LAPTOP, bypass_csp=True, device_scale_factor=1) as page:
        page.context.add_cookies([{**session, "url": server.url}])
        yield page


def table_overflow(page) -> dict:
    """The document's width and the results table's: Django's changelist scrolls its table inside a box
    (``.results { overflow-x: auto }``), so a table cut off at the window shows as that box's scrollbar."""
    return page.evaluate(
        """() => {
          const box = document.querySelector('#changelist .results');
          return {scroll: document.documentElement.scrollWidth, width: window.innerWidth,
                  table: box ? box.scrollWidth : 0, box: box ? box.clientWidth : 0};
        }"""
    )


def all_violations(page) -> list[dict]:
    """Every axe-core finding on the page, whatever its impact (WCAG 2 A/AA rules)."""
    load_axe(page)
    return page.evaluate(
        """async () => (await axe.run(document, {runOnly: ['wcag2a', 'wcag2aa']})).violations
             .map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))}))"""
    )


def shot(page, name: str) -> None:
    out = SHOTS / "admin"
    out.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(out / f"{name}.png"))  # the first screen, as a curator sees it


def test_no_admin_changelist_scrolls_sideways_at_1366px(server, curated, laptop):
    lists = curated["lists"]
    assert {"curation.Correction", "curation.CorrectionEvent", "bills.Bill", "registry.Legislator"} <= set(
        lists
    )
    assert len(lists) >= 25
    wide = {}
    for label, path in lists.items():
        laptop.goto(server.url + path)
        assert laptop.locator("#changelist").count() == 1, label
        found = table_overflow(laptop)
        if found["scroll"] > found["width"] or found["table"] > found["box"]:
            wide[label] = {**found, "out": overflow(laptop)["out"]}
        if label in (
            "curation.Correction",
            "bills.Bill",
            "registry.CommitteeMembership",
            "registry.Committee",
        ):
            shot(laptop, f"changelist-{label}")
    assert not wide, json.dumps(wide, indent=1)


def test_axe_finds_nothing_on_the_corrections_list_add_form_and_history(server, curated, laptop):
    pages = {
        "corrections": reverse("admin:curation_correction_changelist"),
        "add-correction": reverse("admin:curation_correction_add") + "?record=hjres:119:24",
        "history": curated["history"],
    }
    found = {}
    for name, path in pages.items():
        laptop.goto(server.url + path)
        shot(laptop, name)
        violations = all_violations(laptop)
        if violations:
            found[name] = violations
    assert found == {}, json.dumps(found, indent=1)


def test_a_curator_picks_a_record_by_its_id_from_the_suggestions_and_corrects_it(server, curated, laptop):
    page = laptop
    page.goto(server.url + reverse("admin:curation_correction_changelist"))
    page.get_by_role("link", name="Add correction").click()
    page.wait_for_url("**/curation/correction/add/")
    page.locator("#id_record").press_sequentially("S0000", delay=30)
    # The suggestions come from the records/ endpoint into the input's datalist (static JS, no inline script).
    page.wait_for_selector('#record-suggestions option[value="S000033"]', state="attached")
    assert "Sanders" in page.locator('#record-suggestions option[value="S000033"]').get_attribute("label")
    page.locator("#id_record").fill("S000033")
    page.get_by_role("button", name="Show its fields").click()
    page.wait_for_url("**/curation/correction/add/?record=S000033")
    row = page.locator("#value-nickname")
    assert row.locator("th").inner_text().startswith("Nickname")
    page.select_option("#id_field", label="Nickname")
    page.fill("#id_value", "Bernie")
    page.fill("#id_reason", "The senator's own site.")
    page.screenshot(path=str(SHOTS / "admin" / "add-correction-filled.png"), full_page=True)
    page.locator("input[name=_save]").click()
    page.wait_for_url("**/admin/curation/correction/")
    assert "legislator S000033" in page.locator("#result_list").inner_text()
    page.goto(server.url + reverse("admin:curation_correction_add") + "?record=S000033")
    assert "Bernie (corrected)" in page.locator("#value-nickname td").first.inner_text()
