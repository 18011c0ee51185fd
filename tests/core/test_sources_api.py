import pytest

from apps.core.plans import all_plans

pytestmark = pytest.mark.django_db


def test_sources_lists_every_registered_plan_with_a_derived_shape(client):
    response = client.get("/v1/sources")
    assert response.status_code == 200
    body = response.json()
    assert [s["slug"] for s in body] == [p.slug for p in all_plans()]
    for source in body:
        assert source["shape"] in {"body", "short-body", "registry"}
        assert source["count"] >= 0
        assert {
            "slug",
            "aliases",
            "title",
            "publisher",
            "description",
            "shape",
            "resource",
            "id_example",
            "count",
            "as_of",
            "last_synced_at",
            "newest_record_date",
            "has_sample",
            "sample_note",
            "citation_template",
            "license",
            "searchable",
            "ingest_state",
            "ingest_note",
            "embedding",
        } == set(source)
        assert source["ingest_state"] == "never"
        assert (source["embedding"] is None) == (source["shape"] != "body")


def test_openapi_and_docs_are_served(client):
    spec = client.get("/v1/openapi.json").json()
    assert spec["info"]["title"].startswith("Josh")
    assert "/v1/sources" in spec["paths"]
    assert client.get("/v1/docs").status_code == 200


def test_home_page_links_every_surface(client):
    html = client.get("/").content.decode()
    for href in ("/v1/docs", "/browse/", "/mcp", "/admin/"):
        assert f'href="{href}"' in html


def test_openapi_is_built_once(client, monkeypatch):
    import ninja.main

    first = client.get("/v1/openapi.json").json()
    calls = []
    monkeypatch.setattr(ninja.main, "get_schema", lambda **kw: calls.append(kw))
    assert client.get("/v1/openapi.json").json() == first and calls == []
