"""Upstream drift (docs/ACCESS.md "Corrections: upstream drift"): an ingest that changes the source file's
value of a corrected field flags the correction ``needs_review`` with a ``drift`` event (old upstream, new
upstream, the corrected value still served), counts it in the run (IngestRun, the ``ingest`` command's
summary) and on /healthz; a curator confirms, revises or reverts, each an event that clears the flag."""

from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command

from apps.bills.models import Bill
from apps.core.models import IngestRun
from apps.core.services.ingest import run_ingest
from apps.curation import services
from apps.curation.models import Correction, CorrectionEvent

pytestmark = pytest.mark.django_db

BILL = "hjres:119:24"
BILL_FILE = Path(settings.CORPUS_DIR) / "bill-status" / "v3-119th" / "BILLSTATUS-119hjres24.xml"
CORRECTED = "Disapproving the DOE walk-in cooler and freezer standards"


def renamed_upstream(tmp_path: Path, old: str, new: str) -> Path:
    """The bill's BILLSTATUS file as upstream would publish it after renaming the bill."""
    text = BILL_FILE.read_text(encoding="utf-8")
    assert text.count(f">{old}</title>") >= 1
    path = tmp_path / BILL_FILE.name
    path.write_text(text.replace(f">{old}</title>", f">{new}</title>"), encoding="utf-8")
    return path


def _events(correction) -> list[tuple]:
    return list(
        correction.events.order_by("pk").values_list(
            "action", "before", "after", "upstream_value", "previous_upstream"
        )
    )


def test_an_upstream_change_flags_the_correction_counts_it_and_a_curator_settles_it(
    hardening_corpus, tmp_path, client
):
    bill = Bill.objects.get(bill_id=BILL)
    upstream = bill.title
    renamed = upstream.replace("Walk-In Coolers and Walk-In Freezers", "Walk-In Coolers (renamed upstream)")
    ct = ContentType.objects.get_for_model(Bill)
    correction = services.correct(
        content_type=ct, object_id=str(bill.pk), field="title", value=CORRECTED, reason="readable title"
    )

    # The same file again: nothing moved upstream, nothing flagged.
    same = run_ingest(slug="bills", paths=[BILL_FILE])
    assert (same.noop, same.corrections_needing_review) == (1, 0)
    correction.refresh_from_db()
    assert (
        correction.needs_review is False and client.get("/healthz").json()["corrections_needing_review"] == 0
    )

    # Upstream renames the bill: the correction still wins, flagged, with old and new upstream kept.
    result = run_ingest(slug="bills", paths=[renamed_upstream(tmp_path, upstream, renamed)])
    assert result.corrections_needing_review == 1
    bill.refresh_from_db()
    correction.refresh_from_db()
    assert bill.title == CORRECTED
    assert (correction.needs_review, correction.ingested_value, correction.status) == (
        True,
        renamed,
        "active",
    )
    assert _events(correction)[-1] == ("drift", CORRECTED, CORRECTED, renamed, upstream)
    run = IngestRun.objects.get(pk=result.run_id)
    assert run.corrections_needing_review == 1
    flagged = [w for w in run.warnings if "changed under a curator's correction" in w["message"]]
    assert len(flagged) == 1 and flagged[0]["record"] == BILL and flagged[0]["message"].startswith("title: ")
    assert client.get("/healthz").json()["corrections_needing_review"] == 1
    # The citation's provenance tells readers what the source file says now.
    assert (
        client.get(f"/v1/bills/{BILL}").json()["citation"]["corrections"]["title"]["upstream_value"]
        == renamed
    )

    # The renamed file again: already known, so no second flag or event.
    again = run_ingest(slug="bills", paths=[tmp_path / BILL_FILE.name])
    assert again.corrections_needing_review == 0
    assert correction.events.filter(action="drift").count() == 1

    # Confirm: keep the correction; the flag clears.
    services.confirm(correction, reason="our title still reads better")
    correction.refresh_from_db()
    assert (
        correction.needs_review is False and client.get("/healthz").json()["corrections_needing_review"] == 0
    )
    with pytest.raises(services.InvalidParameter, match="does not need review"):
        services.confirm(correction)

    # Upstream goes back: flagged again; a revert serves what the file says now and clears the flag.
    back = run_ingest(slug="bills", paths=[BILL_FILE])
    assert back.corrections_needing_review == 1
    services.revert(correction, reason="upstream fixed it")
    bill.refresh_from_db()
    correction.refresh_from_db()
    assert bill.title == upstream and (correction.needs_review, correction.status) == (False, "reverted")
    assert [e[0] for e in _events(correction)] == ["create", "drift", "confirm", "drift", "revert"]
    assert _events(correction)[3] == ("drift", CORRECTED, CORRECTED, upstream, renamed)
    assert _events(correction)[4][1:3] == (CORRECTED, upstream)

    # While reverted, upstream moves again: nothing to review (the file's value is served); a later revise
    # keeps the value the file says now as its upstream.
    while_reverted = run_ingest(slug="bills", paths=[tmp_path / BILL_FILE.name])
    assert while_reverted.corrections_needing_review == 0
    services.correct(content_type=ct, object_id=str(bill.pk), field="title", value=CORRECTED, reason="again")
    correction.refresh_from_db()
    assert (correction.status, correction.ingested_value, correction.needs_review) == (
        "active",
        renamed,
        False,
    )
    assert [e[0] for e in _events(correction)][-1] == "revise"


def test_a_revise_settles_a_drift_and_the_ingest_command_says_how_many_need_review(
    hardening_corpus, tmp_path
):
    bill = Bill.objects.get(bill_id=BILL)
    upstream = bill.title
    ct = ContentType.objects.get_for_model(Bill)
    services.correct(content_type=ct, object_id=str(bill.pk), field="title", value=CORRECTED, reason="short")
    out = StringIO()
    call_command(
        "ingest", "bills", str(renamed_upstream(tmp_path, upstream, "A new upstream title")), stdout=out
    )
    assert "1 corrections need review" in out.getvalue()
    correction = Correction.objects.get(object_id=str(bill.pk), field="title")
    assert correction.needs_review and services.needing_review_count() == 1
    services.correct(
        content_type=ct, object_id=str(bill.pk), field="title", value="Newer title", reason="re-read"
    )
    correction.refresh_from_db()
    assert (correction.needs_review, correction.value, correction.ingested_value) == (
        False,
        "Newer title",
        "A new upstream title",
    )
    assert list(correction.events.values_list("action", flat=True).order_by("pk")) == [
        "create",
        "drift",
        "revise",
    ]


def test_a_record_that_fails_to_load_takes_its_drift_flag_with_it(hardening_corpus):
    """A drift reported inside a record's savepoint that rolls back is not counted (nor stored)."""
    from django.db import transaction

    from apps.core import overrides

    bill = Bill.objects.get(bill_id=BILL)
    ct = ContentType.objects.get_for_model(Bill)
    correction = services.correct(
        content_type=ct, object_id=str(bill.pk), field="title", value=CORRECTED, reason="short"
    )
    with overrides.collecting_drift() as drifts:
        with pytest.raises(RuntimeError), transaction.atomic():
            services.PROVIDER.ingested(Bill, bill.pk, {"title": "moved"})
            assert len(drifts) == 1
            raise RuntimeError("the record's load failed after its upsert")
    correction.refresh_from_db()
    assert correction.needs_review is False and not CorrectionEvent.objects.filter(action="drift").exists()
