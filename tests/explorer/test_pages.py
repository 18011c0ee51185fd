"""The explorer's pages over the real samples: search, id redirects, record pages, CSV, errors, access."""

import csv
import io
import re
from html import unescape
from urllib.parse import parse_qsl, unquote, urlencode

import pytest
from django.utils.html import escape, strip_tags

pytestmark = pytest.mark.django_db

QUERY = "walk-in freezer efficiency"


def page(client, url, **params):
    # No time limit here: a page's speed is measured in bench/, never asserted (a busy CI machine is slow).
    return client.get(url, params)


def text(response) -> str:
    return response.content.decode()


def hit_ids(response) -> list[str]:
    return [h["hit"].id for h in response.context["hits"]]


def assert_accessible(html: str):
    """One h1, the landmarks, a skip link to main, and every input with a label."""
    assert html.count("<h1") == 1
    for landmark in ("<header", "<nav", '<main id="main"', "<footer"):
        assert landmark in html
    assert 'class="skip-link" href="#main"' in html
    for input_id in re.findall(r'<(?:input|select)[^>]*\bid="([^"]+)"', html):
        assert f'for="{input_id}"' in html, input_id


def test_home_has_the_search_box_examples_counts_and_every_surface(client):
    response = page(client, "/")
    html = text(response)
    assert response.status_code == 200
    assert_accessible(html)
    assert re.search(r'<label for="q">[^<]+</label>', html)
    assert re.search(r'<input id="q" name="q" type="search" autofocus', html)
    for href in ("/v1/docs", "/browse/", "/mcp", "/admin/"):
        assert f'href="{href}"' in html
    assert 'href="/search?q=walk-in+freezer+efficiency"' in html
    assert 'href="/search?q=H.J.Res. 24"' in html
    rows = {r["source"].slug: r for r in response.context["rows"]}
    assert rows["bills"]["source"].count == 72 and ">72<" in html
    assert rows["bills"]["example_url"] == "/bills/hjres:119:24"
    assert rows["bills"]["search_url"] == "/search?source=bills"
    assert rows["legislators"]["search_url"] is None  # a registry source is looked up, not searched


def test_search_lists_linked_hits_with_marks_facets_and_explain(client):
    # Lexical mode: an any-term query, so a long result to page through (hybrid answers only the records that
    # cover most of the query's words: tests/explorer/test_search_honest.py).
    response = page(client, "/search", q=QUERY, mode="lexical")
    html = text(response)
    assert response.status_code == 200
    assert_accessible(html)
    hits = response.context["hits"]
    assert len(hits) == 20 and response.context["outcome"].page.total > 20
    assert "hjres:119:24" in hit_ids(response)[:3]
    # A hit opens its record's page at its passage: a text fragment of words the page shows.
    path, _, words = hits[0]["url"].partition("#:~:text=")
    assert path == f"/{hits[0]['hit'].resource}/{hits[0]['hit'].id}" and words
    assert f'<a href="{escape(hits[0]["url"])}">' in html
    assert 'href="/bills/hjres:119:24#:~:text=' in html
    target = " ".join(strip_tags(text(page(client, path))).split())
    assert unescape(unquote(words)) in unescape(target)
    # The hyphenated query word is marked: whole by FTS5's snippet(), part by part by PostgreSQL's ts_headline.
    assert re.search(r"<mark>walk(-|</mark>-<mark>)in</mark>", html, re.IGNORECASE)
    assert html.count('<details class="explain">') == 20 and "Keyword (BM25) rank" in html
    assert "H.J.Res. 24, 119th Congress" in html  # each hit's citation
    facets = response.context["facets"]
    total = response.context["outcome"].page.total
    assert facets and sum(f["count"] for f in facets) == total  # every matching record, not the top 100
    assert (
        total == client.get("/v1/search", {"q": QUERY, "mode": "lexical", "limit": 1}).json()["total"] > 100
    )
    assert "Matching records per source, over the whole result." in html
    assert 'source=bills"' in html and "Bills and resolutions (BILLSTATUS)" in html
    assert 'rel="next" href="/search?q=walk-in+freezer+efficiency&amp;mode=lexical&amp;page=2"' in html
    assert 'href="/v1/search?q=walk-in+freezer+efficiency&amp;mode=lexical&amp;limit=20&amp;offset=0"' in html


