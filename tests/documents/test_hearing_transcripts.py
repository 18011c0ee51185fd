"""No CHRG sample ships; the loader is exercised on a small file shaped like GovInfo's."""

from datetime import date

import pytest

from apps.core.services.ingest import run_ingest
from apps.documents.models import HearingTranscript

pytestmark = pytest.mark.django_db

CHRG = """<html><body><pre>
[House Hearing, 118 Congress]
[From the U.S. Government Publishing Office]


                    OVERSIGHT OF FEDERAL RECORDS

                                HEARING

                               BEFORE THE

                    COMMITTEE ON OVERSIGHT AND ACCOUNTABILITY
                        HOUSE OF REPRESENTATIVES

                    ONE HUNDRED EIGHTEENTH CONGRESS

                             FIRST SESSION

                        WEDNESDAY, MARCH 8, 2023

  Mr. COMER. The committee will come to order.
  Ms. SMITH of Ohio. Thank you, Mr. Chairman.
</pre></body></html>
"""


def test_hearing_transcript_loader(tmp_path, api_client):
    path = tmp_path / "CHRG-118hhrg12345.htm"
    path.write_text(CHRG, encoding="utf-8")
    result = run_ingest(slug="hearing-transcripts", paths=[path])
    assert (result.errors, result.inserted) == ([], 1)
    hearing = HearingTranscript.objects.get(chrg_id="chrg:CHRG-118hhrg12345")
    assert (hearing.congress, hearing.chamber, hearing.held_on) == (118, "house", date(2023, 3, 8))
    assert hearing.title == "OVERSIGHT OF FEDERAL RECORDS"
    assert hearing.committee == "Committee On Oversight And Accountability House Of Representatives"
    assert hearing.speakers == ["Mr. COMER", "Ms. SMITH of Ohio"]
    body = api_client.get("/v1/hearing-transcripts/CHRG-118hhrg12345").json()
    assert body["id"] == "chrg:CHRG-118hhrg12345"
    assert body["citation"]["source"] == "hearing-transcripts"
    assert run_ingest(slug="hearing-transcripts", paths=[path]).noop == 1


def test_sources_say_there_is_no_sample(api_client):
    source = api_client.get("/v1/sources/hearing-transcripts").json()
    assert source["has_sample"] is False
    assert "No GovInfo CHRG transcript" in source["sample_note"]
    assert source["shape"] == "body"
