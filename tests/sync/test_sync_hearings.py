"""`manage.py sync hearings` end to end against the replay server's docs.house.gov: committee list, each
committee's RSS feed of events, and each event's meeting XML got by posting its page's form back."""

from datetime import date
from pathlib import Path

import pytest
from django.conf import settings

from apps.activity.models import Hearing
from apps.sync.fetchers import get_fetcher
from apps.sync.services import sync_source
from tests.sync.test_sync import _synced_one_file

pytestmark = pytest.mark.django_db
MEETING = Path(settings.CORPUS_DIR) / "hearings" / "HMTG102252-committee-meeting.xml"


def test_hearings_sync_fetches_each_event_published_since(replay):
    result = sync_source(get_fetcher("hearings"), since=date(2014, 5, 1))
    requests = [
        "/house/Committee/Committees.aspx",
        "/house/Committee/RSS.ashx",
        "/house/Committee/Calendar/ByEvent.aspx",  # the event page (GET) ...
        "/house/Committee/Calendar/ByEvent.aspx",  # ... and its form posted back for the meeting XML
    ]
    _synced_one_file(result, replay, "hearings", MEETING, requests)
    hearing = Hearing.objects.get()
    assert (hearing.public_id, hearing.event_id, hearing.congress) == ("hearing:102252", 102252, 113)

    # The event was not republished: listed, not fetched again. A later --since leaves it out altogether.
    again = sync_source(get_fetcher("hearings"), since=date(2014, 5, 1))
    assert (again.fetched, again.unchanged, again.ingests) == ([], 1, [])
    assert replay.requests.count("/house/Committee/Calendar/ByEvent.aspx") == 2
    later = sync_source(get_fetcher("hearings"), since=date(2014, 5, 21))
    assert (later.fetched, later.unchanged) == ([], 0)


def test_hearings_sync_reads_only_the_committees_asked_for(replay, settings):
    settings.SYNC = {**settings.SYNC, "HOUSE_COMMITTEES": ["AG00"]}
    result = sync_source(get_fetcher("hearings"), since=date(2014, 1, 1))
    assert result.fetched == [] and "/house/Committee/Committees.aspx" not in replay.requests
