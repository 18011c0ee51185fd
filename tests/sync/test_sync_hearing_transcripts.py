"""`manage.py sync hearing-transcripts` end to end against the replay server's GovInfo: the ``published``
service's CHRG packages, then each package's printed text at ``/content/pkg/{id}/html/{id}.htm``."""

from datetime import date
from pathlib import Path

import pytest
from django.conf import settings

from apps.documents.models import HearingTranscript
from apps.sync.fetchers import get_fetcher
from apps.sync.services import sync_source
from tests.sync.test_sync import _synced_one_file

pytestmark = pytest.mark.django_db
TRANSCRIPT = Path(settings.CORPUS_DIR) / "hearing-transcripts" / "CHRG-111hhrg61852.htm"


def test_hearing_transcripts_sync_fetches_each_published_chrg_package(replay):
    result = sync_source(get_fetcher("hearing-transcripts"), since=date(2024, 1, 1))
    package = "/content/pkg/CHRG-111hhrg61852/html/CHRG-111hhrg61852.htm"
    _synced_one_file(result, replay, "hearing-transcripts", TRANSCRIPT, ["/published/2024-01-01", package])

    hearing = HearingTranscript.objects.get()
    assert (hearing.chrg_id, hearing.congress, hearing.chamber, hearing.held_on) == (
        "chrg:CHRG-111hhrg61852",
        111,
        "house",
        date(2010, 7, 22),
    )
    assert hearing.title == "MONETARY POLICY AND THE STATE OF THE ECONOMY, PART II"
    assert hearing.committee == "Committee On Financial Services"
    assert hearing.speakers[:4] == ["The Chairman", "Mr. Koo", "Mr. Meltzer", "Mr. Mishel"]
    assert len(hearing.speakers) == 16

    # Not republished since: listed again, not fetched again, nothing to ingest.
    again = sync_source(get_fetcher("hearing-transcripts"), since=date(2024, 1, 1))
    assert (again.fetched, again.unchanged, again.ingests) == ([], 1, [])
    assert replay.requests.count(package) == 1
