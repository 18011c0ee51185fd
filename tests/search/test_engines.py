"""The same search contract on both engines: these run on SQLite (``make test``) and on PostgreSQL
(``make test-postgres``), where the legs are apps.search.pgsearch's."""

import pytest
from django.db import connection

from apps.core.db.introspect import schema_snapshot
from apps.search import pgsearch, semantic
from apps.search.filters import make_filters
from apps.search.sanitize import parse_query
from apps.search.selectors import query_vector, search


def test_the_tsquery_is_built_from_the_parsed_query():
    score, must = pgsearch.tsqueries(parse_query('"drinking water" grants appor* NOT lead'))
    assert score == "(('drinking' <-> 'water') | 'grants' | 'appor':*)"
    assert must == "(('drinking' <-> 'water')) & !('lead')"
    score, must = pgsearch.tsqueries(parse_query("water AND sewer OR broadband NOT rural"))
    assert (score, must) == ("('water' & 'sewer') | (('broadband') & !('rural'))", None)
    # user text is never tsquery syntax: operators and quotes inside a term are dropped to its words
    score, _ = pgsearch.tsqueries(parse_query("hr:119:103 a&b !x"))
    assert score == "(('hr' <-> '119' <-> '103') | ('a' <-> 'b') | 'x')"


def test_a_near_group_marks_any_of_its_words_in_the_snippet_tsquery():
    score, must = pgsearch.tsqueries(parse_query('NEAR("drinking water" grant*, 3)'))
    assert score == must == "((('drinking' <-> 'water') | 'grant':*))"


@pytest.mark.django_db
def test_shapes_come_from_the_live_schema(corpus_db):
    snapshot = schema_snapshot()
    assert snapshot.shape(fts_table="bills_fts", chunk_base="bills") == "body"
    assert snapshot.shape(fts_table="legislators_fts", chunk_base=None) == "registry"
    assert snapshot.shape(fts_table="no_such_fts", chunk_base="no_such") == "registry"


@pytest.mark.django_db
def test_each_flow_answers_on_this_engine(corpus_db):
    lexical = search(q="drinking water", source="bills", mode="lexical")
    assert lexical.results[0].id == "hr:119:102" and lexical.total == 2
    assert lexical.results[0].snippet.highlights  # ts_headline / snippet() marked the words
    semantic_page = search(q="drinking water", source="bills", mode="semantic")
    assert semantic_page.total == 8 and semantic_page.results[0].id == "hr:119:102"
    hybrid = search(q="drinking water", source="bills", mode="hybrid")
    assert hybrid.results[0].id == "hr:119:102"
    phrase = search(q='"lead service lines"', source="bills", mode="lexical")
    assert [h.id for h in phrase.results] == ["hr:119:102"]


@pytest.mark.django_db
def test_a_filtered_vector_query_never_comes_back_short(corpus_db, settings):
    # a candidate count far below the allowed rows forces the approximate path (HNSW on PostgreSQL, the
    # bit scan on SQLite); the filter is applied before scoring, so every allowed document still comes back
    settings.JOSH = {**settings.JOSH, "SEMANTIC_CANDIDATES_MIN": 1, "SEMANTIC_CANDIDATES_PER": 10**9}
    filters = make_filters(congress=118)
    approximate: list[str] = []
    hits = semantic.search_table(
        "bills", "bills_chunks", _model_id(), query_vector("water"), filters, depth=1, approximate=approximate
    )
    assert len(hits) == 1
    everything = semantic.search_table(
        "bills", "bills_chunks", _model_id(), query_vector("water"), filters, depth=50
    )
    congress_118 = search(q="act", source="bills", mode="lexical", congress=118).total
    assert len(everything) == congress_118 == 3  # hr:118:104, hr:118:105, s:118:106


def _model_id() -> str:
    from apps.search.encoders import get_encoder

    return get_encoder().model_id


@pytest.mark.django_db
def test_the_engine_is_the_configured_one(settings):
    configured = settings.DATABASES["default"]["ENGINE"]
    assert connection.vendor == ("postgresql" if configured.endswith("postgresql") else "sqlite")
