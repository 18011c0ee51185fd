"""PostgreSQL's own paths of the search legs (apps/search/pgsearch.py): the exact scan a selective filter gets,
the exact redo of an HNSW walk that came back short, and the lexical head cache with its version trigger.
They run under ``make test-postgres`` (scripts/with_postgres.py) and skip on SQLite."""

import numpy as np
import pytest
from django.db import connection

from apps.search import lexical, pgsearch
from apps.search.filters import make_filters
from apps.search.sanitize import parse_query
from apps.search.selectors import query_vector, search
from tests.conftest import ON_POSTGRES

pytestmark = pytest.mark.skipif(not ON_POSTGRES, reason="PostgreSQL's search paths (make test-postgres)")


def _model_id() -> str:
    from apps.search.encoders import get_encoder

    return get_encoder().model_id


def _exact(qvec: np.ndarray, congress: int | None) -> list[tuple[int, float]]:
    """(chunk id, cosine) of every allowed chunk, best first: brute force from the float32 bytes."""
    where = "WHERE congress = %s" if congress is not None else ""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, embedding FROM bills_chunks {where}", [congress] if congress else [])
        rows = cursor.fetchall()
    scores = [(int(i), float(np.frombuffer(bytes(e), dtype=np.float32) @ qvec)) for i, e in rows]
    return sorted(scores, key=lambda r: (-r[1], r[0]))


def _candidates(qvec, filters, count):
    return pgsearch.candidates("bills_chunks", _model_id(), qvec, filters, None, None, count)


def _narrowest_walk(settings, exact_max_rows: int) -> None:
    """The narrowest walk pgvector allows (ef_search 1, give up after 1 tuple), through the HNSW index (the
    planner is told to use it, as it does on a table of real size; on these few rows it would sort them all)."""
    settings.JOSH = {
        **settings.JOSH,
        "PG_EXACT_MAX_ROWS": exact_max_rows,
        "PG_HNSW_MAX_SCAN_TUPLES": 1,
        "PG_HNSW_EF_SEARCH_MIN": 1,
        "PG_HNSW_EF_SEARCH_MAX": 1,
    }
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off; SET enable_sort = off")


@pytest.mark.django_db
def test_a_selective_filter_takes_the_exact_nearest_allowed_chunks(corpus_db):
    qvec = query_vector("drinking water")
    exact = _exact(qvec, 118)
    rows, was_exact, allowed = _candidates(qvec, make_filters(congress=118), count=2)
    assert was_exact and allowed == len(exact) > 2
    # the 2 nearest of the allowed chunks by float cosine, in order: not any 2 allowed chunks
    assert [c for c, _, _ in rows] == [c for c, _ in exact[:2]]
    assert [round(s, 5) for _, _, s in rows] == [round(s, 5) for _, s in exact[:2]]


@pytest.mark.django_db
def test_a_filtered_walk_never_comes_back_short(corpus_db, settings):
    # no exact scan by count, and the narrowest walk: asked for every chunk congress 118 has, it returns every
    # one, in exact cosine order, whether the walk found them or the exact redo did
    _narrowest_walk(settings, exact_max_rows=0)
    qvec = query_vector("broadband internet")
    exact = _exact(qvec, 118)
    rows, _, allowed = _candidates(qvec, make_filters(congress=118), count=len(exact))
    assert allowed == len(exact) >= 3
    assert [c for c, _, _ in rows] == [c for c, _ in exact]


@pytest.mark.django_db
def test_an_unfiltered_walk_is_approximate_and_full(corpus_db, settings):
    settings.JOSH = {**settings.JOSH, "PG_EXACT_MAX_ROWS": 0}
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off; SET enable_sort = off")
    qvec = query_vector("highway funds")
    rows, was_exact, allowed = _candidates(qvec, make_filters(), count=4)
    assert not was_exact and len(rows) == 4 and allowed >= 4
    assert [s for _, _, s in rows] == sorted((s for _, _, s in rows), reverse=True)  # rescored by cosine


@pytest.mark.django_db
def test_an_unfiltered_search_trusts_a_large_estimate_and_a_stale_one_still_comes_back_full(
    corpus_db, settings, monkeypatch
):
    # no filter narrows: the table's row estimate stands in for the count (which reads up to
    # PG_EXACT_MAX_ROWS rows); an estimate far above the real size sends it to the walk, and the walk that
    # cannot find enough rows is redone exactly, so every chunk still comes back, in exact order
    _narrowest_walk(settings, exact_max_rows=1)
    statements = []
    fetchall = pgsearch.queries.fetchall
    monkeypatch.setattr(
        pgsearch.queries, "fetchall", lambda sql, p=(): statements.append(sql) or fetchall(sql, p)
    )
    qvec = query_vector("highway funds")
    exact = _exact(qvec, None)
    rows, was_exact, allowed = pgsearch.candidates(
        "bills_chunks", _model_id(), qvec, make_filters(), None, None, len(exact), estimate=10**6
    )
    assert allowed == 10**6 and not any("AS allowed" in s for s in statements)
    assert [c for c, _, _ in rows] == [c for c, _ in exact]
    # narrowed, the count runs whatever the estimate says
    statements.clear()
    pgsearch.candidates(
        "bills_chunks", _model_id(), qvec, make_filters(congress=118), None, None, 2, estimate=10**6
    )
    assert any("AS allowed" in s for s in statements)


