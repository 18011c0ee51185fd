"""A field's correction history in the admin (the CorrectionEvent changelist for one correction) at a laptop's
1366 x 768 in headless Chromium: a real history (create, an upstream drift brought by an ingest, revise,
revert, reinstate) with long values fits its box, each drift shows the old upstream value beside the new one,
and axe-core finds no violation (any impact, WCAG 2 A/AA). Skipped where no chromium is installed."""

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.contenttypes.models import ContentType

from apps.bills.models import Bill
from apps.core.services.ingest import run_ingest
from apps.curation import services
from apps.curation.admin import history_url
from apps.curation.models import Correction
from tests.explorer import test_admin_layout as layout
from tests.explorer.test_admin_layout import LAPTOP, all_violations, shot, table_overflow
from tests.explorer.test_journeys import CHROMIUM
from tests.explorer.test_mobile import overflow

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(CHROMIUM is None, reason="no chromium (apt-get install chromium)"),
]
# The admin-layout tests' fixtures: a superuser curator with one correction, its session, and Chromium signed in
# at 1366 px.
curated, session, laptop = layout.curated, layout.session, layout.laptop
BILL_FILE = Path(settings.CORPUS_DIR) / "bill-status" / "v3-119th" / "BILLSTATUS-119hjres24.xml"
RENAMED = "A title renamed upstream after the correction, long enough to need wrapping in a narrow column"


@pytest.fixture
def history(curated, tmp_path):
    """The curated title's correction taken through every kind of step, before the live server's first
    request. The drift is a real one: the bill's file re-ingested with the title renamed."""
    bill = Bill.objects.get(bill_id="hjres:119:24")
    correction = Correction.objects.get(
        content_type=ContentType.objects.get_for_model(Bill), object_id=str(bill.pk), field="title"
    )
    upstream = correction.ingested_value
    text = BILL_FILE.read_text(encoding="utf-8")
    renamed = tmp_path / BILL_FILE.name
    renamed.write_text(text.replace(f">{upstream}</title>", f">{RENAMED}</title>"), encoding="utf-8")
    assert run_ingest(slug="bills", paths=[renamed]).corrections_needing_review == 1
    services.correct(
        content_type=correction.content_type,
        object_id=correction.object_id,
        field="title",
        value="Disapproving the Department of Energy's walk-in cooler and freezer efficiency rule (revised)",
        reason="Upstream renamed it; the curated title now names the department in full for readers.",
    )
    correction.refresh_from_db()
    services.revert(correction, reason="Checking what the source file says now, before a final decision.")
    services.reinstate(correction, reason="The curated title reads better; kept after comparing both.")
    return {"url": history_url(correction.pk), "upstream": upstream}


def test_a_fields_history_fits_1366px_shows_the_old_upstream_and_passes_axe(server, history, laptop):
    laptop.goto(server.url + history["url"])
    found = table_overflow(laptop)
    print("history table at 1366 px:", json.dumps(found))
    assert laptop.locator("h1").inner_text() == "History of title of hjres:119:24"
    rows = laptop.locator("#result_list tbody tr")
    assert rows.count() == 5
    actions = [rows.nth(i).locator("td.field-action").inner_text().strip() for i in range(5)]
    assert actions == ["Create", "Drift", "Revise", "Revert", "Reinstate"]
    # The drift's old upstream value (what the file said before the ingest) beside its new one.
    headers = [h.strip().lower() for h in laptop.locator("#result_list thead th").all_inner_texts()]
    assert headers == [
        "at",
        "action",
        "before",
        "after",
        "old upstream",
        "upstream",
        "reason",
        "username",
    ]
    drift = rows.nth(1)
    assert drift.locator("td.field-old_upstream").inner_text().strip() == history["upstream"]
    assert drift.locator("td.field-upstream").inner_text().strip() == RENAMED
    # A step that is not a drift has no old upstream value: the admin's empty mark, not a blank.
    assert rows.nth(0).locator("td.field-old_upstream").inner_text().strip() == "-"

    shot(laptop, "correction-history")
    assert found["scroll"] <= found["width"] and found["table"] <= found["box"], json.dumps(
        {**found, "out": overflow(laptop)["out"], "viewport": LAPTOP}
    )
    assert all_violations(laptop) == []
