"""Joins the stored canonical strings allow: FR document <-> docket <-> CFR part <-> CFR section."""

import pytest

from apps.core.services.ingest import run_ingest
from apps.documents.models import BillMention, FrDocument

pytestmark = pytest.mark.django_db

FR_CITING_TITLE_1 = """<?xml version="1.0"?>
<FEDREG><VOL>89</VOL><NO>30</NO><DATE>Tuesday, February 13, 2024</DATE>
<RULES><RULE><PREAMB><PRTPAGE P="10001"/><AGENCY TYPE="F">OFFICE OF THE FEDERAL REGISTER</AGENCY>
<CFR>1 CFR Part 51</CFR><DEPDOC>[Docket No. OFR-2024-0001]</DEPDOC><RIN>RIN 3095-AB99</RIN>
<SUBJECT>Incorporation by Reference</SUBJECT>
<DATES><HD SOURCE="HED">DATES:</HD><P>This rule is effective
 March 14, 2024.</P></DATES></PREAMB>
<FRDOC>[FR Doc. 2024-99999 Filed 2-12-24; 8:45 am]</FRDOC></RULE></RULES></FEDREG>
"""


def test_fr_document_joins_cfr_sections_of_its_part(tmp_path, api_client):
    path = tmp_path / "FR-2024-02-13.xml"
    path.write_text(FR_CITING_TITLE_1, encoding="utf-8")
    assert run_ingest(slug="federal-register", paths=[path]).errors == []
    doc = FrDocument.objects.get(fr_id="fr:2024-99999")
    assert (doc.citation_string, doc.effective_on.isoformat()) == ("89 FR 10001 (2024-02-13)", "2024-03-14")
    section = api_client.get("/v1/cfr/1 CFR 51.9").json()
    assert section["fr_documents"] == ["fr:2024-99999"]
    by_docket = api_client.get("/v1/federal-register?docket_id=OFR-2024-0001").json()
    assert [r["id"] for r in by_docket["results"]] == ["fr:2024-99999"]
    part = api_client.get("/v1/federal-register/fr:2024-99999").json()["cfr_parts"][0]
    listed = api_client.get(part["sections_url"]).json()
    assert listed["pagination"]["total"] > 0
    assert all(r["id"].startswith("cfr:1:51.") for r in listed["results"])


def test_bill_mentions_by_source():
    # 238: "U.S. 15-point plan" is not the bill S. 15 (core ids lookbehind).
    assert BillMention.objects.filter(source="crs-reports").count() == 238
    assert BillMention.objects.filter(source="gao-reports").count() == 5
    assert BillMention.objects.filter(source="congressional-record").count() == 177
    # every mention is a canonical bill id a join on bills_bill.bill_id can use
    assert not BillMention.objects.exclude(
        bill_id__regex=r"^(hr|s|hjres|sjres|hconres|sconres|hres|sres):\d+:\d+$"
    )


def test_sources_catalogue_shapes(api_client):
    sources = {s["slug"]: s for s in api_client.get("/v1/sources").json()}
    for slug in (
        "crs-reports",
        "gao-reports",
        "federal-register",
        "ecfr-and-cfr",
        "us-code",
        "congressional-record",
    ):
        assert (sources[slug]["shape"], sources[slug]["has_sample"]) == ("body", True)
        assert sources[slug]["count"] > 0
    assert sources["executive-orders"]["shape"] == "registry"
    assert sources["executive-orders"]["count"] == 733
    assert sources["hearing-transcripts"]["count"] == 0


def test_list_endpoints_query_counts(api_client, django_assert_max_num_queries):
    for url in (
        "/v1/crs-reports?limit=50",
        "/v1/federal-register?limit=50",
        "/v1/congressional-record?limit=50",
    ):
        with django_assert_max_num_queries(3):
            assert api_client.get(url).status_code == 200
    with django_assert_max_num_queries(4):
        api_client.get("/v1/executive-orders?limit=50")
