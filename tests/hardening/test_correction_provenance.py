"""Provenance on every surface (docs/ACCESS.md "Corrections: provenance"): a corrected value carries
``corrections.<field> = {at, reason, upstream_value}`` in its citation, the same on REST (JSON and CSV) and
MCP, and the explorer marks the value with its provenance in the tooltip. A reverted correction leaves no
block anywhere."""

import csv
import io

import pytest
from asgiref.sync import async_to_sync
from django.utils.dateparse import parse_datetime

from apps.bills.models import Bill
from apps.curation import queue
from apps.curation.models import Correction
from apps.mcp_bridge.server import build_server

pytestmark = pytest.mark.django_db

NEW_TITLE = "A curated title (provenance test)"
REASON = "the enrolled text's title differs from the listing"


def _csv_row(client, bill: Bill) -> dict:
    response = client.get("/v1/bills", {"format": "csv", "congress": bill.congress, "limit": 250})
    assert response.status_code == 200
    text = b"".join(response.streaming_content).decode()
    rows = [r for r in csv.DictReader(io.StringIO(text)) if r["id"] == bill.bill_id]
    assert len(rows) == 1, text[:500]
    return rows[0]


def test_rest_mcp_and_csv_carry_the_same_provenance_block(hardening_corpus, client, admin_user):
    bill = Bill.objects.order_by("pk").first()
    upstream = bill.title
    change = queue.submit(
        action="correct",
        user=admin_user,
        record_type="bills.bill",
        object_id=str(bill.pk),
        field="title",
        value=NEW_TITLE,
        text=REASON,
    )
    assert change.status == "applied", change.error
    correction = Correction.objects.get(object_id=str(bill.pk), field="title")

    rest = client.get(f"/v1/bills/{bill.bill_id}").json()
    assert rest["title"] == NEW_TITLE
    block = rest["citation"]["corrections"]
    assert list(block) == ["title"] and set(block["title"]) == {"at", "reason", "upstream_value"}
    assert (block["title"]["reason"], block["title"]["upstream_value"]) == (REASON, upstream)
    at = correction.updated_at
    # JSON carries milliseconds
    assert parse_datetime(block["title"]["at"]) == at.replace(microsecond=at.microsecond // 1000 * 1000)
    assert (rest["citation"]["corrected"], rest["citation"]["corrected_fields"]) == (True, ["title"])

    mcp = async_to_sync(build_server().call_tool)("get_bill", {"id": bill.bill_id}).structured_content
    assert mcp["citation"]["corrections"] == block

    row = _csv_row(client, bill)
    assert {k: row[f"citation.corrections.title.{k}"] for k in ("at", "reason", "upstream_value")} == block[
        "title"
    ]
    assert row["title"] == NEW_TITLE

    # The explorer: a visible mark on the title, its provenance in the title attribute (the tooltip).
    html = client.get(f"/bills/{bill.bill_id}").content.decode()
    day = correction.updated_at.date().isoformat()
    tip = f"Corrected by a curator on {day}: {REASON}. The source file says “{upstream}”."
    from django.utils.html import escape

    assert f'<span class="corrected-mark" title="{escape(tip)}"' in html
    assert html.count('class="corrected-mark"') == 2  # on the title, and in the citation's list

    # Reverted: the value is the upstream one again and no surface carries the block.
    reverted = queue.submit(
        action="revert", record_type="bills.bill", object_id=str(bill.pk), target_id=correction.pk
    )
    assert reverted.status == "applied", reverted.error
    rest = client.get(f"/v1/bills/{bill.bill_id}").json()
    assert rest["title"] == upstream and "corrections" not in rest["citation"]
    mcp = async_to_sync(build_server().call_tool)("get_bill", {"id": bill.bill_id}).structured_content
    assert "corrections" not in mcp["citation"]
    assert "corrected-mark" not in client.get(f"/bills/{bill.bill_id}").content.decode()
