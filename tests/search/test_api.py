"""GET /v1/search and /v1/<resource>/{id}/similar: response shape, every error code, degradation, explain."""

import csv
import io

import pytest

SAP = "statements-of-administration-policy"
HIT_KEYS = {"id", "source", "resource", "title", "snippet", "score", "explain", "citation"}
CITATION_KEYS = {"citation_string", "url", "published_at", "source", "retrieved_at", "in_corpus"}


@pytest.fixture
def get(client, corpus_db, search_plans):
    assert search_plans[1].slug in (SAP, "saps")

    def call(path="/v1/search", **params):
        return client.get(path, params)

    return call


def _error(response, status, code):
    assert response.status_code == status, response.content
    body = response.json()
    assert set(body) == {"error"} and body["error"]["code"] == code
    return body["error"]


@pytest.mark.django_db
def test_hybrid_response_shape(get):
    response = get(q="drinking water grants", source="bills")
    assert response.status_code == 200
    body = response.json()
    assert set(body) == {
        "results", "total", "total_basis", "source_counts", "no_match", "took_ms", "mode", "ignored_terms",
        "approximate", "entities", "citation", "vector_coverage", "facets", "excluded_by_filters",
    }  # fmt: skip
    assert body["vector_coverage"] == {"bills": 1.0}  # every bill embedded
    # these bills have no origin chamber (the facets count values, not blanks); no filter left a source out
    assert body["facets"] == {} and body["excluded_by_filters"] == {}
    assert body["mode"] == "hybrid" and body["total"] == 8 and body["total_basis"] == "exact"
    assert (
        body["source_counts"] == {"bills": 8} and body["no_match"] is None
    )  # no floor for the hashing model
    assert body["ignored_terms"] == [] and body["approximate"] == []  # 8 bills: every chunk rescored
    assert body["entities"] == [] and body["citation"] is None  # words, not a name or a citation
    top = body["results"][0]
    assert set(top) == HIT_KEYS
    assert top["id"] == "hr:119:102" and top["source"] == "bills" and top["resource"] == "bills"
    assert top["title"] == "Clean Water Infrastructure Act"
    assert set(top["citation"]) == CITATION_KEYS and all(v is not None for v in top["citation"].values())
    assert top["citation"]["published_at"] == "2025-03-01"
    assert top["citation"]["retrieved_at"].startswith("2026-01-02T03:04:05")
    snippet = top["snippet"]
    assert [snippet["text"][a:b].lower() for a, b in snippet["highlights"]][:1] in (
        ["drinking"],
        ["water"],
        ["grants"],
    )


@pytest.mark.django_db
def test_a_corrected_record_is_flagged_in_its_hit_citation(get):
    from django.contrib.contenttypes.models import ContentType

    from apps.bills.models import Bill
    from apps.curation.services import correct

    bill = Bill.objects.get(bill_id="hr:119:102")
    correct(
        content_type=ContentType.objects.get_for_model(Bill),
        object_id=str(bill.pk),
        field="title",
        value="Clean Water Infrastructure Act of 2025",
        reason="the enrolled title",
    )
    hits = get(q="drinking water grants", source="bills").json()["results"]
    top, rest = hits[0], hits[1:]
    assert top["id"] == "hr:119:102" and top["title"] == "Clean Water Infrastructure Act of 2025"
    assert top["citation"]["corrected"] is True and top["citation"]["corrected_fields"] == ["title"]
    assert rest and all(set(h["citation"]) == CITATION_KEYS for h in rest)  # uncorrected: no flag at all


@pytest.mark.django_db
def test_hybrid_explain_is_the_convex_combination_of_both_legs(get):
    results = get(q="drinking water grants", source="bills").json()["results"]
    for hit in results:
        e = hit["explain"]
        assert {"lexical_rank", "semantic_rank", "fusion", "fused_score", "title_match"} <= set(e)
        assert e["fusion"] == "cc"
        expected = 0.5 * (e["lexical_norm"] or 0.0) + 0.5 * (e["semantic_norm"] or 0.0)
        assert e["fused_score"] == pytest.approx(expected) and hit["score"] == pytest.approx(
            expected, abs=1e-6
        )
        assert (e["lexical_norm"] is None) == (e["lexical_rank"] is None)
        assert (e["semantic_norm"] is None) == (e["semantic_rank"] is None)
        assert e["title_match"] is False
    assert results[0]["explain"]["lexical_rank"] == 1 and results[0]["explain"]["semantic_rank"] is not None
    assert any(h["explain"]["lexical_rank"] is None for h in results)  # found by the vector leg alone
    # fused order, except that each leg's first hit is kept in the top 3 (apps/search/fusion.py)
    rest = [h["explain"]["fused_score"] for h in results[3:]]
    assert rest == sorted(rest, reverse=True)
    top3 = [(h["explain"]["lexical_rank"], h["explain"]["semantic_rank"]) for h in results[:3]]
    assert any(lex == 1 for lex, _ in top3) and any(sem == 1 for _, sem in top3)


