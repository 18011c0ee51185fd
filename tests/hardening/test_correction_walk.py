"""The curation walk in a real headless Chromium driven by Playwright (skipped where no chromium or no
playwright is installed): an editor proposes a title in the admin -> a curator approves it from the review
queue -> the explorer's bill page serves it with its mark -> upstream renames the bill and an ingest runs ->
the correction is in the review queue and the run's report -> the curator reverts it -> the field's history
shows propose, approve, drift and revert. No correction or event row is deleted at any point.

Screenshots of each step go to var/screenshots (git ignores var/), or $JOSH_SCREENSHOT_DIR when set.
"""

import os
import shutil
from pathlib import Path
from urllib.request import urlopen

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.db.models.signals import post_delete

from apps.bills.models import Bill
from apps.core.plans import get_plan
from apps.curation.models import Correction, CorrectionEvent
from tests.hardening.test_correction_drift import BILL, renamed_upstream
from tests.live import live_server

pytestmark = pytest.mark.django_db

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
playwright = pytest.importorskip("playwright.sync_api", reason="pip install playwright (no browser download)")
SHOTS = Path(os.environ.get("JOSH_SCREENSHOT_DIR") or Path(settings.BASE_DIR) / "var" / "screenshots")
PASSWORD = "a-long-pass-phrase-for-the-walk"
PROPOSED = "Disapproving the DOE walk-in cooler and freezer standards"
REASON = "The official title is a paragraph; a short one for readers."
pytestmark = [
    pytestmark,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]


@pytest.fixture
def walk(hardening_corpus, tmp_path, settings):
    """The people and what the walk needs, read before the live server's first request: the test thread
    touches the database again only once the browser is done (the server thread shares its connection).
    Upstream's renamed bill is the bills source's sample corpus for the run an operator starts mid-walk."""
    settings.JOSH = {**settings.JOSH, "RUNS_INLINE": True}  # the test's transaction never commits
    for name, group in (("eddie", "editor"), ("cora", "curator")):
        user = get_user_model().objects.create_user(name, f"{name}@example.org", PASSWORD, is_staff=True)
        user.groups.add(Group.objects.get(name=group))
    get_user_model().objects.create_superuser("ops", "ops@example.org", PASSWORD)
    bill = Bill.objects.get(bill_id=BILL)
    renamed = bill.title.replace("Walk-In Coolers and Walk-In Freezers", "Walk-In Coolers (renamed upstream)")
    corpus = tmp_path / "corpus"
    for folder in get_plan("bills").sample_paths:
        (corpus / folder).mkdir(parents=True)
    renamed_upstream(corpus / "bill-status" / "v3-119th", bill.title, renamed)
    settings.CORPUS_DIR = corpus
    return {
        "pk": bill.pk,
        "ct": ContentType.objects.get_for_model(Bill).pk,
        "upstream": bill.title,
        "renamed": renamed,
    }


@pytest.fixture
def deletions():
    """Every Correction or CorrectionEvent row deleted through the ORM while the test runs."""
    gone: list[str] = []

    def record(sender, instance, **_kwargs):
        gone.append(f"{sender.__name__} {instance.pk}")

    for model in (Correction, CorrectionEvent):
        post_delete.connect(record, sender=model, dispatch_uid=f"walk-{model.__name__}")
    yield gone
    for model in (Correction, CorrectionEvent):
        post_delete.disconnect(sender=model, dispatch_uid=f"walk-{model.__name__}")


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.stat().st_size > 20_000, name  # a rendered page, not a blank one
    return path


def login(browser, server, username: str):
    page = browser.new_page(viewport={"width": 1366, "height": 900})
    page.set_default_timeout(60_000)
    page.goto(server.url + "/admin/login/?next=/admin/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/admin/")
    return page


def run_action(page, action: str, pk: int) -> None:
    page.check(f"input.action-select[value='{pk}']")
    page.select_option("select[name=action]", action)
    page.locator("button[name=index]").click()
    page.wait_for_load_state()


def test_propose_approve_serve_drift_revert_and_the_whole_history_stays(walk, deletions, monkeypatch):
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")  # Playwright's sync API runs an event loop here
    with live_server() as server, playwright.sync_playwright() as p:
        urlopen(server.url + f"/bills/{BILL}").read()  # the first request loads the URLconf and templates
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            correction = _walk(server, browser, walk)
        finally:
            browser.close()

    # Nothing was deleted: the correction and every event are there, and no delete was ever made. (Read once
    # Playwright's loop is gone: inside it, asgiref's context-local connections give this thread a new
    # connection that cannot see the test's transaction.)
    events = list(
        CorrectionEvent.objects.filter(correction_id=correction)
        .order_by("pk")
        .values_list("action", "username")
    )
    assert events == [("propose", "eddie"), ("approve", "cora"), ("drift", ""), ("revert", "cora")]
    assert Correction.objects.filter(pk=correction, status="reverted", value=PROPOSED).exists()
    assert deletions == []


