"""Semantic leg: pre-filters select candidates before scoring, best chunk per document, index refresh."""

from datetime import date

import numpy as np
import pytest

from apps.search import semantic
from apps.search.embedding import embed_source
from apps.search.selectors import search

from .conftest import make_bill


@pytest.fixture
def crowded(corpus_db, search_plans, settings):
    """120 near-duplicate 119th-Congress bills about water that crowd out everything else, and few candidates."""
    for n in range(120):
        make_bill(
            f"hr:119:{2000 + n}",
            f"Drinking Water Grants Act {n}",
            "Grants for drinking water treatment plants.",
            f"SEC. 1. GRANTS.\nThe Administrator shall make grants for drinking water treatment, round {n}.",
            date(2025, 6, 1),
        )
    embed_source(search_plans[0])
    settings.JOSH = {**settings.JOSH, "SEMANTIC_CANDIDATES_MIN": 20, "SEMANTIC_CANDIDATES_PER": 10**9}


@pytest.mark.django_db
def test_a_filter_that_excludes_the_unfiltered_top_hits_still_returns_results(crowded):
    unfiltered = search(q="drinking water treatment grants", mode="semantic", source="bills", limit=100)
    assert {h.citation.published_at.year for h in unfiltered.results} == {2025}  # the top 100 are all 2025
    filtered = search(
        q="drinking water treatment grants", mode="semantic", source="bills", until="2024-01-01"
    )
    assert "hr:118:105" in [h.id for h in filtered.results][:2]  # the older water bill, found anyway
    assert {h.id for h in filtered.results} == {
        "hr:118:104",
        "hr:118:105",
        "s:118:106",
        "hr:117:107",
        "hr:117:108",
    }
    by_congress = search(q="drinking water treatment grants", mode="semantic", congress=117)
    assert {h.id for h in by_congress.results} == {"hr:117:107", "hr:117:108"}
    by_bill = search(q="drinking water treatment grants", mode="semantic", bill_id="hr:118:105")
    assert [h.id for h in by_bill.results] == ["hr:118:105"]


@pytest.mark.django_db
def test_hybrid_pre_filters_both_legs(crowded):
    page = search(q="water", mode="hybrid", source="bills", until="2024-01-01")
    assert page.results[0].id == "hr:118:105"
    assert page.results[0].explain.lexical_rank == 1 and page.results[0].explain.semantic_rank is not None


@pytest.mark.django_db
def test_one_hit_per_document_with_its_best_chunk(corpus_db):
    page = search(
        q="covered platform shall act in the best interests of a minor", mode="semantic", source="bills"
    )
    ids = [h.id for h in page.results]
    assert len(ids) == len(set(ids)) == 8
    top = page.results[0]
    assert top.id == "hr:119:101"
    assert top.snippet.text.startswith("SEC. 1. SHORT TITLE.")
    assert top.snippet.heading == "SEC. 1. SHORT TITLE."
    scores = [h.score for h in page.results]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.django_db
def test_candidates_by_hamming_then_cosine_equals_exact_search(corpus_db, settings):
    settings.JOSH = {**settings.JOSH, "SEMANTIC_CANDIDATES_MIN": 1000}
    page = search(q="children online", mode="semantic", source="bills")
    index = semantic.index_for("bills_chunks", "hashing-v1")
    assert len(index) == 16
    assert page.results[0].id in ("s:118:106", "hr:119:101")


def test_pack_bits_matches_vec_quantize_binary_layout():
    v = np.array([[1, -1, 1, 1, -1, -1, -1, -1, 1] + [-1] * 7], dtype=np.float32)
    assert semantic.pack_bits(v).tolist() == [[0b1101, 0b1]]


