"""One box for everything: the members, committees and cited record a query names, over the ingested samples.

The entity service (apps.dossiers.selectors.entities) for each citation form, name, nickname and prefix; the
same cards on REST and browse search answers; the explorer's search page showing them above the hits and
opening a query that is exactly a citation. The browser journeys are tests/explorer/test_onebox_browser.py.
"""

import pytest
from django.utils.html import escape

from apps.dossiers.selectors.entities import find_entities

pytestmark = pytest.mark.django_db

# (query as a reader types it, resource, the record's id), every record in the samples (corpus/).
CITED = [
    ("89 FR 9838", "federal-register", "fr:2024-02812"),  # pages 9838-9839
    ("89 Fed. Reg. 9,742", "federal-register", "fr:2024-02930"),  # inside pages 9741-9743
    ("89 FR 9743", "federal-register", "fr:2024-02741"),  # 02930 ends and 02741 begins there: the one begun
    ("1 U.S.C. 1", "us-code", "usc:1:1"),
    ("1 USC § 1", "us-code", "usc:1:1"),
    ("Pub. L. 117-103", "public-laws", "pl:117:103"),
    ("P.L. 117-103", "public-laws", "pl:117:103"),
    ("Public Law 117-103", "public-laws", "pl:117:103"),
    ("S. Rept. 114-123", "bills", "hr:114:1531"),  # a reference row only: the bill it reports
    ("H. Rept. 117-118", "bills", "hr:117:4350"),
    ("1 CFR 1.1", "cfr", "cfr:1:1.1"),
    ("1 C.F.R. § 1.1", "cfr", "cfr:1:1.1"),
    ("H.R. 1", "bills", "hr:117:1"),  # the latest Congress holding H.R. 1
    ("HR1 117th", "bills", "hr:117:1"),
    ("S. 1325", "bills", "s:118:1325"),
    ("H.Res. 99 (114th)", "bills", "hres:114:99"),
    ("2024-02930", "federal-register", "fr:2024-02930"),
    ("IF12495", "crs-reports", "crs:IF12495"),
    ("GAO-26-107759", "gao-reports", "gao:GAO-26-107759"),
]
# Well-formed citations of records the samples do not hold: no card, a word search.
NOT_HELD = [
    "42 U.S.C. 1983",
    "Pub. L. 117-58",
    "S. Rept. 118-12",
    "89 FR 1",
    "R47000",
    "GAO-24-106",
    "HR1 118th",
]
NAMED = [
    ("Elizabeth Warren", "legislators", ["W000817"]),
    ("AOC", "legislators", ["O000172"]),
    ("Sen. Markey", "legislators", ["M000133"]),
    ("Senator Markey", "legislators", ["M000133"]),
    ("Rep. Ocasio-Cortez", "legislators", ["O000172"]),
    ("Ways and Means Committee", "committees", ["HSWM"]),
    ("ways & means", "committees", ["HSWM"]),
    ("Senate Judiciary", "committees", ["SSJU"]),
    ("Judiciary", "committees", ["HSJU", "SSJU"]),
    ("Senate Finance", "committees", ["SSFI"]),
]
# Topic words that share a word with a member's or committee's name are not that name.
UNNAMED = [
    "walk-in freezer efficiency",
    "energy",
    "health",
    "Elizabeth",
    "Massachusetts",
    "child online safety",
]


@pytest.mark.parametrize(("q", "resource", "record_id"), CITED)
def test_each_citation_form_names_its_record(corpus_sample, q, resource, record_id):
    cards = find_entities(q)
    assert [(c.kind, c.resource, c.id) for c in cards] == [("citation", resource, record_id)]


@pytest.mark.parametrize("q", NOT_HELD)
def test_a_citation_of_a_record_not_held_names_nothing(corpus_sample, q):
    assert find_entities(q) == []


@pytest.mark.parametrize(("q", "resource", "ids"), NAMED)
def test_names_nicknames_and_prefixes_name_their_member_or_committee(corpus_sample, q, resource, ids):
    cards = find_entities(q)
    assert [(c.resource, c.id) for c in cards] == [(resource, i) for i in ids]


@pytest.mark.parametrize("q", UNNAMED)
def test_topic_words_name_no_member_or_committee(corpus_sample, q):
    assert find_entities(q) == []


def test_a_card_in_full(corpus_sample):
    [member] = find_entities("Sen. Markey")
    assert member.model_dump() == {
        "kind": "legislator",
        "resource": "legislators",
        "id": "M000133",
        "name": "Edward J. Markey",
        "detail": "Senator, D-MA",
        "matched": "Sen. Markey",
    }
    [report] = find_entities("S. Rept. 114-123")
    assert report.detail == "S. Rept. 114-123: the committee's report on this bill"
    assert report.matched == "S. Rept. 114-123" and report.name.startswith("Land Management Workforce")
    [page] = find_entities("89 FR 9838")
    assert page.detail == "Federal Register document 2024-02812, 89 FR 9838-9839"


def test_rest_and_browse_search_answers_carry_the_cards(corpus_sample, client):
    expected = [c.model_dump() for c in find_entities("Sen. Markey")]
    rest = client.get("/v1/search", {"q": "Sen. Markey", "mode": "lexical", "limit": 3}).json()
    assert rest["entities"] == expected and len(expected) == 1
    browse = client.get("/browse/search", {"q": "Sen. Markey", "mode": "lexical", "format": "json"}).json()
    # browse links each card to the record's own browse page, as it does every id
    assert [{k: v for k, v in e.items() if k != "_links"} for e in browse["entities"]] == expected
    assert browse["entities"][0]["_links"] == {"self": "http://testserver/browse/legislators/M000133"}
    cited = client.get("/v1/search", {"q": "89 FR 9838", "mode": "lexical"}).json()
    assert [(e["kind"], e["id"]) for e in cited["entities"]] == [("citation", "fr:2024-02812")]
    words = client.get("/v1/search", {"q": "walk-in freezer efficiency", "mode": "lexical"}).json()
    assert words["entities"] == [] and words["results"]