def test_snippet_text_is_escaped_around_the_marks():
    from apps.explorer.templatetags.explorer import marked
    from apps.search.schemas import Snippet

    html = marked(Snippet(text="<b>walk-in</b> & freezers", highlights=[(3, 10), (17, 25)]))
    assert html == "&lt;b&gt;<mark>walk-in</mark>&lt;/b&gt; &amp; <mark>freezers</mark>"


def test_pages_modes_and_filters_match_the_rest_api(client):
    for params in (
        {"q": QUERY, "page": "2"},
        {"q": QUERY, "mode": "lexical"},
        {"q": QUERY, "mode": "semantic", "source": "gao-reports"},
        {"q": "energy", "source": "bills", "congress": "119", "page": "2"},
        {"q": "energy", "since": "2024-01-01", "until": "2024-12-31"},
    ):
        response = page(client, "/search", **params)
        assert response.status_code == 200, params
        api = client.get(response.context["api_url"]).json()
        assert hit_ids(response) == [h["id"] for h in api["results"]], params
        assert response.context["outcome"].page.total == api["total"]


def test_csv_is_the_whole_result_in_the_same_order(client):
    """The page's CSV link is the whole result of its JSON request on /v1 (format=csv&export=all, the one CSV
    renderer), from the first hit whatever the page."""
    for params in (
        {"q": QUERY},
        {"q": QUERY, "page": "3", "mode": "lexical"},
        {"q": "energy", "source": "bills"},
    ):
        html = page(client, "/search", **params)
        csv_url = html.context["csv_url"]
        api = dict(parse_qsl(html.context["api_url"].partition("?")[2]))
        assert csv_url == "/v1/search?" + urlencode(
            {
                **{k: v for k, v in api.items() if k not in ("offset", "limit")},
                "limit": 50,
                "format": "csv",
                "export": "all",
            }
        )
        assert client.get("/search.csv", params)["Location"] == csv_url  # the old address still answers
        response = client.get(csv_url)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
        rows = list(csv.DictReader(io.StringIO(b"".join(response.streaming_content).decode())))
        assert len(rows) == html.context["outcome"].page.total, params
        assert [r["id"] for r in rows][html.context["form"].offset :][:20] == hit_ids(html), params


def test_words_that_look_like_ids_are_searched(client):
    response = page(client, "/search", q="snap")  # a well-formed committee code, but no such committee
    assert response.status_code == 200 and "hits" in response.context
    response = page(client, "/search", q="crs:R00001")  # a citation of nothing held: says so
    flagged = "reads as a CRS report citation, but Josh holds no such CRS report"
    assert response.status_code == 200 and flagged in text(response)
    response = page(client, "/search", q="HSWM", **{"as": "words"})
    assert response.status_code == 200 and "hits" in response.context


def test_empty_query_is_a_friendly_prompt(client):
    for params in ({}, {"q": ""}, {"q": "   "}):
        response = page(client, "/search", **params)
        assert response.status_code == 200 and response["Content-Type"].startswith("text/html")
        html = text(response)
        assert "Type some words" in html and "hits" not in response.context
        assert_accessible(html)


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"q": "energy", "congress": "abc"}, "Parameter &#x27;congress&#x27;"),
        ({"q": "energy", "mode": "fuzzy"}, "Parameter &#x27;mode&#x27;"),
        ({"q": "energy", "since": "yesterday"}, "Parameter &#x27;since&#x27;"),
        ({"q": "energy", "page": "999"}, "page must be between 1 and 51; got 999."),
        ({"q": "energy", "source": "nope"}, "Unknown source(s) nope"),
        ({"q": "energy", "source": "legislators"}, "legislators"),
    ],
)
def test_a_bad_parameter_is_a_400_page_with_the_envelope_message(client, params, message):
    response = page(client, "/search", **params)
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")
    html = text(response)
    assert 'role="alert"' in html and message in html
    assert 'name="q" type="search" value="energy"' in html  # what was typed stays in the box
    csv_response = client.get("/search.csv", params, follow=True)
    assert csv_response.status_code == 400 and csv_response.json()["error"]["message"]


def test_a_long_summary_is_all_on_the_bill_page_so_a_deep_link_into_it_lands(client):
    # The page cut the summary at 1,500 characters: a search hit's #:~:text= link into the rest found nothing.
    summary = client.get("/v1/bills/hr:117:2471").json()["summary"]
    assert len(summary) > 1500
    words = " ".join(unescape(re.sub(r"<[^>]+>", " ", text(page(client, "/bills/hr:117:2471")))).split())
    for part in (summary[:1400], summary[1500:3000], summary[-1400:]):  # the lead, the fold, the end
        assert " ".join(part.split()) in words
    assert (
        "enforcing sanctions against Russia" in words
    )  # the hit's deep link (search "immigration enforcement")
    hit = client.get(
        "/v1/search", {"q": "enforcing sanctions against Russia", "source": "bills", "mode": "lexical"}
    )
    assert hit.json()["results"][0]["id"] == "hr:117:2471"


