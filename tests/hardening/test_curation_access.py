"""What each curation role can reach, and the one field rule (docs/ACCESS.md "Corrections: roles" and "the
form"): the admin header links only pages the role may open; editors and curators view the records they
correct, so a record's admin page, with its "Correct a field", opens for them; the services and the queue
refuse the fields the form refuses, in the one error envelope; a dry-run ingest says how many corrections it
*would* flag and stores nothing."""

import re
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from apps.bills.models import Bill
from apps.core.errors import InvalidParameter, error_body
from apps.core.models import IngestRun
from apps.core.services.ingest import run_ingest
from apps.curation import fields, proposals, queue, records, services
from apps.curation.models import Correction, CorrectionEvent, QueuedChange

pytestmark = pytest.mark.django_db

BILL = "hjres:119:24"
BILL_FILE = Path(settings.CORPUS_DIR) / "bill-status" / "v3-119th" / "BILLSTATUS-119hjres24.xml"


def _login(name: str, group: str | None = None, **extra) -> tuple[Client, object]:
    user = get_user_model().objects.create_user(name, f"{name}@example.org", "a-long-pass-phrase", **extra)
    if group:
        user.groups.add(Group.objects.get(name=group))
    client = Client()
    client.force_login(user)
    return client, user


def _header_links(client) -> dict[str, str]:
    html = client.get(reverse("admin:index")).content.decode()
    nav = re.search(r'<div id="josh-nav".*?</div>', html, re.S).group(0)
    return {text.strip(): href for href, text in re.findall(r'<a href="([^"]+)">([^<]+)</a>', nav)}


# role -> the header's curation links it sees (each one opens for it; the others are not shown).
HEADER = {
    "editor": {"Corrections"},
    "curator": {"Data quality", "Corrections", "Review flags"},
    "admin": {"Data quality", "Start an ingest or embed run", "Corrections", "Review flags"},
}
PUBLIC = {"Josh home", "Browsable API", "REST docs"}


@pytest.mark.parametrize("role", sorted(HEADER))
def test_the_admin_header_links_only_pages_the_role_opens(hardening_corpus, role):
    extra = {"is_staff": True, "is_superuser": role == "admin"}
    client, _ = _login(f"{role}-1", None if role == "admin" else role, **extra)
    links = _header_links(client)
    assert set(links) == PUBLIC | HEADER[role]
    for text in HEADER[role]:
        assert client.get(links[text]).status_code == 200, (role, text)


@pytest.mark.parametrize("role", ["editor", "curator"])
def test_editors_and_curators_view_every_correctable_record_and_reach_correct_a_field(hardening_corpus, role):
    client, user = _login(f"{role}-2", role, is_staff=True)
    for ct in services.record_types():
        model = ct.model_class()
        assert user.has_perm(f"{ct.app_label}.view_{ct.model}"), model
        assert not user.has_perm(f"{ct.app_label}.change_{ct.model}"), model  # the data changes by ingest
    bill = Bill.objects.get(bill_id=BILL)
    page = client.get(reverse("admin:bills_bill_change", args=[bill.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    correct = re.search(r'<a href="([^"]+)">Correct a field</a>', html)
    assert correct is not None
    form = client.get(correct.group(1).replace("&amp;", "&"))
    assert form.status_code == 200 and f'value="{BILL}"' in form.content.decode()
    # An editor proposes and does not flag: the record page offers it no "Flag for review" (a 403).
    assert ("Flag for review" in html) == (role == "curator")


REFUSED = ["body", "actions", "bill_id", "is_stub", "source_file", "update_date"]


def test_the_form_and_the_services_share_one_field_rule(hardening_corpus):
    offered = [c.name for c in records.offered_fields(Bill)]
    assert offered == fields.correctable_fields(Bill) and "title" in offered
    assert not set(REFUSED) & set(offered)
    assert set(fields.correctable_fields(Bill)) <= set(fields.plain_columns(Bill))


@pytest.mark.parametrize("field", REFUSED)
def test_the_services_and_the_queue_refuse_a_field_the_form_refuses(hardening_corpus, field):
    bill = Bill.objects.get(bill_id=BILL)
    ct = ContentType.objects.get_for_model(Bill)
    events, changes = CorrectionEvent.objects.count(), QueuedChange.objects.count()
    target = {"content_type": ct, "object_id": str(bill.pk), "field": field, "value": "x", "reason": "y"}
    for step in (services.correct, proposals.propose):
        with pytest.raises(InvalidParameter) as refused:
            step(**target)
        body = error_body(refused.value)
        assert (body["error"]["code"], body["error"]["hint"]["parameter"]) == ("invalid_parameter", "field")
        assert body["error"]["message"] == (
            f"'{field}' cannot be corrected on a bill. Correctable: {', '.join(fields.correctable_fields(Bill))}."
        )
    with pytest.raises(InvalidParameter, match=f"'{field}' cannot be corrected"):
        queue.submit(
            action=QueuedChange.Action.CORRECT,
            record_type="bills.bill",
            object_id=str(bill.pk),
            field=field,
            value="x",
            text="y",
        )
    assert (CorrectionEvent.objects.count(), QueuedChange.objects.count()) == (events, changes)
    assert not Correction.objects.filter(field=field).exists()


def test_a_dry_run_says_it_would_flag_and_stores_nothing(hardening_corpus, tmp_path):
    bill = Bill.objects.get(bill_id=BILL)
    ct = ContentType.objects.get_for_model(Bill)
    correction = services.correct(
        content_type=ct, object_id=str(bill.pk), field="title", value="A curated title", reason="readable"
    )
    upstream = correction.ingested_value
    renamed = tmp_path / BILL_FILE.name
    text = BILL_FILE.read_text(encoding="utf-8")
    renamed.write_text(text.replace(f">{upstream}</title>", ">Renamed upstream</title>"), encoding="utf-8")
    runs, events = IngestRun.objects.count(), CorrectionEvent.objects.count()

    result = run_ingest(slug="bills", paths=[renamed], dry_run=True)
    assert (result.dry_run, result.corrections_needing_review, result.run_id) == (True, 1, None)
    out = StringIO()
    call_command("ingest", "bills", str(renamed), "--dry-run", "--no-progress", stdout=out)
    said = " ".join(out.getvalue().split())
    assert "would flag 1 corrections for review" in said and "need review" not in said

    correction.refresh_from_db()
    bill.refresh_from_db()
    assert (correction.needs_review, correction.ingested_value, bill.title) == (
        False,
        upstream,
        "A curated title",
    )
    assert (IngestRun.objects.count(), CorrectionEvent.objects.count()) == (runs, events)
    # What readers are told the source file says did not move either (the provider's cache was dropped).
    assert services.provenance(Bill, bill.pk)["title"]["upstream_value"] == upstream