@pytest.mark.django_db
def test_hybrid_with_rrf_is_rrf_of_both_ranks(get, settings):
    settings.JOSH = {**settings.JOSH, "HYBRID_FUSION": "rrf"}
    k = settings.JOSH["RRF_K"]
    results = get(q="drinking water grants", source="bills").json()["results"]
    for hit in results:
        e = hit["explain"]
        w = {"lexical_rank": 1.0, "semantic_rank": 2.0}  # RRF_W_LEXICAL, RRF_W_SEMANTIC
        expected = sum(w[leg] / (k + e[leg]) for leg in w if e[leg])
        assert e["fusion"] == "rrf" and e["lexical_norm"] is None
        assert e["fused_score"] == pytest.approx(expected) and hit["score"] == pytest.approx(
            expected, abs=1e-6
        )


@pytest.mark.django_db
def test_paging(get):
    first = get(q="shall", source="bills", mode="lexical", limit=2).json()
    second = get(q="shall", source="bills", mode="lexical", limit=2, offset=2).json()
    assert first["total"] == second["total"] == 7  # every bill but the one whose body says "may"
    assert len(first["results"]) == len(second["results"]) == 2
    assert not {h["id"] for h in first["results"]} & {h["id"] for h in second["results"]}


@pytest.mark.django_db
def test_registry_source_is_not_searchable(get):
    error = _error(get(q="smith", source="legislators"), 400, "source_not_searchable")
    hint = error["hint"]
    assert hint["offending_sources"] == ["legislators"]
    assert hint["redirect_to"]["tool"] == "resolve_entity"
    assert "bills" in hint["valid_sources"] and "legislators" not in hint["valid_sources"]


@pytest.mark.django_db
def test_semantic_on_a_short_body_source(get, search_plans):
    sap = search_plans[1].slug
    error = _error(
        get(q="water", source=f"bills,{sap}", mode="semantic"), 400, "source_not_searchable_semantically"
    )
    assert "bills" in error["hint"]["valid_sources"] and sap not in error["hint"]["valid_sources"]


@pytest.mark.django_db
def test_hybrid_degrades_short_body_sources_to_lexical(get, search_plans):
    sap = search_plans[1].slug
    body = get(q="water treatment", source=f"bills,{sap}").json()
    assert body["degraded"]["from"] == "hybrid" and body["degraded"]["to"] == "lexical"
    assert body["degraded"]["per_source"] == {sap: "lexical"}
    sap_hits = [h for h in body["results"] if h["source"] == sap]
    assert sap_hits and all(h["explain"]["semantic_rank"] is None for h in sap_hits)
    assert {h["source"] for h in body["results"]} == {"bills", sap}


@pytest.mark.django_db
def test_semantic_without_source_searches_body_sources_only(get, search_plans):
    sap = search_plans[1].slug
    body = get(q="water treatment", mode="semantic").json()
    assert sap in body["degraded"]["excluded_sources"]
    assert {h["source"] for h in body["results"]} == {"bills"}


@pytest.mark.django_db
def test_a_source_with_no_rows_gives_total_zero(get):
    for mode in ("lexical", "semantic", "hybrid"):
        body = get(q="water", source="public-laws", mode=mode).json()
        assert (body["results"], body["total"]) == ([], 0)


@pytest.mark.django_db
@pytest.mark.parametrize(
    "params,code,parameter",
    [
        ({"q": "water", "mode": "fuzzy"}, "invalid_parameter", "mode"),
        ({"q": "water", "source": "nope"}, "invalid_parameter", "source"),
        ({"q": "water", "source": ",,,,"}, "invalid_parameter", "source"),
        ({"q": "water", "since": "yesterday"}, "invalid_parameter", "since"),
        ({"q": "water", "since": "2025-01-01", "until": "2024-01-01"}, "invalid_parameter", "since"),
        ({"q": "water", "bill_id": "not-a-bill"}, "invalid_parameter", "bill_id"),
        ({"q": "water", "limit": 0}, "invalid_parameter", "limit"),
        ({"q": "water", "limit": 251}, "invalid_parameter", "limit"),
        ({"q": "water", "offset": 5000}, "invalid_parameter", "offset"),
        ({"q": "water", "congress": "x"}, "invalid_parameter", "congress"),
        ({}, "invalid_parameter", "q"),
    ],
)
def test_bad_parameters(get, params, code, parameter):
    error = _error(get(**params), 400, code)
    assert error["hint"]["parameter"] == parameter


