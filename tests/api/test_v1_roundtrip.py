"""Every id a registry list returns is accepted by GET /v1/<resource>/{id} (and classify_id agrees)."""

import pytest

from apps.core.ids import classify_id

pytestmark = pytest.mark.django_db

LISTS = [
    ("/v1/legislators", {"q": "Markey"}, "legislators", "legislator"),
    # stubs (lis:S057 ...): out of lists unless asked for, and their ids still resolve
    (
        "/v1/legislators",
        {"current": "false", "include_stubs": "true", "limit": 5},
        "legislators",
        "legislator",
    ),
    ("/v1/committees", {"q": "ways means"}, "committees", "committee"),
    ("/v1/committees", {"current": "false", "limit": 5}, "committees", "committee"),
    ("/v1/votes", {"chamber": "senate", "congress": 117, "limit": 5}, "votes", "vote"),
    ("/v1/votes", {"chamber": "house", "limit": 5}, "votes", "vote"),
]


@pytest.mark.parametrize(("url", "params", "resource", "kind"), LISTS)
def test_list_ids_round_trip_to_their_endpoint(client, url, params, resource, kind):
    results = client.get(url, params).json()["results"]
    assert results
    for row in results:
        assert classify_id(row["id"])[0].name == kind
        fetched = client.get(f"/v1/{resource}/{row['id']}")
        assert fetched.status_code == 200, row["id"]
        assert fetched.json()["id"] == row["id"]


def test_nested_ids_round_trip(client):
    for row in client.get("/v1/committees/HSWM/members").json()["results"]:
        assert client.get(f"/v1/legislators/{row['member']['id']}").status_code == 200
    for position in client.get("/v1/votes/senate:117:2021:16").json()["positions"][:10]:
        assert client.get(f"/v1/legislators/{position['member_id']}").json()["id"] == position["member_id"]
    for sub in client.get("/v1/committees/HSWM").json()["subcommittees"]:
        assert client.get(f"/v1/committees/{sub['id']}").json()["parent_id"] == "HSWM"
    for seat in client.get("/v1/legislators/S001195").json()["committees"]:
        assert client.get(f"/v1/committees/{seat['committee_id']}").status_code == 200


def test_openapi_documents_every_registry_route(client):
    paths = client.get("/v1/openapi.json").json()["paths"]
    for route in (
        "/v1/legislators", "/v1/legislators/{id}", "/v1/legislators/{id}/votes", "/v1/committees",
        "/v1/committees/{id}", "/v1/committees/{id}/members", "/v1/committee-memberships", "/v1/votes",
        "/v1/votes/{id}",
    ):  # fmt: skip
        assert "get" in paths[route], route
    params = {p["name"] for p in paths["/v1/legislators"]["get"]["parameters"]}
    aggregates = {"aggregate", "group_by", "sum_field", "bucket_by_time", "time_interval"}
    lists = {"q", "state", "chamber", "party", "caucus", "current", "include_stubs", "limit", "cursor"}
    export = {"format", "export"}  # CSV, documented where the answer is rows (apps.core.openapi)
    assert params == lists | aggregates | export


@pytest.mark.parametrize(
    ("slug", "count", "resource"),
    [("legislators", 708, "legislators"), ("legislators-social-media", 519, "legislators"),
     ("committees", 559, "committees"), ("committee-memberships", 3879, "committees"),
     ("roll-call-votes", 267, "votes")],
)  # fmt: skip
def test_registry_sources_are_listed_with_counts_and_registry_shape(client, slug, count, resource):
    body = client.get(f"/v1/sources/{slug}").json()
    assert (body["shape"], body["count"], body["resource"], body["searchable"]) == (
        "registry",
        count,
        resource,
        [],
    )
    assert body["as_of"] is not None and body["has_sample"] is True