@pytest.mark.parametrize(("q", "resource", "record_id"), CITED[:1] + CITED[3:4] + CITED[8:9] + CITED[13:14])
def test_the_search_page_opens_a_citation(corpus_sample, client, q, resource, record_id):
    response = client.get("/search", {"q": q})
    target = f"/{resource}/{record_id}"
    assert response.status_code == 302 and response["Location"] == target
    assert client.get(target).status_code == 200


def test_the_search_page_shows_cards_above_the_hits(corpus_sample, client):
    response = client.get("/search", {"q": "Sen. Markey", "mode": "lexical"})
    html = response.content.decode()
    assert response.status_code == 200
    card = html.index('<a href="/legislators/M000133">Edward J. Markey</a>')
    assert html.index('class="entities"') < card < html.index('<ol class="hits"')
    # a citation searched as words (the escape from the redirect) still shows the record it names
    words = client.get("/search", {"q": "89 FR 9838", "as": "words", "mode": "lexical"}).content.decode()
    assert '<a href="/federal-register/fr:2024-02812">' in words and 'class="entities"' in words
    plain = client.get("/search", {"q": "walk-in freezer efficiency", "mode": "lexical"}).content.decode()
    assert 'class="entities"' not in plain


# A citation that parses but names no record held, and what the answer says of it (``citation.hint``).
UNRESOLVED = [
    (
        "89 FR 99999",
        "fr_page",
        "89 FR 99999",
        "“89 FR 99999” reads as a Federal Register page citation, but Josh holds no Federal Register document "
        "printed on page 99999 of volume 89.",
    ),
    (
        "Pub. L. 117-9999",
        "public-law",
        "Pub. L. 117-9999",
        "“Pub. L. 117-9999” reads as a public law citation, but Josh holds no such public law.",
    ),
    (
        "S. Rept. 118-12",
        "committee_report",
        "S. Rept. 118-12",
        "“S. Rept. 118-12” reads as a committee report citation, but Josh holds no such committee report.",
    ),
    (
        "42 U.S.C. 1983",
        "usc_section",
        "42 U.S.C. 1983",
        "“42 U.S.C. 1983” reads as a U.S. Code section citation, but Josh holds no such U.S. Code section.",
    ),
    (
        "H.R. 99999",
        "bill",
        "H.R. 99999",
        "“H.R. 99999” reads as a bill citation, but Josh holds no H.R. 99999 in any Congress it has loaded.",
    ),
]
WORDS_NOT_CITATION = (
    " The hits match its words, not the citation: check the numbers (GET /v1/sources lists what is loaded)."
)


@pytest.mark.parametrize(("q", "kind", "text", "hint"), UNRESOLVED, ids=[u[0] for u in UNRESOLVED])
def test_a_citation_of_no_record_is_flagged_on_rest_browse_and_the_page(
    corpus_sample, client, q, kind, text, hint
):
    expected = {"text": text, "kind": kind, "resolved": False, "hint": hint + WORDS_NOT_CITATION}
    rest = client.get("/v1/search", {"q": q, "mode": "lexical"})
    assert rest.status_code == 200
    assert rest.json()["citation"] == expected and rest.json()["entities"] == []
    browse = client.get("/browse/search", {"q": q, "mode": "lexical", "format": "json"}).json()
    assert browse["citation"] == expected

    response = client.get("/search", {"q": q, "mode": "lexical"})
    html = response.content.decode()
    assert response.status_code == 200 and 'class="entities"' not in html
    note = html.index('<p class="note citation-missing" role="status">')
    assert html.index(escape(hint), note) == note + len('<p class="note citation-missing" role="status">')
    if '<ol class="hits"' in html:  # the note comes before any hit
        assert note < html.index('<ol class="hits"')
    assert "reads as an id" not in html


def test_a_citation_of_a_held_record_is_resolved_and_words_are_no_citation(corpus_sample, client):
    cited = client.get("/v1/search", {"q": "Pub. L. 117-103", "mode": "lexical"}).json()
    assert cited["citation"] == {
        "text": "Pub. L. 117-103",
        "kind": "public-law",
        "resolved": True,
        "hint": None,
    }
    assert [(e["kind"], e["id"]) for e in cited["entities"]] == [("citation", "pl:117:103")]
    page = client.get("/search", {"q": "89 FR 9838", "as": "words", "mode": "lexical"}).content.decode()
    assert "citation-missing" not in page
    for words in ("walk-in freezer efficiency", "Sen. Markey"):
        assert client.get("/v1/search", {"q": words, "mode": "lexical"}).json()["citation"] is None


def test_the_cards_survive_a_document_search_past_its_budget(corpus_sample, client, monkeypatch):
    """A document search that runs out of time (simulated: its run raises the budget's own 503) still shows
    the cards found before it, with the reason, instead of the bare timeout page."""
    from apps.core.db.timelimit import timeout_error
    from apps.explorer import search as explorer_search

    def out_of_time(form):
        raise timeout_error()

    monkeypatch.setattr(explorer_search, "run", out_of_time)
    response = client.get("/search", {"q": "Sen. Markey"})
    html = response.content.decode()
    assert response.status_code == 503
    assert (
        '<a href="/legislators/M000133">Edward J. Markey</a>' in html and "That search could not run" in html
    )
    assert (
        client.get("/search", {"q": "walk-in freezer efficiency"}).status_code == 503
    )  # no cards: as before