@pytest.mark.django_db
def test_empty_query(get):
    _error(get(q="   "), 400, "invalid_query")
    body = get(q="*** ???", mode="lexical").json()
    assert body["total"] == 0


@pytest.mark.django_db
def test_similar_bills(get):
    body = get("/v1/bills/hr:119:101/similar").json()
    ids = [h["id"] for h in body["results"]]
    assert "hr:119:101" not in ids and len(ids) == 7
    scores = [h["score"] for h in body["results"]]
    assert scores == sorted(scores, reverse=True)
    assert all(h["explain"]["semantic_rank"] == i for i, h in enumerate(body["results"], 1))
    assert [h["id"] for h in get("/v1/bills/H.R. 101-119/similar").json()["results"]] == ids  # an alias
    _error(get("/v1/bills/hr:119:9999/similar"), 404, "record_not_found")


@pytest.mark.django_db
def test_similar_counts_every_neighbour_not_the_page_so_paging_and_export_reach_them(get):
    # total was the depth asked for (offset + limit): "3 in all, exact", so no client or export paged on
    everyone = [h["id"] for h in get("/v1/bills/hr:119:101/similar").json()["results"]]
    first = get("/v1/bills/hr:119:101/similar", limit=3).json()
    assert (first["total"], first["total_basis"], len(first["results"])) == (7, "exact", 3)
    pages = [get("/v1/bills/hr:119:101/similar", limit=3, offset=o).json() for o in (3, 6)]
    assert [p["total"] for p in pages] == [7, 7]
    assert [h["id"] for p in [first, *pages] for h in p["results"]] == everyone
    export = get("/v1/bills/hr:119:101/similar", limit=3, format="csv", export="all")
    assert (export.status_code, export["X-Export-Rows"], export["X-Export-Truncated"]) == (200, "7", "false")
    rows = list(csv.DictReader(io.StringIO(b"".join(export.streaming_content).decode())))
    assert [r["id"] for r in rows] == everyone


@pytest.mark.django_db
def test_similar_routes_exist_for_every_body_source_and_no_other(client):
    from apps.core.plans import all_plans

    paths = {p for p in client.get("/v1/openapi.json").json()["paths"] if p.endswith("/similar")}
    expected = {f"/v1/{p.resource}/{{id}}/similar" for p in all_plans() if p.search and p.search.chunk_table}
    assert paths == expected and "/v1/bills/{id}/similar" in paths


@pytest.mark.django_db
def test_plain_words_rank_every_record_with_any_of_them(get):
    # no bill has both words: "children" is in two, "bullying" in one; BM25 decides the order (a title
    # match, weight 10, first; then the only record with the rarer word)
    body = get(q="children bullying", source="bills", mode="lexical").json()
    assert body["total"] == 3
    assert [h["id"] for h in body["results"]] == ["s:118:106", "hr:119:101", "hr:117:108"]
    both = get(q="children AND bullying", source="bills", mode="lexical").json()
    assert both["total"] == 0  # explicit AND still means both


@pytest.mark.django_db
def test_stop_words_are_reported_not_searched(get):
    body = get(q="what are the rules for school lunch", source="bills", mode="lexical").json()
    assert body["ignored_terms"] == ["what", "are", "the", "for"]
    assert body["results"][0]["id"] == "hr:117:108"


@pytest.mark.django_db
def test_stop_words_do_not_pad_a_query_whose_words_match_nothing(get):
    # "zyzzyva" is in no record: the bills with "of" or "the" are no answer to it (they were, once)
    body = get(q="zyzzyva of the", source="bills", mode="lexical").json()
    assert body["ignored_terms"] == ["of", "the"] and body["total"] == 0 and body["results"] == []
    assert body["no_match"]["reason"] == "no_term_matched"
    assert get(q="zyzzyva qwertz", source="bills", mode="lexical").json()["total"] == 0  # shares no term
    assert get(q="the of", source="bills", mode="lexical").json()["total"] == 7  # stop words only: kept
