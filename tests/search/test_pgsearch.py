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
    queries = [
        "water",
        "water grants",
        "act",
        "federal highway",
        "states secretary grants",
        "NEAR(grants water)",
    ]
    direct = {q: _ranking(q) for q in queries}
    direct_filtered = _ranking("water act", congress=118)
    assert not pgsearch._HEAD  # nothing here is past PG_LEXICAL_HEAD_POSTINGS
    settings.JOSH = {**settings.JOSH, "PG_LEXICAL_HEAD_POSTINGS": 0}  # every term counts as common: cached
    lexical.clear_head_cache()
    for q in queries:
        assert _ranking(q) == direct[q], q
        assert _ranking(q) == direct[q], q  # the second time from the cache
    assert _ranking("water act", congress=118) == direct_filtered
    assert direct["water grants"] and direct_filtered and len(pgsearch._HEAD) >= len(queries)


@pytest.mark.django_db
def test_a_write_is_indexed_before_the_next_search_and_the_cache_never_serves_stale_scores(
    corpus_db, settings
):
    from apps.bills.models import Bill
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
    Bill.objects.filter(bill_id="hr:119:999").update(
        title="Roads Act", summary="Roads.", body="SEC. 1. Roads."
    )
    assert [i for i, _ in _ranking("water")] == [i for i, _ in first]  # N is one more: other scores
    assert _ranking("roads")[0][0] == "hr:119:999"
    Bill.objects.filter(bill_id="hr:119:999").delete()
    assert _ranking("water") == first and _ranking("roads") == []
    # N and avgdl are the deleted record's no more: FTS5 over the rows left gives the same scores
    fts5 = _fts5_ranking(spec, "water")
    assert [i for i, _ in fts5] == [i for i, _ in first]
    assert [s for _, s in fts5] == pytest.approx([s for _, s in first], abs=1e-6)  # shown to 6 places


@pytest.mark.django_db
def test_without_the_version_trigger_nothing_is_cached(corpus_db, settings):
    from apps.core.db.introspect import missing_fts_triggers
    from apps.core.plans import get_plan
    from apps.search.ddl import ensure_fts_triggers

    settings.JOSH = {**settings.JOSH, "PG_LEXICAL_HEAD_POSTINGS": 0}
    lexical.clear_head_cache()
    spec = get_plan("bills").search
    assert ("bills_fts", "bills_fts_version") not in missing_fts_triggers()
    with connection.cursor() as cursor:
        cursor.execute("DROP TRIGGER bills_fts_version ON bills_bill")
    assert ("bills_fts", "bills_fts_version") in missing_fts_triggers()
    assert pgsearch.head_version(spec) is None
    assert _ranking("water")[0][0] == "hr:119:102" and not pgsearch._HEAD
    assert ensure_fts_triggers() >= 1 and pgsearch.head_version(spec) is not None


# FTS5 itself, over the very rows PostgreSQL holds: an in-memory SQLite FTS5 table with the source's columns,
# tokenizer and weights. PostgreSQL's lexical leg must give its scores and its order.
FTS5_QUERIES = [
    "water",
    "water grants",
    "drinking water treatment plants",
    '"drinking water" grants',
    "appor* highway",
    "water NOT lead",
    "grants AND states OR broadband NOT rural",
    "water grants OR secretary army",
    "NEAR(grants water, 2) secretary",
    "NEAR(secretary grants) OR NEAR(water projects, 1)",
    "children online",
    "act",
]


def _fts5_ranking(spec, q: str) -> list[tuple[str, float]]:
    import pysqlite3.dbapi2 as sqlite3

    from apps.search.conf import FTS_TOKENIZE

    columns = ", ".join(spec.columns)
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT id, {spec.public_id_column}, {columns} FROM {spec.content_table}")
        rows = cursor.fetchall()
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE f USING fts5({columns}, tokenize='{FTS_TOKENIZE}')")
    db.executemany(f"INSERT INTO f (rowid, {columns}) VALUES ({', '.join('?' * (len(spec.columns) + 1))})",
                   [(r[0], *r[2:]) for r in rows])  # fmt: skip
    public = {r[0]: r[1] for r in rows}
    parsed = parse_query(q)
    weights = ", ".join(str(float(w)) for w in spec.weights)
    sql = f"SELECT rowid, bm25(f, {weights}) AS s FROM f WHERE f MATCH ? ORDER BY s, rowid LIMIT 10"
    if parsed.must():
        sql = sql.replace(
            "WHERE f MATCH ?", "WHERE f MATCH ? AND rowid IN (SELECT rowid FROM f WHERE f MATCH ?)"
        )
    params = (parsed.fts(), parsed.must()) if parsed.must() else (parsed.fts(),)
    return [(public[i], -s) for i, s in db.execute(sql, params)]


@pytest.mark.django_db
@pytest.mark.parametrize("q", FTS5_QUERIES)
def test_postgres_ranks_by_fts5s_own_bm25(corpus_db, q):
    from apps.core.plans import get_plan

    spec = get_plan("bills").search
    expected, got = _fts5_ranking(spec, q), _ranking(q)
    assert [i for i, _ in got] == [i for i, _ in expected], q
    assert [s for _, s in got] == pytest.approx([s for _, s in expected], abs=1e-6), q
    assert expected, q


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
