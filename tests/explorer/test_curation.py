"""The curator's admin over the real samples: every admin change page shows all its fields; corrections
survive re-ingest, show in the citation and revert; review flags; runs started from the admin; data quality
for every source."""

import re
from html import unescape

import pytest
from django.contrib import admin
from django.contrib.contenttypes.models import ContentType
from django.urls import reverse

from apps.bills.models import Bill
from apps.core.plans import all_plans
from apps.core.services.ingest import run_ingest
from apps.curation import selectors, services
from apps.curation.models import BackgroundRun, Correction, ReviewFlag
from apps.registry.models import Legislator

pytestmark = pytest.mark.django_db

BILL = "hjres:119:24"
NEW_TITLE = "Disapproving the DOE walk-in cooler and freezer efficiency rule (curated title)"


def _field_names(fieldsets) -> list[str]:
    names = []
    for _name, options in fieldsets:
        for entry in options["fields"]:
            names += list(entry) if isinstance(entry, list | tuple) else [entry]
    return names


def test_every_admin_change_page_renders_all_its_fields(admin_client, rf, admin_user):
    checked = []
    for model, model_admin in admin.site._registry.items():
        obj = model.objects.order_by("pk").first()
        if obj is None:
            continue
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_change", args=[obj.pk])
        response = admin_client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        request = rf.get(url)
        request.user = admin_user
        for name in _field_names(model_admin.get_fieldsets(request, obj)):
            assert f"field-{name}" in html, (url, name)
        assert html.rstrip().endswith("</html>") and 'id="footer"' in html, url  # nothing swallowed the page
        checked.append(model._meta.label)
    assert len(checked) >= 30 and {"bills.Bill", "registry.Legislator", "core.IngestRun"} <= set(checked)


def _bill_ct():
    return ContentType.objects.get_for_model(Bill)


def test_a_correction_is_applied_now_survives_reingest_shows_in_the_citation_and_reverts(client):
    bill = Bill.objects.get(bill_id=BILL)
    ingested = bill.title
    correction = services.correct(
        content_type=_bill_ct(), object_id=str(bill.pk), field="title", value=NEW_TITLE, reason="typo"
    )
    assert correction.ingested_value == ingested
    body = client.get(f"/v1/bills/{BILL}").json()
    assert body["title"] == NEW_TITLE
    assert body["citation"]["corrected"] is True and body["citation"]["corrected_fields"] == ["title"]
    other = client.get("/v1/bills/sjres:119:11").json()["citation"]
    assert set(other) == {"citation_string", "url", "published_at", "source", "retrieved_at", "in_corpus"}
    page = client.get(f"/bills/{BILL}").content.decode()
    assert NEW_TITLE in page and "Corrected by a curator: title differs from the source file." in page

    result = run_ingest(slug="bills")
    assert result.status == "success" and result.inserted == 0 and result.updated == 0  # still a noop
    assert Bill.objects.get(pk=bill.pk).title == NEW_TITLE

    services.revert(correction)
    assert Bill.objects.get(pk=bill.pk).title == ingested
    assert "corrected" not in client.get(f"/v1/bills/{BILL}").json()["citation"]
    again = run_ingest(slug="bills")
    assert again.updated == 0 and Bill.objects.get(pk=bill.pk).title == ingested


def test_a_date_correction_is_typed_and_bad_values_or_fields_are_refused():
    bill = Bill.objects.get(bill_id=BILL)
    services.correct(
        content_type=_bill_ct(),
        object_id=str(bill.pk),
        field="introduced_date",
        value="2025-01-17",
        reason="x",
    )
    assert str(Bill.objects.get(pk=bill.pk).introduced_date) == "2025-01-17"
    from django.core.exceptions import ValidationError

    from apps.core.errors import InvalidParameter, NotFound

    with pytest.raises(ValidationError):
        services.correct(
            content_type=_bill_ct(), object_id=str(bill.pk), field="introduced_date", value="soon", reason="x"
        )
    with pytest.raises(InvalidParameter, match="'sponsor' cannot be corrected"):
        services.correct(
            content_type=_bill_ct(), object_id=str(bill.pk), field="sponsor", value="x", reason="x"
        )
    with pytest.raises(NotFound):
        services.correct(content_type=_bill_ct(), object_id="999999", field="title", value="x", reason="x")


