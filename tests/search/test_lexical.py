"""Lexical leg: ranked order with the plan's column weights, filters after a materialised MATCH, any-term
ranking equal to FTS5's own ORDER BY bm25, the head-cache path identical to the direct one, the time limit."""

from datetime import date

import pytest

from apps.core.errors import QueryTimeout
from apps.search import lexical, queries
from apps.search.filters import SearchFilters
from apps.search.sanitize import parse_query
from apps.search.selectors import search

pytestmark = pytest.mark.sqlite_only("FTS5's BM25, its head cache and index records")


def _ids(page):
    return [h.id for h in page.results]


@pytest.mark.django_db
def test_title_weight_beats_body_mentions(corpus_db):
    # "water" is in two titles; the title hits outrank nothing else (ranked order, observed BM25 in comments)
    page = search(q="water", mode="lexical", source="bills")
    assert _ids(page) == ["hr:119:102", "hr:118:105"]  # title+summary+body vs title+summary+body(resources)
    page = search(q="children", mode="lexical", source="bills")
    assert _ids(page) == ["s:118:106", "hr:117:108"]  # title match (10x) first, body-only match second


@pytest.mark.django_db
def test_lexical_scores_descend_and_explain_has_only_the_lexical_rank(corpus_db):
    page = search(q="grants", mode="lexical", source="bills")
    assert _ids(page) == ["hr:119:102", "hr:118:104"]
    assert [h.explain.lexical_rank for h in page.results] == [1, 2]
    assert all(h.explain.semantic_rank is None and h.explain.fused_score is None for h in page.results)
    assert page.results[0].score >= page.results[1].score


@pytest.mark.django_db
def test_filters_apply_after_the_match(corpus_db):
    assert _ids(search(q="water", mode="lexical", congress=118)) == ["hr:118:105"]
    # bills and the SAP on the same bill (every searchable source when `source` is omitted); corpus-wide BM25
    # puts the short SAP, "water" in its title, before the longer bill
    assert _ids(search(q="water", mode="lexical", since="2025-01-01")) == [
        "sap:2025-03-05_hr102",
        "hr:119:102",
    ]
    assert _ids(search(q="water", mode="lexical", until="2024-01-01")) == ["hr:118:105"]
    assert _ids(search(q="water", mode="lexical", bill_id="H.R. 102-119", source="bills")) == ["hr:119:102"]


@pytest.mark.django_db
def test_the_match_is_materialised_before_the_join(corpus_db, search_plans):
    spec = search_plans[0].search
    sql = queries.render(
        "lexical",
        idents={"fts": spec.fts_table, "content": spec.content_table},
        raw={"weights": "10, 4, 2, 1", "filters": " AND c.congress = 118", "allowed": ""},
    )
    params = {"q": '"water"', "must": '"water"', "depth": 5}
    plan = " | ".join(r[-1] for r in queries.fetchall("EXPLAIN QUERY PLAN " + sql, params))
    assert "MATERIALIZE m" in plan or "MATERIALIZE fts_matches" in plan, plan
    assert plan.count("VIRTUAL TABLE INDEX") == 1, plan


def _fts5_order(match: str) -> list[tuple[int, float]]:
    """FTS5's own exact ranking of ``match`` over the bills table (the plan's weights)."""
    return queries.fetchall(
        "SELECT rowid, bm25(bills_fts, 10.0, 4.0, 2.0, 1.0) AS s FROM bills_fts WHERE bills_fts MATCH ? "
        "ORDER BY s, rowid",
        (match,),
    )


@pytest.mark.django_db
def test_plain_words_rank_like_fts5_or(corpus_db, search_plans):
    parsed = parse_query("children bullying grants")
    found = lexical.rank_source("bills", search_plans[0].search, parsed, SearchFilters(), depth=50)
    assert [(h.doc_id, h.bm25) for h in found.hits] == _fts5_order('"children" OR "bullying" OR "grants"')
    assert len(found.hits) == 5 and not found.summed


QUERIES = [
    "shall",
    "shall grants",
    "children bullying grants water",
    '"drinking water" grants',
    '"drinking water" shall NOT bullying',
    'shall NOT "drinking water"',
    "shall NOT water",
    "appor* shall",
    "the",
]


@pytest.mark.django_db
@pytest.mark.parametrize("q", QUERIES)
@pytest.mark.parametrize("filters", [SearchFilters(), SearchFilters(congress=118)])
def test_the_head_cache_path_ranks_exactly_like_the_direct_one(q, filters, corpus_db, search_plans, settings):
    spec = search_plans[0].search
    parsed = parse_query(q)
    direct = lexical.rank_source("bills", spec, parsed, filters, depth=50)
    settings.JOSH = {**settings.JOSH, "LEXICAL_HEAD_POSTINGS": 0}  # every phrase from the head cache
    summed = lexical.rank_source("bills", spec, parsed, filters, depth=50)
    assert summed.summed and not direct.summed
    assert [(h.doc_id, h.bm25) for h in summed.hits] == [(h.doc_id, h.bm25) for h in direct.hits]
    assert direct.hits or filters.any  # every query above has unfiltered matches


