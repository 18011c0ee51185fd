import json

import pytest

from apps.activity.models import StaffMember
from apps.core.plans import get_plan
from apps.core.services.ingest import run_ingest

CSV = """name,title,office,chamber,member_bioguide,committee_id,email,phone,source_url,as_of
Jane Doe,Legislative Director,Office of Rep. Example,house,S000033,,jane@example.house.gov,202-225-0000,https://example.house.gov/staff,2025-03-01
John Roe,Staff Director,Committee on Agriculture,house,,HSAG,,,,
"""


@pytest.mark.django_db
def test_plan_declares_no_sample(api_client):
    plan = get_plan("staff-directories")
    assert plan.has_sample is False and plan.sample_paths == ()
    body = api_client.get("/v1/sources/staff-directories").json()
    assert (body["has_sample"], body["shape"], body["count"]) == (False, "registry", 0)
    assert body["sample_note"].startswith("No staff directory was found")


@pytest.mark.django_db
def test_csv_directory_loads_and_reloads_as_noop(tmp_path):
    path = tmp_path / "house.csv"
    path.write_text(CSV)
    first = run_ingest(slug="staff-directories", paths=[path])
    assert (first.inserted, first.errors) == (2, [])
    jane = StaffMember.objects.get(public_id="staff:house-s000033-jane-doe")
    assert (jane.title, jane.member_bioguide, str(jane.published_at)) == (
        "Legislative Director",
        "S000033",
        "2025-03-01",
    )
    assert jane.citation_string == (
        "Jane Doe, Legislative Director, Office of Rep. Example (House staff directory, as of 2025-03-01)"
    )
    assert StaffMember.objects.get(public_id="staff:house-hsag-john-roe").committee_id == "HSAG"
    again = run_ingest(slug="staff-directories", paths=[path])
    assert (again.inserted, again.updated, again.noop) == (0, 0, 2)


@pytest.mark.django_db
def test_json_directory(tmp_path):
    path = tmp_path / "senate.json"
    path.write_text(
        json.dumps({"staff": [{"name": "Ann Poe", "office": "Office of Sen. Example", "chamber": "Senate"}]})
    )
    result = run_ingest(slug="staff-directories", paths=[path])
    assert result.inserted == 1
    assert StaffMember.objects.get().public_id == "staff:senate-office-of-sen-example-ann-poe"


@pytest.mark.django_db
def test_malformed_row_is_quarantined_and_the_good_rows_load(tmp_path):
    path = tmp_path / "bad.csv"
    path.write_text(CSV + "Bad Row,Aide,Office X,parliament,,,,,,\n")
    result = run_ingest(slug="staff-directories", paths=[path])
    assert (result.status, result.errors, result.inserted) == ("partial", [], 2)
    assert result.quarantined == [
        {
            "file": str(path),
            "record": "Bad Row",
            "field": "chamber",
            "message": "row 3: chamber: Value error, chamber must be house, senate or joint",
        }
    ]
    assert StaffMember.objects.count() == 2


@pytest.mark.django_db
def test_staff_api(tmp_path, api_client, django_assert_num_queries):
    path = tmp_path / "house.csv"
    path.write_text(CSV)
    run_ingest(slug="staff-directories", paths=[path])
    with django_assert_num_queries(2):  # the page, and the corrections of its record type
        body = api_client.get("/v1/staff/staff:house-s000033-jane-doe").json()
    assert len(body) == 10
    assert (body["name"], body["office"], body["citation"]["source"]) == (
        "Jane Doe",
        "Office of Rep. Example",
        "staff-directories",
    )
    hits = api_client.get("/v1/staff?q=jane").json()["results"]
    assert [h["id"] for h in hits] == ["staff:house-s000033-jane-doe"] and hits[0]["score"] is not None
    by_committee = api_client.get("/v1/staff?committee_id=hsag").json()["results"]
    assert [h["name"] for h in by_committee] == ["John Roe"]


@pytest.mark.django_db
def test_member_filter_takes_any_crosswalk_id(legislators, tmp_path, api_client):
    # The member ids resolve through the legislators of the package's sample (tests/activity/conftest.py).
    path = tmp_path / "house.csv"
    path.write_text(CSV)
    run_ingest(slug="staff-directories", paths=[path])

    def names(value):
        response = api_client.get("/v1/staff", {"member_bioguide": value})
        assert response.status_code == 200, response.content
        return [s["name"] for s in response.json()["results"]]

    assert names("S000033") == names("s000033") == names("S313") == names("lis:S313") == ["Jane Doe"]
    assert names("B000740") == []  # a member with no staff listed
    response = api_client.get("/v1/staff", {"member_bioguide": "Sanders"})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "not_a_member_id"
    assert "/v1/legislators?q=Sanders" in response.json()["error"]["message"]