def _walk(server, browser, walk) -> int:
    """The walk in the browser; the correction's primary key (read from the review queue)."""
    bill_page = f"{server.url}/bills/{BILL}"

    # The editor proposes a shorter title: stored, not served.
    editor = login(browser, server, "eddie")
    editor.goto(
        f"{server.url}/admin/curation/correction/add/?content_type={walk['ct']}&object_id={walk['pk']}"
    )
    editor.select_option("#id_field", "title")
    editor.fill("#id_value", PROPOSED)
    editor.fill("#id_reason", REASON)
    editor.locator("input[name=_save]").click()
    editor.wait_for_url("**/admin/curation/correction/")
    assert (
        "Proposed: a curator approves it before it is served." in editor.locator(".messagelist").inner_text()
    )
    shot(editor, "30-editor-proposed")
    editor.goto(bill_page)
    assert editor.locator("h1").inner_text().startswith(walk["upstream"][:60])
    assert editor.locator("h1 .corrected-mark").count() == 0
    # The curator finds it in the review queue and approves it: served, with its mark.
    curator = login(browser, server, "cora")
    curator.goto(server.url + "/admin/curation/correctiontoreview/")
    queue_text = curator.locator("#result_list").inner_text()
    assert PROPOSED in queue_text and "proposal" in queue_text and "eddie" in queue_text
    shot(curator, "31-review-queue-proposal")
    correction = int(curator.locator("input.action-select").get_attribute("value"))
    run_action(curator, "approve_selected", correction)
    assert "0 corrections to review" in curator.locator(".paginator").inner_text()
    curator.goto(bill_page)
    title = curator.locator("h1")
    assert title.inner_text().startswith(PROPOSED)
    mark = title.locator(".corrected-mark")
    assert mark.text_content().startswith("corrected") and REASON in mark.get_attribute("title")
    assert REASON in mark.locator(".corrected-tip").text_content()  # shown on focus, for keyboard users
    assert walk["upstream"] in mark.get_attribute("title")  # the tooltip names what the source file says
    shot(curator, "32-explorer-corrected-title")

    # Upstream renames the bill; the next ingest (an operator starts it) keeps the correction and flags it.
    ops = login(browser, server, "ops")
    ops.goto(server.url + "/admin/curation/backgroundrun/add/")
    ops.select_option("#id_kind", "ingest")
    ops.select_option("#id_source", "bills")
    ops.locator("input[name=_save]").click()
    ops.wait_for_url("**/admin/curation/backgroundrun/*/change/")
    assert "Done" in ops.locator(".field-status").inner_text()
    assert "1 records (0 inserted, 1 updated" in ops.locator(".field-output").inner_text()
    curator.goto(server.url + "/admin/curation/correctiontoreview/")
    row = curator.locator("#result_list tbody tr")
    assert row.count() == 1
    row_text = row.inner_text()
    assert "upstream changed" in row_text and PROPOSED in row_text
    assert walk["renamed"] in row_text and walk["upstream"] in row_text  # old and new upstream side by side
    shot(curator, "33-review-queue-drift")
    curator.goto(server.url + "/admin/core/ingestrun/")
    curator.locator("#result_list tbody tr").first.locator("th a").click()
    assert "bills" in curator.locator(".field-source").inner_text()
    assert curator.locator(".field-corrections_needing_review .readonly").inner_text() == "1"
    assert (
        "title: the source file's value changed under a curator's correction"
        in curator.locator(".field-warnings").inner_text()
    )
    shot(curator, "34-ingest-run-report")
    curator.goto(server.url + "/healthz")
    assert '"corrections_needing_review": 1' in curator.locator("body").inner_text()

    # The curator reverts it from the queue: the explorer serves the new upstream title, unmarked.
    curator.goto(server.url + "/admin/curation/correctiontoreview/")
    run_action(curator, "revert_selected", correction)
    curator.goto(bill_page)
    assert curator.locator("h1").inner_text().startswith(walk["renamed"][:80])
    assert curator.locator("h1 .corrected-mark").count() == 0

    # The field's history, one click from the correction: all four kinds of step, oldest first.
    curator.goto(server.url + "/admin/curation/correction/")
    curator.get_by_role("link", name="4 event(s)").click()
    history = curator.locator("#result_list tbody tr")
    actions = [history.nth(i).locator("td.field-action").inner_text() for i in range(history.count())]
    assert actions == ["Propose", "Approve", "Drift", "Revert"]
    assert "eddie" in curator.locator("#result_list").inner_text()
    shot(curator, "35-field-history")

    for page in (editor, curator, ops):
        page.close()
    return correction
