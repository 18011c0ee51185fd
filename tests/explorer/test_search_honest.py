"""The explorer's search page tells the truth: facets count the whole filtered result, an empty result says
why and links the suggested searches, a missing encoder shows keyword results with a note, and a search past
its budget is a friendly 503 page (as REST's 503 query_timeout)."""

import itertools

import pytest

from apps.core.db import timelimit

pytestmark = pytest.mark.django_db


def test_facets_count_every_matching_record_and_follow_the_filters(client):
    everything = client.get("/search", {"q": "energy", "congress": "119"})
    counts = {f.source: f.count for f in everything.context["outcome"].facets}
    api = client.get("/v1/search", {"q": "energy", "congress": "119", "limit": 1}).json()
    assert counts == api["source_counts"] and sum(counts.values()) == api["total"]
    unfiltered = client.get("/v1/search", {"q": "energy", "limit": 1}).json()
    assert unfiltered["total"] > api["total"]  # the congress filter is counted, not ignored
    one = client.get("/search", {"q": "energy", "congress": "119", "source": "bills"})
    assert one.context["outcome"].page.total == counts["bills"]  # the chosen source's count is the page's
    assert {f.source: f.count for f in one.context["outcome"].facets} == counts  # the others, to switch to
    assert "without the source filter" in one.content.decode()


def test_an_empty_result_says_why_and_links_the_suggestion(client):
    response = client.get("/search", {"q": '"walk-in zebra" freezer', "mode": "lexical"})
    html = response.content.decode()
    assert response.status_code == 200 and response.context["hits"] == []
    assert response.context["outcome"].page.no_match.reason == "phrase_not_found"
    assert "Nothing matched." in html and "A quoted phrase of the query occurs in no record" in html
    assert '<a href="/search?q=walk-in+zebra+freezer&amp;mode=lexical">' in html
    assert client.get("/search", {"q": "walk-in zebra freezer", "mode": "lexical"}).context["hits"]


def test_without_an_encoder_the_page_shows_keyword_hits_and_says_so(client, settings):
    settings.JOSH = {**settings.JOSH, "ENCODER": "no-such-encoder"}
    response = client.get("/search", {"q": "walk-in freezer efficiency"})
    html = response.content.decode()
    assert response.status_code == 200 and response.context["hits"]
    assert "Meaning search is unavailable right now, so these are keyword (BM25) results only." in html
    api = client.get("/v1/search", {"q": "walk-in freezer efficiency", "mode": "lexical", "limit": 20}).json()
    assert [h["hit"].id for h in response.context["hits"]] == [h["id"] for h in api["results"]]


def test_a_search_past_its_budget_is_the_friendly_503_page(client, settings, monkeypatch):
    settings.JOSH = {**settings.JOSH, "QUERY_TIME_LIMIT_MS": 1}
    monkeypatch.setattr(timelimit, "_PROGRESS_STEPS", 1)  # the progress handler checks at every VM step
    ticks = itertools.count(1_000_000)
    monkeypatch.setattr(timelimit.time, "perf_counter", lambda: float(next(ticks)))  # each check a second on
    response = client.get("/search", {"q": "energy efficiency"})
    html = response.content.decode()
    assert response.status_code == 503 and response["Content-Type"].startswith("text/html")
    assert "<h1>That search took too long</h1>" in html and "<code>query_timeout</code>" in html
    assert 'name="q" type="search" value="energy efficiency"' in html  # the words stay in the box
    api = client.get("/v1/search", {"q": "energy efficiency"})
    assert api.status_code == 503 and api.json()["error"]["code"] == "query_timeout"


def test_an_off_topic_question_matched_by_a_stray_word_names_the_words_no_record_has(client, settings):
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": 0.2}  # the tests' hashing encoder has no fitted floor
    q = "puppy kitten leash collar energy"
    assert client.get("/v1/search", {"q": "energy", "mode": "lexical", "limit": 1}).json()["total"] > 0
    response = client.get("/search", {"q": q, "mode": "lexical"})
    html = response.content.decode()
    assert response.status_code == 200 and response.context["hits"] == []
    no_match = response.context["outcome"].page.no_match
    assert no_match.reason == "few_words_covered"
    assert no_match.coverage.present == ["energy"] and no_match.coverage.missing == [
        "puppy",
        "kitten",
        "leash",
        "collar",
    ]
    assert "No record contains most of these words: the best one has energy" in html
    assert "lacks &#x27;puppy&#x27;, &#x27;kitten&#x27;, &#x27;leash&#x27;, &#x27;collar&#x27;" in html
    assert '<a href="/search?q=energy&amp;mode=lexical">' in html  # the search without the weak words
