"""`manage.py sync lda-filings` end to end against the replay server's Senate LDA API (a real recorded page
of 25 filings, served 10 a page through `next` URLs)."""

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings

from apps.activity.models import LobbyingFiling
from apps.sync.fetchers import get_fetcher
from apps.sync.services import sync_source
from tests.sync.test_sync import _all_noop, _throttled_once

pytestmark = pytest.mark.django_db
PAGE = Path(settings.CORPUS_DIR) / "lobbying-lda" / "api" / "filings.registrant_id-401104726.page-1.json"


def test_lda_sync_pages_through_filings_posted_since(replay):
    result = sync_source(get_fetcher("lda-filings"), since=date(2017, 1, 1))
    _throttled_once(result, replay)
    assert result.fetched == [f"lda_filings.2017-01-01.00{n}.json" for n in (1, 2, 3)]
    assert [(r.source, r.status, r.inserted, r.quarantined) for r in result.ingests] == [
        ("lda-filings", "success", 25, [])
    ]
    assert replay.lda_auth == [None] * 3  # no key: anonymous, paced to the published allowance
    _all_noop("lda-filings", [PAGE])  # the page as the API sent it: the same 25 filings, nothing to change

    q4 = LobbyingFiling.objects.get(public_id="lda:ld2:4c78d7ef-3f98-459c-8ec9-ea2bd6e76d69")
    assert (q4.form, q4.filing_type, q4.year, q4.quarter, q4.congress, q4.senate_id) == (
        "LD-2", "Q4", 2017, 4, 115, "401104726-12"
    )  # fmt: skip
    assert (q4.registrant_name, q4.client_name, q4.income, q4.published_at) == (
        "10-SQUARE SOLUTIONS", "MEDTRONIC, INC", Decimal("15000.00"), date(2018, 1, 19)
    )  # fmt: skip
    activity = q4.activities.get()
    assert (activity.issue_code, activity.government_entities) == (
        "VET", "HOUSE OF REPRESENTATIVES; SENATE; Veterans Affairs, Dept of (VA)"
    )  # fmt: skip
    assert [(p.first_name, p.last_name, p.is_new) for p in q4.lobbyists.all()] == [("MIKE", "COPHER", False)]
    no_activity = LobbyingFiling.objects.get(public_id="lda:ld2:eea9dc40-eb2c-45f3-a3f9-1d6fb145c82a")
    assert (no_activity.filing_type, no_activity.is_amendment, no_activity.no_activity) == ("4AY", True, True)
    assert LobbyingFiling.objects.filter(form="LD-1").count() == 8  # 7 RR + 1 RA

    again = sync_source(get_fetcher("lda-filings"), since=date(2017, 1, 1))
    assert (again.fetched, again.unchanged, again.ingests) == ([], 3, [])


def test_lda_since_asks_only_for_filings_posted_since_and_sends_the_key(replay, settings):
    settings.SYNC = {**settings.SYNC, "LDA_API_KEY": "test-key"}
    result = sync_source(get_fetcher("lda-filings"), since=date(2019, 1, 1))
    assert result.fetched == ["lda_filings.2019-01-01.001.json"]
    assert result.ingests[0].inserted == 8
    assert min(LobbyingFiling.objects.values_list("published_at", flat=True)) == date(2019, 1, 11)
    assert replay.lda_auth == ["Token test-key"]  # the answered request (the 429 before it is not routed)

    nothing = sync_source(get_fetcher("lda-filings"), since=date(2024, 1, 1))
    assert (nothing.fetched, nothing.ingests) == ([], [])
