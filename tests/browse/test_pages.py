"""Every browse list, detail and sub-page renders as HTML and as JSON on the real samples."""

import pytest

from apps.core.plans import all_plans
from apps.core.resources import all_resources

pytestmark = pytest.mark.django_db

RESOURCES = [
    "bills",
    "cfr",
    "committees",
    "congressional-record",
    "crs-reports",
    "dockets",
    "executive-orders",
    "federal-register",
    "gao-reports",
    "hearing-transcripts",
    "hearings",
    "lda-filings",
    "legislators",
    "public-laws",
    "regulatory-documents",
    "saps",
    "staff",
    "topics",
    "us-code",
    "votes",
]
EMPTY = {"hearing-transcripts", "staff"}  # no sample in the corpus (their plans say why)
SUB_PAGES = {
    "bills/hjres:119:24": ["cosponsors", "actions", "text"],
    "bills/s:118:1325": ["text", "body"],  # hjres:119:24 has no ingested text: its body is a 404
    "legislators/B000740": ["votes"],
    "committees/HSWM": ["members"],
    "dockets/docket:AID_FRDOC_0001": ["documents"],
}


def test_root_lists_every_resource_with_links(js, html):
    status, body = js("/browse/")
    assert status == 200
    rows = {row["resource"]: row for row in body["resources"]}
    fixture_app = [r.name for r in all_resources() if r.app == "tests.fixture_app"]  # the test-only app's
    assert sorted(rows) == sorted([*RESOURCES, *fixture_app])
    assert {p.resource for p in all_plans()} <= set(rows)  # every source's resource has a row
    assert rows["bills"]["list"] == "http://testserver/browse/bills"
    assert rows["bills"]["sub_pages"] == ["cosponsors", "actions", "text", "body"]
    assert rows["committees"]["sub_pages"] == ["members"]
    assert "bills" in rows["bills"]["sources"]
    assert rows["staff"]["example"] is None and rows["staff"]["records"] == 0
    page = html("/browse/")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    text = page.content.decode()
    for resource in RESOURCES:
        assert f'href="http://testserver/browse/{resource}"' in text


@pytest.mark.parametrize("resource", RESOURCES)
def test_list_and_first_detail_render(resource, js, html):
    status, body = js(f"/browse/{resource}", limit=3)
    assert status == 200
    assert body["_links"]["rest"] == f"http://testserver/v1/{resource}?limit=3"
    results = body["results"]
    assert (not results) == (resource in EMPTY)
    page = html(f"/browse/{resource}", limit=3)
    assert page.status_code == 200
    assert b'class="josh-filters' in page.content and b'name="limit"' in page.content
    for row in results:
        assert row["_links"]["self"].startswith(f"http://testserver/browse/{resource}/")
    if results:
        url = results[0]["_links"]["self"].removeprefix("http://testserver")
        status, detail = js(url)
        assert status == 200 and detail["id"] == results[0]["id"]
        assert detail["_links"]["rest"] == f"http://testserver/v1/{resource}/{detail['id']}"
        assert html(url).status_code == 200


@pytest.mark.parametrize(("record", "child"), [(r, c) for r, cs in SUB_PAGES.items() for c in cs])
def test_sub_pages_render_and_link_up(record, child, js, html):
    status, body = js(f"/browse/{record}")
    assert body["_links"][child] == f"http://testserver/browse/{record}/{child}"
    status, sub = js(f"/browse/{record}/{child}")
    assert status == 200
    assert sub["_links"]["up"] == f"http://testserver/browse/{record}"
    assert html(f"/browse/{record}/{child}").status_code == 200


def test_list_filters_are_the_rest_params(html):
    page = html("/browse/bills", congress=117).content.decode()
    for name in (
        "congress",
        "type",
        "sponsor",
        "subject",
        "policy_area",
        "updated_since",
        "aggregate",
        "group_by",
    ):
        assert f'name="{name}"' in page
    assert '<option value="hjres">hjres</option>' in page  # Literal -> select
    assert 'name="congress" value="117"' in page  # current value kept
    assert 'name="cursor"' not in page


def test_cursor_pagination_next_and_previous(js):
    status, first = js("/browse/votes", limit=2)
    assert first["pagination"]["total"] == 267
    next_url = first["_links"]["next"].removeprefix("http://testserver")
    status, second = js(next_url)
    assert status == 200
    assert {r["id"] for r in second["results"]}.isdisjoint(r["id"] for r in first["results"])
    status, back = js(second["_links"]["previous"].removeprefix("http://testserver"))
    assert [r["id"] for r in back["results"]] == [r["id"] for r in first["results"]]
    assert "previous" not in first["_links"]


def test_search_page_with_parameters(js, html):
    status, body = js("/browse/search", q="energy", mode="lexical", limit=3)
    assert status == 200 and body["mode"] == "lexical" and len(body["results"]) == 3
    for hit in body["results"]:
        assert hit["_links"]["self"] == f"http://testserver/browse/{hit['resource']}/{hit['id']}"
    assert body["_links"]["next"] == (
        "http://testserver/browse/search?q=energy&mode=lexical&limit=3&format=json&offset=3"
    )  # the next page keeps the chosen format
    page = html("/browse/search", q="energy", mode="lexical").content.decode()
    assert 'name="q" value="energy"' in page
    assert '<option value="hybrid">hybrid</option>' in page


def test_aggregate_on_a_list_page(js):
    status, body = js("/browse/bills", aggregate="count", group_by="policy_area")
    assert status == 200 and body["total"]["count"] == 72
    assert {"key": "Energy", "period": None, "count": 1, "sum": None} in body["groups"]


def test_navigation_to_browse_from_admin_and_home(client, admin_client):
    assert b'href="/browse/"' in client.get("/").content
    assert b'href="/browse/"' in admin_client.get("/admin/").content
    assert b'href="/browse/"' in client.get("/admin/login/").content