def test_bill_page(client):
    response = page(client, "/bills/hjres:119:24")
    html = text(response)
    assert response.status_code == 200
    assert_accessible(html)
    assert '<a href="/legislators/B000740">Rep. Bice, Stephanie I. [R-OK-5]</a>' in html
    assert response.context["party_split"] == [("R", "Republicans", 10)]
    assert '<span class="badge party-R">Republicans: 10</span>' in html
    assert len(response.context["cosponsors"]) == 10
    assert html.count('href="/legislators/') >= 11  # the sponsor and every cosponsor
    steps = {s.key: s for s in response.context["steps"]}
    assert all(s.done for s in steps.values()) and str(steps["law"].date) == "2025-05-09"
    assert len(response.context["actions"]) == 18
    for href in (
        "/votes/house:119:2025:77",
        "/votes/senate:119:2025:162",
        "/public-laws/pl:119:7",
        "/saps/sap:2025-03-27_hjres24",
        "/committees/HSIF",
        "https://www.congress.gov/bill/119th-congress/house-resolution/242",  # not loaded: its publisher
        "/topics/topic:policy-area:energy",
        "/v1/bills/hjres:119:24",
    ):
        assert f'href="{href}"' in html, href
    assert 'id="cite-text">H.J.Res. 24, 119th Congress' in html and "Copy citation" in html


def test_bill_with_text_shows_it_split_into_sections_with_pinpoints(client):
    response = page(client, "/bills/s:118:1325")
    assert response.status_code == 200
    assert response.context["body"] is not None
    reading = response.context["body_reading"]
    assert {b.kind for b in reading.blocks} == {"h", "p"}
    html = text(response)
    # Each numbered section: an anchor, a contents entry, and its pinpoint citation ready to copy.
    section = next(h for h in reading.toc if h.anchor == "sec-2")
    assert section.pinpoint == "S. 1325, 118th Cong. § 2"
    assert f'<h3 id="sec-2" class="lvl-{section.level}"><a class="anchor" href="#sec-2">' in html
    assert '<cite id="pin-sec-2">S. 1325, 118th Cong. § 2</cite>' in html
    assert '<li class="lvl-0"><a href="#sec-2">' in html


def test_vote_page_tally_adds_up_to_the_positions(client):
    response = page(client, "/votes/senate:119:2025:162")
    html = text(response)
    assert response.status_code == 200
    assert_accessible(html)
    vote, tally = response.context["vote"], response.context["tally"]
    assert tally.total.total == len(vote.positions) == 100
    assert dict(zip(tally.columns, tally.total.cells, strict=True)) == vote.normalized_totals
    for i in range(len(tally.columns)):
        assert sum(row.cells[i] for row in tally.rows) == tally.total.cells[i]
    assert {r.party: r.cells for r in tally.rows} == {"D": [0, 40, 5], "R": [53, 0, 0], "I": [0, 2, 0]}
    assert re.search(r"<tfoot>\s*<tr><th scope=\"row\">Total</th><td class=\"num\">53</td>", html)
    assert 'href="/bills/hjres:119:24"' in html
    assert html.count('href="/legislators/') == 100


def test_house_vote_page(client):
    response = page(client, "/votes/house:119:2025:77")
    assert response.status_code == 200
    tally = response.context["tally"]
    assert tally.total.total == len(response.context["vote"].positions)
    assert dict(zip(tally.labels, tally.total.cells, strict=True))["Yes"] == 203


def test_legislator_page(client):
    response = page(client, "/legislators/B000740")
    html = text(response)
    assert response.status_code == 200
    assert_accessible(html)
    assert "<h1" in html and "Stephanie I. Bice" in html
    assert 'href="/bills/hjres:119:24"' in html  # sponsored
    assert 'href="/votes/house:119:2025:77"' in html  # recent votes
    assert 'href="/committees/HSAP"' in html  # a committee seat
    assert response.context["terms"][0].start.isoformat() == "2025-01-03"