@pytest.mark.django_db
def test_the_head_cache_follows_every_write(corpus_db, search_plans, settings):
    from tests.search.conftest import make_bill

    settings.JOSH = {**settings.JOSH, "LEXICAL_HEAD_POSTINGS": 0}
    spec = search_plans[0].search
    before = lexical.index_version(spec.fts_table)
    first = lexical.rank_source("bills", spec, parse_query("shall"), SearchFilters(), depth=50)
    make_bill("hr:119:199", "Shall Act", "It shall.", "The Secretary shall shall shall.", date(2025, 5, 1))
    assert lexical.index_version(spec.fts_table) != before
    after = lexical.rank_source("bills", spec, parse_query("shall"), SearchFilters(), depth=50)
    assert len(after.hits) == len(first.hits) + 1
    assert [(h.doc_id, h.bm25) for h in after.hits] == _fts5_order('"shall"')


@pytest.mark.django_db
def test_a_query_sharing_no_term_with_the_corpus_finds_nothing(corpus_db, search_plans):
    found = lexical.rank_source(
        "bills", search_plans[0].search, parse_query("zyzzyva qwertz"), SearchFilters(), depth=10
    )
    assert found.hits == [] and found.match is None


@pytest.mark.django_db
def test_time_limit_gives_query_timeout(corpus_db):
    with pytest.raises(QueryTimeout) as info, queries.time_limit(1):
        queries.fetchall(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
        )
    assert info.value.code == "query_timeout" and info.value.status == 503


@pytest.mark.django_db
def test_stemming_matches_other_word_forms(corpus_db):
    assert _ids(search(q="apportioned", mode="lexical", source="bills")) == ["s:119:103"]
    assert _ids(search(q="apportionment", mode="lexical")) == ["s:119:103", "sap:2025-04-05_s103"]


@pytest.mark.django_db
def test_corpus_wide_bm25_of_one_source_is_fts5s_own_score(corpus_db, search_plans):
    """The re-scoring recovers each phrase's weighted frequency from FTS5's score, the lengths from the docsize
    records and the averages from the averages record: with the corpus = one source, it gives FTS5's value."""
    from apps.search import corpus_bm25

    spec = search_plans[0].search
    parsed = parse_query("children water grants shall")
    found = lexical.rank_source("bills", spec, parsed, SearchFilters(), depth=50)
    table = corpus_bm25._table(found, parsed)
    df = {t: table.phrases[t][0].size for t in parsed.scored()}
    scores = corpus_bm25._corpus_scores(table, parsed, table.docs, df, table.tokens / table.docs)
    assert scores == pytest.approx([-h.bm25 for h in found.hits], rel=1e-9)
    assert len(found.hits) == 8


@pytest.mark.django_db
def test_several_sources_merge_by_corpus_wide_bm25(corpus_db, search_plans, client):
    # "water" is in 2 of 8 bills and 1 of 2 SAPs: corpus-wide in 3 of 10 records, so every hit is re-scored
    # with one idf and one average length, whatever table it came from
    sap = search_plans[1].slug
    body = client.get("/v1/search", {"q": "water", "mode": "lexical", "source": f"bills,{sap}"}).json()
    sources = [h["source"] for h in body["results"]]
    assert body["total"] == 3 and sorted(sources) == ["bills", "bills", sap]
    scores = [h["score"] for h in body["results"]]
    assert scores == sorted(scores, reverse=True)


def test_boolean_queries_merge_by_an_idf_ratio_without_reordering_any_source():
    from apps.search.corpus_bm25 import _by_idf_ratio, idf
    from apps.search.lexical import LexicalHit, SourceResult
    from apps.search.sanitize import Term

    term = Term("water")
    # "water" is rare in source a (2 of 1000 records) and common in b (40 of 50)
    a = SourceResult([LexicalHit("a", 1, -9.0), LexicalHit("a", 2, -6.0)], '"water"', df={term: 2}, docs=1000)
    b = SourceResult([LexicalHit("b", 7, -0.5), LexicalHit("b", 8, -0.1)], '"water"', df={term: 40}, docs=50)
    merged = _by_idf_ratio([a, b], [a, b], depth=10)
    wide = idf(1050, 42)
    ratio_a, ratio_b = wide / idf(1000, 2), wide / idf(50, 40)
    expected = sorted(
        [
            (-9.0 * ratio_a, "a", 1),
            (-6.0 * ratio_a, "a", 2),
            (-0.5 * ratio_b, "b", 7),
            (-0.1 * ratio_b, "b", 8),
        ]
    )
    assert [(h.source, h.doc_id) for h in merged] == [(s, d) for _, s, d in expected]
