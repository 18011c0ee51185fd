"""/search/feed.atom: the search page's query as an Atom 1.0 feed of its newest matches, over the real CRS
sample; it gains an entry when a new matching record is ingested; a bad parameter is the 400 envelope."""

import html
import xml.etree.ElementTree as ET
from datetime import datetime

import pytest

from apps.search.selectors import search
from tests.feeds.conftest import NEW_TITLE, QUERY

pytestmark = pytest.mark.django_db
ATOM = "{http://www.w3.org/2005/Atom}"


@pytest.fixture(autouse=True)
def _sample(crs_sample):
    return crs_sample


def feed(client, params=QUERY) -> ET.Element:
    response = client.get("/search/feed.atom", params)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/atom+xml; charset=utf-8"
    return ET.fromstring(response.content)  # raises on a feed that is not well-formed


def entries(root: ET.Element) -> list[dict]:
    return [
        {
            "id": e.findtext(f"{ATOM}id"),
            "title": e.findtext(f"{ATOM}title"),
            "updated": datetime.fromisoformat(e.findtext(f"{ATOM}updated")),
            "link": e.find(f"{ATOM}link").get("href"),
            "summary": e.findtext(f"{ATOM}summary"),
            "content": e.findtext(f"{ATOM}content"),
        }
        for e in root.findall(f"{ATOM}entry")
    ]


def test_the_feed_is_atom_with_the_search_matches_newest_first(client):
    root = feed(client)
    assert root.tag == f"{ATOM}feed"
    assert root.findtext(f"{ATOM}id").startswith("tag:josh,2026:search?")
    assert root.findtext(f"{ATOM}title") == "Josh search: energy star"
    assert "newest 50" in root.findtext(f"{ATOM}subtitle")
    links = {link.get("rel"): link.get("href") for link in root.findall(f"{ATOM}link")}
    assert links["self"].startswith("http://testserver/search/feed.atom?q=energy+star")
    assert links["alternate"].startswith("http://testserver/search?q=energy+star")

    got = entries(root)
    page = search(q="energy star", mode="lexical", source="crs-reports", sort="newest", limit=50)
    hits = {h.id: h for h in page.results}
    assert [e["id"].removeprefix("tag:josh,2026:crs-reports/") for e in got] == list(
        hits
    )  # the search's order
    assert len(got) == min(50, page.total) and len(got) >= 2
    assert [e["updated"] for e in got] == sorted((e["updated"] for e in got), reverse=True)
    assert datetime.fromisoformat(root.findtext(f"{ATOM}updated")) == got[0]["updated"]
    for e in got:
        record_id = e["id"].removeprefix("tag:josh,2026:crs-reports/")
        hit = hits[record_id]
        assert e["title"] == hit.title
        assert e["link"] == f"http://testserver/crs-reports/{record_id}"
        assert e["content"] == hit.citation.citation_string
        assert e["updated"].date() == hit.citation.published_at
        assert html.unescape(e["summary"]) == hit.snippet.text  # the summary is type="html": escaped text
    assert client.get(got[0]["link"].removeprefix("http://testserver")).status_code == 200


def test_the_feed_gains_an_entry_after_an_ingest_of_a_new_matching_record(client, ingest_new_report):
    before = entries(feed(client))
    new_id = ingest_new_report()
    assert all(not e["id"].endswith(new_id) for e in before)
    after = entries(feed(client))
    assert len(after) == min(50, len(before) + 1)
    newest = after[0]
    assert newest["id"] == f"tag:josh,2026:crs-reports/{new_id}"
    assert newest["title"] == NEW_TITLE
    assert newest["updated"].date().isoformat() == "2026-11-20"
    assert [e["id"] for e in after[1:]] == [e["id"] for e in before][: len(after) - 1]


@pytest.mark.parametrize(
    ("params", "parameter"),
    [
        ({"q": "energy", "mode": "fuzzy"}, "mode"),
        ({"q": "energy", "since": "last tuesday"}, "since"),
        ({"q": "energy", "congress": "0"}, "congress"),
        ({"q": "energy", "source": "no-such-source"}, "source"),
        ({"q": "energy", "document_type": "memo"}, "document_type"),
        ({"q": "energy", "bill_id": "memo"}, "bill_id"),  # the page's bill filter reaches the feed's search
    ],
)
def test_a_bad_parameter_is_the_400_envelope_naming_it(client, params, parameter):
    response = client.get("/search/feed.atom", params)
    assert response.status_code == 400, response.content[:300]
    error = response.json()["error"]
    assert error["code"] in ("invalid_parameter", "unknown_source"), error
    assert error["hint"]["parameter"] == parameter and parameter in error["message"]


def test_an_empty_query_is_a_400_that_says_what_to_send(client):
    response = client.get("/search/feed.atom", {"q": ""})
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "invalid_query"


def test_a_facet_of_the_search_page_narrows_its_feed(client):
    """The feed is the page's search, facets included: CRS reports have no chamber, so the source is left out."""
    assert entries(feed(client))
    assert entries(feed(client, {**QUERY, "chamber": "house"})) == []
