"""A stub (a record Josh knows only because another names it) says so on every surface, links its publisher,
and stays out of lists and counts unless ``include_stubs=true`` asks for it."""

import pytest
from asgiref.sync import async_to_sync

from apps.activity.models import Docket, RegulatoryDocument
from apps.mcp_bridge.server import build_server
from apps.registry.models import Legislator

pytestmark = pytest.mark.django_db


def _stub_id(row: Legislator) -> str:
    return row.bioguide_id or f"lis:{row.lis_id}"


def test_a_stub_is_marked_on_rest_browse_mcp_and_the_explorer(client):
    stub = Legislator.objects.filter(is_stub=True, bioguide_id__isnull=False).order_by("pk").first()
    member_id = _stub_id(stub)
    rest = client.get(f"/v1/legislators/{member_id}").json()
    assert rest["citation"]["in_corpus"] is False
    assert rest["citation"]["url"] == f"https://bioguide.congress.gov/search/bio/{stub.bioguide_id}"
    browse = client.get(f"/browse/legislators/{member_id}", {"format": "json"}).json()
    assert browse["citation"]["in_corpus"] is False
    result = async_to_sync(build_server().call_tool)("get_legislator", {"id": member_id})
    assert result.structured_content["citation"]["in_corpus"] is False
    html = client.get(f"/legislators/{member_id}").content.decode()
    assert "Not in Josh&#x27;s corpus" in html or "Not in Josh's corpus" in html
    assert (
        f'rel="external noopener" href="https://bioguide.congress.gov/search/bio/{stub.bioguide_id}"' in html
    )
    full = client.get("/v1/legislators/S000033").json()
    assert full["citation"]["in_corpus"] is True


def test_legislator_list_counts_only_members_in_the_corpus(client):
    stubs = Legislator.objects.filter(is_stub=True).count()
    total = Legislator.objects.count()
    assert stubs > 0
    default = client.get("/v1/legislators", {"limit": 1}).json()["pagination"]["total"]
    asked = client.get("/v1/legislators", {"limit": 1, "include_stubs": "true"}).json()["pagination"]["total"]
    assert (default, asked) == (total - stubs, total)
    listed = client.get("/v1/legislators", {"limit": 250, "include_stubs": "false"}).json()["results"]
    assert all(r["citation"]["in_corpus"] for r in listed)
    browse = client.get("/browse/legislators", {"limit": 1, "format": "json"}).json()
    assert browse["pagination"]["total"] == total - stubs


def test_dockets_and_documents_leave_stubs_out_unless_asked(client):
    dockets = client.get("/v1/dockets", {"limit": 1}).json()["pagination"]["total"]
    assert dockets == Docket.objects.filter(is_stub=False).count()
    docs = client.get("/v1/regulatory-documents", {"limit": 1}).json()["pagination"]["total"]
    all_docs = client.get("/v1/regulatory-documents", {"limit": 1, "include_stubs": "true"}).json()
    assert docs == RegulatoryDocument.objects.filter(is_stub=False).count()
    assert all_docs["pagination"]["total"] == RegulatoryDocument.objects.count() > docs


def test_include_stubs_is_validated_like_any_parameter(client):
    response = client.get("/v1/legislators", {"include_stubs": "maybe"})
    assert response.status_code == 400
    assert "include_stubs" in response.content.decode()