def test_hamming_and_mask_on_a_synthetic_index():
    rng = np.random.default_rng(0)
    vecs = rng.standard_normal((500, 384)).astype(np.float32)
    bits = semantic.pack_bits(vecs)
    rows = [
        (i + 1, i // 2, "2024-01-01" if i % 2 else None, 118 + i % 2, bits[i].tobytes()) for i in range(500)
    ]
    index = semantic.ChunkIndex("t", "tok", rows)
    q = vecs[17]
    top = index.candidates(q, None, 5)
    assert 17 in top.tolist()
    from apps.search.filters import SearchFilters

    mask = index.mask(SearchFilters(congress=118), None)
    assert mask.sum() == 250
    assert all(index.congress[r] == 118 for r in index.candidates(q, mask, 10))
    assert 17 not in index.candidates(q, mask, 10).tolist()  # row 17 is congress 119


@pytest.mark.slow
@pytest.mark.django_db
def test_minilm_end_to_end_finds_a_paraphrase(corpus_db, search_plans, settings):
    settings.JOSH = {**settings.JOSH, "ENCODER": "minilm-int8"}
    stats = embed_source(search_plans[0])
    assert stats.model_id == "all-MiniLM-L6-v2-onnx-int8" and stats.embedded == 16
    page = search(q="keeping teenagers safe on social apps", mode="semantic", source="bills")
    assert [h.id for h in page.results[:2]] == ["hr:119:101", "s:118:106"]
    page = search(q="money for rural internet access", mode="hybrid", source="bills")
    assert page.results[0].id == "hr:118:104"


def test_threaded_blocked_hamming_and_histogram_selection_are_exact(monkeypatch):
    rng = np.random.default_rng(1)
    bits = semantic.pack_bits(rng.standard_normal((70_000, 384)))
    index = semantic.ChunkIndex("t", "tok", [(i, i, None, None, bits[i].tobytes()) for i in range(70_000)])
    q = np.zeros(48, dtype=np.uint8)
    q[:] = semantic.pack_bits(rng.standard_normal(384))
    expected = np.unpackbits(bits ^ q, axis=1).sum(axis=1)
    assert np.array_equal(index.hamming(q.view(np.uint64), None), expected)
    monkeypatch.setattr(semantic, "_PARALLEL_FROM", 1)
    assert np.array_equal(index.hamming(q.view(np.uint64), None), expected)
    top = semantic.smallest(expected.astype(np.uint16), 100)
    assert top.size == 100 and expected[top].max() <= np.sort(expected)[99]


def _mean_cosine(doc_public_id: str, qvec: np.ndarray) -> float:
    """The record's mean chunk vector, computed here straight from the chunk table, against the query."""
    from django.db import connection

    with connection.cursor() as cur:
        cur.execute(
            "SELECT c.embedding FROM bills_chunks c JOIN bills_bill b ON b.id = c.doc_id WHERE b.bill_id = %s",
            [doc_public_id],
        )
        matrix = np.stack([np.frombuffer(row[0], dtype=np.float32) for row in cur.fetchall()])
    mean = matrix.mean(axis=0)
    return float(mean / np.linalg.norm(mean) @ qvec)


@pytest.mark.django_db
def test_the_document_score_is_half_its_best_chunk_half_its_mean_vector(corpus_db):
    from apps.search.selectors import query_vector

    q = "grants for drinking water treatment"
    page = search(q=q, mode="semantic", source="bills")
    qvec = query_vector(q)
    assert len(page.results) == 8
    for hit in page.results:
        e = hit.explain
        assert e.document_cosine == pytest.approx(_mean_cosine(hit.id, qvec), abs=1e-5)
        assert e.semantic_score == pytest.approx(0.5 * e.chunk_cosine + 0.5 * e.document_cosine, abs=1e-6)
        assert hit.score == pytest.approx(e.semantic_score, abs=1e-6)
    scores = [h.score for h in page.results]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.django_db
def test_a_record_about_the_query_throughout_outranks_one_with_a_single_matching_passage(
    corpus_db, search_plans, settings
):
    filler = " ".join(["apportionment of federal-aid highway funds by lane miles and vehicle miles"] * 6)
    passage = "lead service line replacement grants"
    # One passage that is exactly the query, in a record otherwise about highways ...
    make_bill(
        "hr:119:301",
        "Surface Transportation Act",
        "Highway formulas.",
        "".join(f"SEC. {n}. HIGHWAYS.\n{filler}\n" for n in range(1, 5)) + f"SEC. 5. WATER.\n{passage}",
        date(2025, 6, 1),
    )
    # ... against a record whose every passage is about lead pipes, none of them exactly the query.
    lead = " ".join(["replacing lead service lines in homes, schools, day care centers and clinics"] * 5)
    make_bill(
        "hr:119:302",
        "Lead Pipe Removal Act",
        "Lead pipes.",
        f"SEC. 1. GRANTS.\n{lead}\nSEC. 2. SCHOOLS.\n{lead}",
        date(2025, 6, 1),
    )
    embed_source(search_plans[0])
    ids = [h.id for h in search(q=passage, mode="semantic", source="bills").results]
    assert ids.index("hr:119:302") < ids.index("hr:119:301")

    settings.JOSH = {**settings.JOSH, "SEMANTIC_DOC_WEIGHT": 0}  # the best chunk alone ranks it the other way
    page = search(q=passage, mode="semantic", source="bills")
    ids = [h.id for h in page.results]
    assert ids.index("hr:119:301") < ids.index("hr:119:302")
    assert all(h.explain.document_cosine is None for h in page.results)
    assert all(h.explain.semantic_score == h.explain.chunk_cosine for h in page.results)


@pytest.mark.django_db
@pytest.mark.sqlite_only("SQLite's query plan (EXPLAIN QUERY PLAN) of the doc_vectors join")
def test_document_vectors_probe_each_document_not_the_model_index(corpus_db, search_plans):
    """Every chunk shares one model_id, so its index is no filter: without statistics SQLite chose it and read
    every chunk once per document (64 s for 300 documents at 1M chunks). The ids must drive the join."""
    from apps.search import queries

    sql = queries.render("doc_vectors", idents={"chunks": search_plans[0].search.chunk_table})
    plan = [
        row[3] for row in queries.fetchall("EXPLAIN QUERY PLAN " + sql, {"ids": "[1, 2]", "model_id": "m"})
    ]
    assert plan[0].startswith("SCAN j VIRTUAL TABLE")
    assert plan[1].startswith("SEARCH c USING INDEX") and "(doc_id=?)" in plan[1]
    assert not any("_model" in step for step in plan)