def _ranking(q: str, **filters) -> list[tuple[str, float]]:
    page = search(q=q, source="bills", mode="lexical", limit=10, **filters)
    return [(h.id, h.score) for h in page.results]


@pytest.mark.django_db
def test_the_head_cache_ranks_exactly_as_the_direct_statement(corpus_db, settings):
    queries = ["water", "water grants", "act", "federal highway", "states secretary grants"]
    direct = {q: _ranking(q) for q in queries}
    direct_filtered = _ranking("water act", congress=118)
    settings.JOSH = {**settings.JOSH, "PG_LEXICAL_HEAD_POSTINGS": 0}  # every term counts as common: cached
    lexical.clear_head_cache()
    from apps.core.plans import get_plan

    assert pgsearch.summed_scores(get_plan("bills").search, parse_query("water")) is not None
    for q in queries:
        assert _ranking(q) == direct[q], q
        assert _ranking(q) == direct[q], q  # the second time from the cache
    assert _ranking("water act", congress=118) == direct_filtered
    assert direct["water grants"] and direct_filtered


@pytest.mark.django_db
def test_a_write_moves_the_version_so_the_cache_never_serves_stale_scores(corpus_db, settings):
    from apps.core.plans import get_plan
    from tests.search.conftest import make_bill

    settings.JOSH = {**settings.JOSH, "PG_LEXICAL_HEAD_POSTINGS": 0}
    lexical.clear_head_cache()
    spec = get_plan("bills").search
    before = pgsearch.head_version(spec)
    first = _ranking("water")
    make_bill("hr:119:999", "Water Water Water Act", "Water.", "SEC. 1. Water for water.", None)
    assert pgsearch.head_version(spec) > before
    after = _ranking("water")
    assert after[0][0] == "hr:119:999" and len(after) == len(first) + 1


@pytest.mark.django_db
def test_without_the_version_trigger_nothing_is_cached(corpus_db, settings):
    from apps.core.db.introspect import missing_fts_triggers
    from apps.core.plans import get_plan
    from apps.search.ddl import ensure_fts_triggers

    settings.JOSH = {**settings.JOSH, "PG_LEXICAL_HEAD_POSTINGS": 0}
    spec = get_plan("bills").search
    assert ("bills_fts", "bills_fts_version") not in missing_fts_triggers()
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER bills_fts_version ON bills_bill")
    assert ("bills_fts", "bills_fts_version") in missing_fts_triggers()
    assert pgsearch.head_version(spec) is None
    assert pgsearch.summed_scores(spec, parse_query("water")) is None  # the direct statement ranks
    assert _ranking("water")[0][0] == "hr:119:102"
    assert ensure_fts_triggers() >= 1 and pgsearch.head_version(spec) is not None


@pytest.mark.django_db
def test_a_filtered_walk_asks_for_fewer_candidates_and_leaving_a_document_out_is_no_filter(
    corpus_db, settings
):
    settings.JOSH = {**settings.JOSH, "PG_EXACT_MAX_ROWS": 0, "PG_FILTERED_WALK_CANDIDATES": 2}
    qvec = query_vector("broadband internet")
    rows, _, _ = _candidates(qvec, make_filters(congress=118), count=5)
    assert len(rows) == 2  # the walk's cost grows with candidates / selectivity: capped for a filter
    doc = rows[0][1]
    unfiltered = pgsearch.candidates("bills_chunks", _model_id(), qvec, make_filters(), None, doc, 5)[0]
    assert len(unfiltered) == 5 and doc not in {d for _, d, _ in unfiltered}


@pytest.mark.django_db
def test_an_exact_scan_keeps_as_many_as_sqlites_rescore_and_the_vectors_stay_in_their_rows(corpus_db):
    qvec = query_vector("drinking water")
    exact = _exact(qvec, None)
    rows, was_exact, _ = pgsearch.candidates(
        "bills_chunks", _model_id(), qvec, make_filters(), None, None, 2, exact_count=len(exact)
    )
    assert was_exact and [c for c, _, _ in rows] == [c for c, _ in exact]  # every chunk, not just 2
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT attstorage FROM pg_attribute WHERE attrelid = 'bills_chunks'::regclass AND attname = 'vec'"
        )
        assert cursor.fetchone()[0] == "m"  # MAIN: ddl_postgres.VEC_STORAGE_SQL
        if connection.pg_version >= 170000:  # pg_column_toast_chunk_id is new in PostgreSQL 17
            cursor.execute("SELECT count(pg_column_toast_chunk_id(vec)), count(vec) FROM bills_chunks")
            toasted, vectors = cursor.fetchone()
            assert toasted == 0 and vectors == len(exact)