def test_committee_page_lists_the_chair_and_the_roster_by_side(client):
    response = page(client, "/committees/HSWM")
    html = text(response)
    assert response.status_code == 200
    assert_accessible(html)
    dossier = response.context["d"]
    assert dossier.chair.member.name == "Jason Smith" and dossier.chair.title == "Chair"
    assert f'<a href="/legislators/{dossier.chair.member.id}">Jason Smith</a>' in html
    sides = response.context["sides"]
    assert [s.side for s in sides] == ["majority", "minority"]
    assert sides[0].members[0].member.name == "Jason Smith"
    assert sides[1].members[0].title == "Ranking Member"
    assert sum(len(s.members) for s in sides) == response.context["roster_total"]
    assert 'href="/committees/HSWM01"' in html or "Subcommittees" in html


@pytest.mark.parametrize(
    ("url", "expect"),
    [
        ("/crs-reports/crs:R48914", "Cryptocurrency Mining and the Electricity Sector"),
        ("/federal-register/fr:2024-02930", "fr:2024-02930"),
        ("/saps/sap:2025-03-27_hjres24", 'href="/bills/hjres:119:24"'),
        ("/public-laws/pl:119:7", 'href="/bills/hjres:119:24"'),
        ("/cfr/cfr:1:1.1", "Definitions"),
        ("/us-code/usc:1:112a", "usc:1:112a"),
        ("/congressional-record/crec:CREC-2005-07-20-pt1-PgS8587-2", "crec:CREC-2005-07-20-pt1-PgS8587-2"),
        ("/gao-reports/gao:GAO-26-108653", "gao:GAO-26-108653"),
        ("/topics/topic:policy-area:energy", 'href="/bills/hjres:119:24"'),
        ("/hearings/hearing:102252", "hearing:102252"),
    ],
)
def test_document_pages(client, url, expect):
    response = page(client, url)
    html = text(response)
    assert response.status_code == 200, url
    assert_accessible(html)
    assert expect in html
    assert 'id="cite-text"' in html and 'class="copy"' in html and " hidden>" in html  # copy needs JS


def test_report_body_keeps_its_headings(client):
    response = page(client, "/crs-reports/crs:R48914")
    body = next(t for t in response.context["parts"].texts if t.label == "Text")
    headings = [b.text for b in body.reading.blocks if b.kind == "h"]
    assert "Contents" in headings and "Summary" in headings
    html = text(response)
    assert '<h3 id="s-summary" class="lvl-0"><a class="anchor" href="#s-summary">Summary</a></h3>' in html
    assert '<cite id="pin-s-summary">CRS Report R48914, “Summary”</cite>' in html
    assert '<li class="lvl-0"><a href="#s-summary">Summary</a></li>' in html  # the contents


def test_non_canonical_ids_redirect_and_unknown_ids_are_404_pages(client):
    response = page(client, "/bills/H.J.Res.24-119")
    assert response.status_code == 302 and response["Location"] == "/bills/hjres:119:24"
    assert page(client, "/committees/hswm00")["Location"] == "/committees/HSWM"
    for url in (
        "/bills/hr:119:99999",
        "/bills/not-a-bill",
        "/legislators/Z999999",
        "/crs-reports/crs:R00001",
    ):
        response = page(client, url)
        html = text(response)
        assert response.status_code == 404 and response["Content-Type"].startswith("text/html"), url
        assert_accessible(html)
        assert 'action="/search"' in html and "/search?q=" in html
    assert "No bill hr:119:99999" in text(client.get("/bills/hr:119:99999"))


def test_unmatched_paths_get_the_explorer_404_and_api_paths_keep_the_envelope(client):
    response = client.get("/no/such/page")
    assert response.status_code == 404 and 'action="/search"' in text(response)
    assert client.get("/v1/no-such-route").json()["error"]["code"] == "record_not_found"


def test_static_css_is_served(client):
    from django.contrib.staticfiles import finders

    assert finders.find("explorer/explorer.css")
    assert 'href="/static/explorer/explorer.css"' in text(client.get("/"))


def test_record_pages_follow_the_access_policy(client, settings):
    settings.JOSH = {**settings.JOSH, "AUTH": "apikey"}
    response = client.get("/search", {"q": QUERY})
    assert response.status_code == 401 and "sign in to the admin" in text(response)
    assert client.get("/bills/hjres:119:24").status_code == 401
    assert client.get("/search.csv", {"q": QUERY}).status_code == 401
    assert client.get("/").status_code == 200  # the home page stays open, as before
