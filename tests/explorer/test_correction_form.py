"""The correction form in the curator's language, over the real samples: a record is picked by its public id
(suggested as it is typed), a field by its label among the fields a curator corrects, the served and upstream
values are on the page before saving, and a bad id or field is a form error naming what to fix."""

import re
from html import unescape

import pytest
from django.urls import reverse

from apps.bills.models import Bill
from apps.curation.models import Correction
from apps.documents.models import FrDocument
from apps.registry.models import Legislator

pytestmark = pytest.mark.django_db

BILL = "hjres:119:24"
ADD = "admin:curation_correction_add"


def _page(response) -> str:
    assert response.status_code == 200
    return unescape(response.content.decode())


def _options(html: str) -> list[tuple[str, str]]:
    select = re.search(r'<select name="field"[^>]*>(.*?)</select>', html, re.S).group(1)
    return re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', select)


def test_add_from_the_list_needs_no_primary_key_and_shows_fields_and_values(admin_client):
    empty = _page(admin_client.get(reverse(ADD)))
    assert 'name="record"' in empty and 'list="record-suggestions"' in empty
    assert _options(empty) == [("", "— pick the record first —")]
    assert 'name="content_type"' not in empty and 'name="object_id"' not in empty

    # "Show its fields" with an alias spelling: the page is drawn again for the canonical id, nothing saved.
    shown = admin_client.post(reverse(ADD), {"record": "H.J.Res. 24-119", "_lookup": "1"})
    assert shown.status_code == 302 and shown.url.endswith(f"?record={BILL.replace(':', '%3A')}")
    html = _page(admin_client.get(shown.url))
    assert Correction.objects.count() == 0
    options = dict(_options(html))
    assert options["title"] == "Title" and options["latest_action_text"] == "Latest action text"
    # Not offered: the ids every link finds the record by, full texts, the actions index text, bookkeeping.
    assert not {"bill_id", "body", "actions", "status_source", "body_version", "update_date"} & set(options)
    bill = Bill.objects.get(bill_id=BILL)
    row = re.search(r'<tr id="value-title">(.*?)</tr>', html, re.S).group(1)
    assert "Display title (BILLSTATUS <title>)." in row  # the field's help text, escaped
    assert row.count(bill.title[:60]) == 2  # served now = what the source file says: no correction yet


def test_a_correction_saved_by_public_id_shows_served_and_upstream_values(admin_client):
    legislator = Legislator.objects.get(bioguide_id="B000740")
    saved = admin_client.post(
        reverse(ADD),
        {"record": "B000740", "field": "nickname", "value": "Steph", "reason": "Her office's site says so."},
    )
    assert saved.status_code == 302, _page(saved)[:3000]
    correction = Correction.objects.get(field="nickname")
    assert (correction.content_type.model, correction.object_id) == ("legislator", str(legislator.pk))
    assert Legislator.objects.get(pk=legislator.pk).nickname == "Steph"

    html = _page(admin_client.get(reverse(ADD) + "?record=B000740"))
    row = re.search(r'<tr id="value-nickname">(.*?)</tr>', html, re.S).group(1)
    cells = re.findall(r"<td>(.*?)</td>", row, re.S)
    upstream = legislator.nickname or ""
    assert "Steph" in cells[0] and "(corrected)" in cells[0]
    assert (upstream or "no value") in cells[1] and "Steph" not in cells[1]

    # The change page names the record by its public id; record and field stay, value and reason change.
    change = _page(admin_client.get(reverse("admin:curation_correction_change", args=[correction.pk])))
    assert 'value="B000740"' in change and "disabled" in change
    revised = admin_client.post(
        reverse("admin:curation_correction_change", args=[correction.pk]),
        {"record": "S000033", "field": "title", "value": "Stephanie", "reason": "Full first name."},
    )
    assert revised.status_code == 302, _page(revised)[:3000]
    correction.refresh_from_db()
    assert (correction.object_id, correction.field, correction.value) == (
        str(legislator.pk),
        "nickname",
        "Stephanie",
    )
    assert [e.action for e in correction.events.order_by("pk")] == ["create", "revise"]


def test_a_federal_register_document_number_names_its_document(admin_client):
    doc = FrDocument.objects.get(fr_id="fr:2024-02930")
    html = _page(admin_client.get(reverse(ADD) + "?record=2024-02930"))
    assert ("title", "Title") in _options(html) and ("document_number", "Document number") not in _options(
        html
    )
    saved = admin_client.post(
        reverse(ADD), {"record": "2024-02930", "field": "agency", "value": "DOE", "reason": "Short name."}
    )
    assert saved.status_code == 302, _page(saved)[:3000]
    assert Correction.objects.get(field="agency").object_id == str(doc.pk)


def test_a_bad_record_field_or_value_is_a_form_error_naming_what_to_fix(admin_client):
    post = {"record": BILL, "field": "title", "value": "x", "reason": "y"}
    unknown = _page(admin_client.post(reverse(ADD), {**post, "record": "hr:1:999999"}))
    assert "No record has the id 'hr:1:999999'. Type a record's public id, e.g. hr:119:103" in unknown
    for field in ("body", "actions", "bill_id", "sponsor"):
        html = _page(admin_client.post(reverse(ADD), {**post, "field": field}))
        assert f"'{field}' is not a field a curator corrects on a bill. Choose one of: " in html, field
        assert "Title, Summary," in html
    bad_date = _page(admin_client.post(reverse(ADD), {**post, "field": "introduced_date", "value": "soon"}))
    assert "invalid date format" in bad_date
    lookup = admin_client.post(reverse(ADD), {"record": "zz:nothing", "_lookup": "1"}, follow=True)
    assert "No record has the id 'zz:nothing'." in _page(lookup)
    assert Correction.objects.count() == 0


def test_record_suggestions_as_the_curator_types(admin_client, client):
    url = reverse("admin:curation_correction_records")
    bills = admin_client.get(url, {"q": "hjres:119"}).json()["results"]
    assert {"id": BILL, "label": "bill: H.J.Res. 24, 119th Congress"} in bills
    assert all(hit["id"].startswith("hjres:119") for hit in bills)
    members = admin_client.get(url, {"q": "b0007"}).json()["results"]  # bioguide ids are upper case
    assert "B000740" in [hit["id"] for hit in members]
    assert [h["id"] for h in admin_client.get(url, {"q": "HSW"}).json()["results"]][:1] == ["HSWM"]
    assert len(admin_client.get(url, {"q": "hr:"}).json()["results"]) == 10
    assert admin_client.get(url, {"q": "h"}).json()["results"] == []
    assert client.get(url, {"q": "hjres"}).status_code == 302  # anonymous: to the login page


def test_a_correction_of_a_field_no_longer_offered_still_opens_with_its_field(admin_client):
    from django.contrib.contenttypes.models import ContentType

    from apps.curation.models import Correction

    bill = Bill.objects.get(bill_id=BILL)
    ct = ContentType.objects.get_for_model(Bill)
    # Stored before the field rule (apps.curation.fields) refused ``body``: the services would not write it now.
    correction = Correction.objects.create(
        content_type=ct,
        object_id=str(bill.pk),
        field="body",
        value="Corrected text.",
        reason="before the form",
        status=Correction.Status.ACTIVE,
    )
    html = _page(admin_client.get(reverse("admin:curation_correction_change", args=[correction.pk])))
    assert re.search(r'<option value="body" selected>body</option>', html)
    assert f'value="{BILL}"' in html
