"""Lexical leg: ranked order with the plan's column weights, filters after a materialised MATCH,
common-term bounding, the time limit."""

import pytest

from apps.core.errors import QueryTimeout
from apps.search import lexical, queries
from apps.search.sanitize import parse_query
from apps.search.selectors import search


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
    assert all(h.explain.semantic_rank is None and h.explain.rrf_score is None for h in page.results)
    assert page.results[0].score >= page.results[1].score


@pytest.mark.django_db
def test_filters_apply_after_the_match(corpus_db):
    assert _ids(search(q="water", mode="lexical", congress=118)) == ["hr:118:105"]
    # bills and the SAP on the same bill (every searchable source when `source` is omitted)
    assert _ids(search(q="water", mode="lexical", since="2025-01-01")) == [
        "hr:119:102",
        "sap:2025-03-05_hr102",
    ]
    assert _ids(search(q="water", mode="lexical", until="2024-01-01")) == ["hr:118:105"]
    assert _ids(search(q="water", mode="lexical", bill_id="H.R. 102-119", source="bills")) == ["hr:119:102"]


@pytest.mark.django_db
def test_the_match_is_materialised_before_the_join(corpus_db, search_plans):
    spec = search_plans[0].search
    sql = queries.render(
        "lexical",
        idents={"fts": spec.fts_table, "content": spec.content_table},
        raw={"weights": "10, 4, 2, 1", "filters": " AND c.congress = 118", "scan_cap": ""},
    )
    plan = " | ".join(
        r[-1] for r in queries.fetchall("EXPLAIN QUERY PLAN " + sql, {"q": '"water"', "depth": 5})
    )
    assert "MATERIALIZE m" in plan or "MATERIALIZE fts_matches" in plan, plan
    assert plan.count("VIRTUAL TABLE INDEX") == 1, plan


@pytest.mark.django_db
def test_common_terms_are_dropped_from_and_groups(corpus_db, settings):
    settings.JOSH = {**settings.JOSH, "LEXICAL_DROP_MIN_DF": 1, "LEXICAL_DROP_RATIO": 0.5}
    # "shall" is in every body; "broadband" in one
    plan = lexical.plan_query("bills_fts", parse_query("shall broadband"), filtered=False)
    assert plan.dropped == ["shall"] and plan.match == '"broadband"'
    # when every term is common the rarest is kept
    plan = lexical.plan_query("bills_fts", parse_query("shall the"), filtered=False)
    assert len(plan.dropped) == 1 and plan.match in ('"shall"', '"the"')
    # phrases are never dropped
    assert (
        lexical.plan_query("bills_fts", parse_query('"shall make" broadband'), filtered=False).dropped == []
    )


@pytest.mark.django_db
def test_huge_postings_rank_only_the_newest_matches(corpus_db, settings):
    settings.JOSH = {**settings.JOSH, "LEXICAL_EXACT_POSTINGS": 3, "LEXICAL_SCAN_CAP": 2}
    plan = lexical.plan_query("bills_fts", parse_query("shall"), filtered=False)
    assert plan.capped
    page = search(q="shall", mode="lexical", source="bills")
    assert page.total == 2
    filtered = lexical.plan_query("bills_fts", parse_query("shall"), filtered=True)
    assert filtered.capped and filtered.scan_cap == settings.JOSH.get("LEXICAL_FILTERED_SCAN_CAP", 10_000)


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
