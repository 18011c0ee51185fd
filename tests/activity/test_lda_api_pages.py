"""The lda-filings plan reads a Senate LDA API page (a real recorded page of 25 filings): one record per
filing, a bad filing quarantined by name and field while the rest load."""

import json

import pytest

from apps.activity.models import LobbyingFiling
from apps.core.services.ingest import run_ingest

PAGE = "lobbying-lda/api/filings.registrant_id-401104726.page-1.json"
BROKEN = "7592a6c3-d526-41a8-843f-058242c93571"


@pytest.mark.django_db
def test_an_api_page_with_one_bad_filing_loads_the_others_and_names_it(tmp_path, corpus):
    page = json.loads((corpus / PAGE).read_text())
    for filing in page["results"]:
        if filing["filing_uuid"] == BROKEN:
            filing["filing_type"] = "Q9"
    path = tmp_path / "page.json"
    path.write_text(json.dumps(page))
    result = run_ingest(slug="lda-filings", paths=[path])
    assert (result.status, result.records, result.inserted) == ("partial", 24, 24)
    assert result.quarantined == [
        {
            "file": str(path),
            "record": BROKEN,
            "field": "filing_type",
            "message": "'filing_type' is not an LDA filing type code: 'Q9'",
        }
    ]
    assert not LobbyingFiling.objects.filter(document_id=BROKEN).exists()

    registration = LobbyingFiling.objects.get(document_id="23ec04b5-e19f-40b8-88e2-82142c4dbda5")
    assert (registration.form, registration.filing_type, registration.quarter) == ("LD-1", "RR", None)
    assert registration.citation_string == (
        "LD-1 registration, 10-SQUARE SOLUTIONS for GILEAD SCIENCES, effective 2018-10-01 "
        "(Senate ID 401104726-48)"
    )
    assert list(registration.activities.values_list("seq", "issue_code")) == [
        (1, "IND"),
        (2, "DEF"),
        (3, "VET"),
    ]
