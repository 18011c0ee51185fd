"""Filters that take a member accept any id of the legislator crosswalk, and refuse what is not one."""

import pytest

from tests.api.helpers import assert_error

pytestmark = pytest.mark.django_db


def _ids(client, **query):
    response = client.get("/v1/bills", query)
    assert response.status_code == 200, response.content
    return [b["id"] for b in response.json()["results"]]


@pytest.mark.parametrize(
    "spelling",
    ["B000740", "b000740", "bioguide:B000740", "H0OK05205", "fec:H0OK05205", "N00044579", "govtrack:456841"],
)
def test_sponsor_takes_any_crosswalk_id(client, spelling):
    assert _ids(client, sponsor=spelling) == ["hjres:119:24"]


def test_a_senate_lis_id_names_the_same_sponsor_as_the_bioguide(client):
    by_bioguide = _ids(client, sponsor="S000148", limit=250)
    assert by_bioguide
    assert _ids(client, sponsor="S270", limit=250) == by_bioguide
    assert _ids(client, sponsor="lis:S270", limit=250) == by_bioguide
    assert _ids(client, sponsor="thomas:01036", limit=250) == by_bioguide


def test_a_name_is_not_a_member_id(client):
    error = assert_error(client.get("/v1/bills?sponsor=Bice"), 400, "not_a_member_id", "sponsor")
    assert "member id" in error["message"]
    assert "/v1/legislators?q=Bice" in error["message"]
    assert error["hint"]["lookup"] == "/v1/legislators?q=Bice"


def test_an_id_no_member_has_is_refused_not_zero_results(client):
    assert_error(client.get("/v1/bills?sponsor=Z999999"), 400, "not_a_member_id", "sponsor")


def test_a_bare_number_two_members_share_asks_for_the_scheme(client):
    error = assert_error(client.get("/v1/bills?sponsor=21173"), 400, "ambiguous_member_id", "sponsor")
    assert error["hint"]["candidates"] == [
        {"id": "house_history:21173", "member": "S000033"},
        {"id": "icpsr:21173", "member": "S001184"},
    ]
    assert _ids(client, sponsor="house_history:21173", limit=250) == _ids(
        client, sponsor="S000033", limit=250
    )


def test_the_sponsor_filter_says_it_takes_a_member_id(client):
    spec = client.get("/v1/openapi.json").json()
    (param,) = [p for p in spec["paths"]["/v1/bills"]["get"]["parameters"] if p["name"] == "sponsor"]
    assert "member id" in param["description"]
    assert "/v1/legislators?q=" in param["description"]