def test_a_curator_corrects_flags_and_reverts_through_the_admin(admin_client):
    bill = Bill.objects.get(bill_id=BILL)
    ct = _bill_ct()
    change = admin_client.get(reverse("admin:bills_bill_change", args=[bill.pk])).content.decode()
    add_url = f"{reverse('admin:curation_correction_add')}?content_type={ct.pk}&amp;object_id={bill.pk}"
    assert f'href="{add_url}">Correct a field</a>' in change and ">Flag for review</a>" in change
    form = admin_client.get(add_url.replace("&amp;", "&")).content.decode()
    # The record by its public id, the field by its label: no primary key or model name to type.
    assert f'value="{BILL}"' in form and '<option value="title">Title</option>' in form

    post = {"record": BILL, "field": "title", "value": NEW_TITLE, "reason": "typo"}
    bad = admin_client.post(reverse("admin:curation_correction_add"), {**post, "field": "sponsor"})
    assert bad.status_code == 200 and "'sponsor' is not a field a curator corrects" in unescape(
        bad.content.decode()
    )
    response = admin_client.post(reverse("admin:curation_correction_add"), post)
    assert response.status_code == 302
    correction = Correction.objects.get(object_id=str(bill.pk), field="title")
    assert correction.created_by.username == "admin" and correction.reason == "typo"
    assert Bill.objects.get(pk=bill.pk).title == NEW_TITLE
    assert (
        "Corrections (1)"
        in admin_client.get(reverse("admin:bills_bill_change", args=[bill.pk])).content.decode()
    )

    revert = admin_client.post(
        reverse("admin:curation_correction_changelist"),
        {"action": "revert_selected", "_selected_action": [correction.pk]},
    )
    assert revert.status_code == 302
    assert Correction.objects.get(pk=correction.pk).status == "reverted"  # kept: a revert is a state
    assert Bill.objects.get(pk=bill.pk).title != NEW_TITLE

    flag = admin_client.post(
        reverse("admin:curation_reviewflag_add"),
        {"content_type": ct.pk, "object_id": bill.pk, "note": "sponsor party looks wrong"},
    )
    assert flag.status_code == 302
    assert ReviewFlag.objects.get().note == "sponsor party looks wrong"
    missing = admin_client.post(
        reverse("admin:curation_reviewflag_add"), {"content_type": ct.pk, "object_id": "999999", "note": "x"}
    )
    assert "No bill with primary key" in missing.content.decode()


def test_a_run_started_from_the_admin_records_its_progress(admin_client):
    response = admin_client.post(
        reverse("admin:curation_backgroundrun_add"), {"kind": "ingest", "source": "bills"}
    )
    run = BackgroundRun.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse(
        "admin:curation_backgroundrun_change", args=[run.pk]
    )
    assert run.status == "queued" and run.started_by.username == "admin"  # the thread starts on commit
    page = admin_client.get(response["Location"]).content.decode()
    assert '<meta http-equiv="refresh" content="2">' in page

    done = services.start_run(kind="ingest", source="bills", wait=True)
    done.refresh_from_db()
    assert done.status == "done" and done.progress == "finished" and done.ingest_run.source == "bills"
    assert re.match(r"success: \d+ records \(0 inserted, 0 updated, \d+ unchanged\)", done.output)
    assert (
        "refresh"
        not in admin_client.get(
            reverse("admin:curation_backgroundrun_change", args=[done.pk])
        ).content.decode()
    )


def test_an_embed_run_started_from_the_admin_makes_the_source_semantic(admin_client):
    from apps.search.selectors import search

    response = admin_client.post(
        reverse("admin:curation_backgroundrun_add"), {"kind": "embed", "source": "crs-reports"}
    )
    queued = BackgroundRun.objects.get()
    assert response.status_code == 302 and (queued.kind, queued.status) == ("embed", "queued")

    done = services.start_run(kind="embed", source="crs-reports", wait=True)
    done.refresh_from_db()
    assert (done.status, done.progress) == ("done", "finished"), done.output
    docs, chunks = map(int, re.search(r"crs-reports: (\d+) docs, (\d+) chunks", done.output).groups())
    assert docs > 0 and chunks >= docs
    page = search(q="electricity demand of cryptocurrency mining", source="crs-reports", mode="semantic")
    assert page.total == docs and page.results[0].source == "crs-reports"


def test_data_quality_covers_every_source_and_reconciles_run_counts(admin_client):
    reports = {r.slug: r for r in selectors.all_sources_quality()}
    assert set(reports) == {p.slug for p in all_plans()}
    legislators = reports["legislators"].reconciliation
    stubs = Legislator.objects.filter(is_stub=True).count()
    assert stubs > 0 and legislators.stored == Legislator.objects.count()
    assert legislators.difference == legislators.stored - legislators.last_run_records
    assert legislators.explained[0].startswith(f"{stubs} stub records created by other sources")
    bills = reports["bills"]
    assert bills.records == Bill.objects.count() and any(g.field == "policy_area" for g in bills.gaps)
    index = admin_client.get(reverse("admin:index")).content.decode()
    assert f'href="{reverse("admin:curation_quality")}">Data quality</a>' in index
    page = admin_client.get(reverse("admin:curation_quality")).content.decode()
    for slug in reports:
        assert f'id="q-{slug}"' in page
    one = admin_client.get(reverse("admin:curation_quality_source", args=["legislators"]))
    assert one.status_code == 200 and "stub records" in one.content.decode()
