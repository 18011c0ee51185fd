"""A searchable source that cites bills takes a model, its migration, a plan and a resource (tests/fixture_app):
search on every surface, the bill_id filter, the sources list and the record route follow with no other edit."""

import json
from pathlib import Path

import pytest
from asgiref.sync import async_to_sync

from apps.core.services.ingest import run_ingest
from apps.mcp_bridge.server import build_server

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
BULLETINS = [
    {"bulletin_id": "bulletin:1", "title": "Pipeline safety bulletin", "bill_id": "hr:119:103",
     "body": "Operators of hazardous liquid pipelines must report leaks within a day.", "published_at": "2025-03-04"},
    {"bulletin_id": "bulletin:2", "title": "Pipeline inspection schedule", "bill_id": "s:119:5",
     "body": "Inspections of pipelines resume in the spring.", "published_at": "2025-01-15"},
]  # fmt: skip


@pytest.fixture
def bulletins(tmp_path):
    path = tmp_path / "bulletins.json"
    path.write_text(json.dumps(BULLETINS))
    assert run_ingest(slug="bulletins", paths=[path]).status == "success"


def _ids(body) -> list[str]:
    return [hit["id"] for hit in body["results"]]


def test_its_records_are_searched_filtered_by_bill_and_opened_by_id(client, bulletins):
    words = client.get("/v1/search", {"q": "hazardous liquid pipelines", "source": "bulletins"}).json()
    assert _ids(words) == ["bulletin:1"]  # one stray word of three does not make bulletin:2 a match
    both = client.get("/v1/search", {"q": "pipelines", "source": "bulletins"}).json()
    assert sorted(_ids(both)) == ["bulletin:1", "bulletin:2"] and both["source_counts"] == {"bulletins": 2}
    assert {hit["resource"] for hit in both["results"]} == {"bulletins"}
    one = client.get(
        "/v1/search", {"q": "pipelines", "source": "bulletins", "bill_id": "H.R. 103-119"}
    ).json()
    assert _ids(one) == ["bulletin:1"] and one["total"] == 1
    record = client.get("/v1/bulletins/BULLETIN:01").json()
    assert (record["id"], record["bill_id"], record["citation"]["citation_string"]) == (
        "bulletin:1", "hr:119:103", "Bulletin bulletin:1",
    )  # fmt: skip
    shapes = {s["slug"]: s["shape"] for s in client.get("/v1/sources").json()}
    assert shapes["bulletins"] == "short-body"  # FTS with a body column, no vectors: lexical only
    mcp = async_to_sync(build_server().call_tool)(
        "lexical_search", {"query": "pipelines", "source": "bulletins", "bill_id": "s:119:5"}
    )
    assert _ids(mcp.structured_content) == ["bulletin:2"]
    page = client.get("/search", {"q": "pipelines", "source": "bulletins"}).content.decode()
    assert "Pipeline safety bulletin" in page and "Pipeline inspection schedule" in page


def test_it_took_four_files_and_this_test():
    """Every file that names the source: the model, its migration, the plan and the resource (+ this test)."""
    found = set()
    for folder in ("apps", "josh", "tests", "docs", "bench", "scripts"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix in (".py", ".md", ".html", ".sql", ".toml") and path.is_file():
                if "bulletin" in path.read_text(errors="ignore").lower():
                    found.add(str(path.relative_to(ROOT)))
    assert found == {
        "tests/fixture_app/models.py",
        "tests/fixture_app/migrations/0002_bulletin.py",
        "tests/fixture_app/plans.py",
        "tests/fixture_app/resources.py",
        "tests/core/test_searchable_source.py",
    }
