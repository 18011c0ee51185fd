"""/healthz: the database and, per source, the latest run and the search index; one broken index is that
source's problem (degraded), not the service's."""

import pytest
from django.db import connection

from apps.core.models import IngestRun
from apps.core.plans import all_plans
from apps.core.services.ingest import run_ingest

pytestmark = pytest.mark.django_db


def test_a_fresh_install_is_healthy_and_every_source_is_listed(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert (body["status"], body["database"]) == ("ok", "ok")
    assert body["search_lane"] == "off"  # the test settings run searches in the calling thread
    assert set(body["sources"]) == {p.slug for p in all_plans()}
    searchable = {p.slug for p in all_plans() if p.search}
    assert {s for s, e in body["sources"].items() if "search_index" in e} == searchable
    assert all(e["search_index"] == "ok" for e in body["sources"].values() if "search_index" in e)
    assert body["sources"]["gao-reports"] == {
        "last_run": "never",
        "last_run_at": None,
        "ingest_state": "never",
        "search_index": "ok",
        "vectors": {"documents": 0, "embedded": 0, "stale": 0, "chunks": 0, "coverage": 1.0, "missing": 0},
        "ok": True,
    }


def test_a_failed_run_and_a_broken_index_degrade_only_their_source(client, corpus, tmp_path):
    bad = tmp_path / "gao-26-100001.md"
    bad.write_text("not a GAO report", encoding="utf-8")
    run_ingest(slug="gao-reports", paths=[bad])
    run = run_ingest(slug="crs-reports", paths=sorted((corpus / "crs" / "sidebars").glob("*.md"))[:1])
    assert run.status == "success"
    fts = next(p.search.fts_table for p in all_plans() if p.slug == "crs-reports")
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":  # the index a query reads is gone: the tsvector column
            content = next(p.search.content_table for p in all_plans() if p.slug == "crs-reports")
            cursor.execute(f'ALTER TABLE "{content}" DROP COLUMN "{fts}"')
        else:  # what a corrupt FTS5 index looks like to a query: a structure record lost
            cursor.execute(f'DELETE FROM "{fts}_data" WHERE id = 10')
    body = client.get("/healthz").json()
    assert body["status"] == "degraded"
    assert body["sources"]["gao-reports"]["last_run"] == "failed" and not body["sources"]["gao-reports"]["ok"]
    crs = body["sources"]["crs-reports"]
    assert crs["last_run"] == "success" and crs["search_index"] != "ok" and not crs["ok"]
    assert body["sources"]["us-code"]["ok"]
    assert IngestRun.objects.filter(source="crs-reports", status="success").exists()
