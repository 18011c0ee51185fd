"""regulations.gov dates its postings and comment deadlines on Eastern time; the API serves the UTC timestamps
and, beside each, the Eastern day (``apps.core.legislative``): a deadline of 11:59:59 p.m. EST is 04:59:59 UTC
on the next day, and its UTC date would name a day too late."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

from apps.activity.models import RegulatoryDocument

pytestmark = pytest.mark.django_db
EASTERN = ZoneInfo("America/New_York")  # zoneinfo itself, not the helper under test


def test_a_comment_deadline_is_served_with_its_eastern_day(client, regs):
    body = client.get("/v1/regulatory-documents/regdoc:FRTIB_FRDOC_0001-0319").json()
    assert body["comment_end_at"] == "2020-11-24T04:59:59Z"
    assert body["comment_end_date"] == "2020-11-23"
    row = RegulatoryDocument.objects.get(public_id="regdoc:FRTIB_FRDOC_0001-0319")
    assert body["posted_date"] == row.posted_at.astimezone(EASTERN).date().isoformat()
    assert body["comment_start_date"] == row.comment_start_at.astimezone(EASTERN).date().isoformat()


def test_every_document_in_a_list_carries_the_eastern_day_of_its_posting(client, regs):
    results = client.get("/v1/regulatory-documents", {"limit": 250}).json()["results"]
    dated = [r for r in results if r["posted_at"]]
    assert len(dated) >= 100
    for r in dated:
        posted = datetime.fromisoformat(r["posted_at"])
        assert r["posted_date"] == posted.astimezone(EASTERN).date().isoformat()
    # Postings at midnight Eastern (05:00 or 04:00 UTC) fall on the same day either way; the API agrees.
    assert any(datetime.fromisoformat(r["posted_at"]).astimezone(UTC).hour in (4, 5) for r in dated)
