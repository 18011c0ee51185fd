"""Hybrid fusion: the convex combination of normalised scores, RRF (here with equal weights), an exact title first, each leg's leader in the top 3 (pure functions,
no database), and the rules end to end on the search corpus."""

from dataclasses import dataclass

import pytest

from apps.search import fusion
from apps.search.semantic import SemanticHit


@dataclass(frozen=True)
class Lex:
    source: str
    doc_id: int
    bm25: float


Sem = SemanticHit


def _fused(lex: list[int], sem: list[int], *, k: int = 60) -> list[fusion.Ranked]:
    lex_hits = [Lex("s", d, -10.0 + i) for i, d in enumerate(lex)]
    sem_hits = [Sem("s", d, d * 10, 0.9 - i / 100) for i, d in enumerate(sem)]
    return fusion.fuse(fusion.merge(lex_hits, sem_hits), "rrf", k=k)


def test_rrf_with_equal_weights(settings):
    settings.JOSH = {**settings.JOSH, "RRF_W_LEXICAL": 1.0, "RRF_W_SEMANTIC": 1.0}
    items = _fused([1, 2, 3], [3, 1, 4])
    assert [r.doc_id for r in items] == [1, 3, 2, 4]  # 1: 1/61+1/62, 3: 1/63+1/61, 2: 1/62, 4: 1/63
    assert items[0].fused == pytest.approx(1 / 61 + 1 / 62)
    assert (items[2].lexical_rank, items[2].semantic_rank) == (2, None)


def _convex(lex: list[tuple[int, float]], sem: list[tuple[int, float]]) -> list[fusion.Ranked]:
    lex_hits = [Lex("s", d, -score) for d, score in lex]  # FTS5's bm25() is negative: lower is better
    sem_hits = [Sem("s", d, d * 10, cosine) for d, cosine in sem]
    return fusion.fuse(fusion.merge(lex_hits, sem_hits), "cc", k=60)


def test_convex_combination_of_min_max_normalised_scores(settings):
    settings.JOSH = {**settings.JOSH, "CC_W_SEMANTIC": 0.5}
    items = _convex([(1, 12.0), (2, 8.0), (3, 2.0)], [(4, 0.80), (2, 0.70), (3, 0.60)])
    # lexical norms: 1 -> 1.0, 2 -> 0.6, 3 -> 0.0; semantic norms: 4 -> 1.0, 2 -> 0.5, 3 -> 0.0
    assert [(r.doc_id, r.fused) for r in items] == [
        (2, pytest.approx(0.55)),
        (1, pytest.approx(0.5)),
        (4, pytest.approx(0.5)),
        (3, pytest.approx(0.0)),
    ]  # 1 and 4 tie: the lexical rank breaks it
    by_id = {r.doc_id: r for r in items}
    assert (by_id[1].lexical_norm, by_id[1].semantic_norm) == (1.0, None)
    assert by_id[2].score == by_id[2].fused


def test_convex_keeps_a_strong_single_leg_hit_above_weak_hits_of_both_legs(settings):
    """The case RRF gets wrong: the vector leg's clear second is missed by the lexical leg, and records both
    legs rank in their lower half would outrank it under RRF."""
    settings.JOSH = {**settings.JOSH, "CC_W_SEMANTIC": 0.5, "RRF_W_LEXICAL": 1.0, "RRF_W_SEMANTIC": 1.0}
    lex = [(1, 20.0)] + [(10 + i, 5.0 - i * 0.1) for i in range(5)]
    sem = [(1, 0.72), (2, 0.70)] + [(10 + i, 0.40 - i * 0.01) for i in range(5)]
    cc = [r.doc_id for r in _convex(lex, sem)]
    lex_hits = [Lex("s", d, -s) for d, s in lex]
    sem_hits = [Sem("s", d, d * 10, c) for d, c in sem]
    rrf = [r.doc_id for r in fusion.fuse(fusion.merge(lex_hits, sem_hits), "rrf", k=60)]
    assert cc.index(2) == 1 and rrf.index(2) > 3


def test_convex_with_one_leg_keeps_that_legs_order(settings):
    items = _convex([], [(4, 0.8), (5, 0.7), (6, 0.1)])
    assert [r.doc_id for r in items] == [4, 5, 6] and items[0].semantic_norm == 1.0


def test_a_leader_buried_by_rrf_comes_back_into_the_top_three(settings):
    settings.JOSH = {**settings.JOSH, "RRF_W_LEXICAL": 1.0, "RRF_W_SEMANTIC": 1.0}
    # doc 1 is the lexical leader and the vector leg never saw it; docs 10..15 are in both legs' middle
    lex = [1, 10, 11, 12, 13, 14, 15]
    sem = [20, 10, 11, 12, 13, 14, 15]
    plain = _fused(lex, sem)
    assert [r.doc_id for r in plain][:3] == [10, 11, 12] and [r.doc_id for r in plain].index(1) > 3
    kept = fusion.keep_leaders(plain)
    top3 = [r.doc_id for r in kept[:3]]
    assert 1 in top3 and 20 in top3  # both legs' leaders
    assert [r.doc_id for r in kept[3:]] == [r.doc_id for r in plain if r.doc_id not in top3]  # rest untouched


def test_leaders_already_on_top_change_nothing(settings):
    settings.JOSH = {**settings.JOSH, "RRF_W_LEXICAL": 1.0, "RRF_W_SEMANTIC": 1.0}
    items = _fused([1, 2, 3], [1, 3, 2])
    assert fusion.keep_leaders(items) == items


@pytest.mark.parametrize(
    "title,query,match",
    [
        ("Kids Online Safety Act", "kids online safety act", True),
        ("Kids Online Safety Act", "Kids Online Safety", False),  # a title, not a prefix of one
        (
            "H.J. Res. 58 – Disapproving the Rule on Teacher Preparation",
            "Disapproving the rule on teacher preparation",
            True,
        ),
        ("Australia: Background and U.S. Relations", "Australia: Background and U.S. Relations", True),
        ("Australia: Background and U.S. Relations", "background and u.s. relations", True),
        ("Uniform test method.", "uniform test method", True),
        ("PROMESA", "promesa", True),
    ],
)
def test_title_forms(title, query, match):
    assert (fusion.normalise_title(query) in fusion.title_forms(title)) is match


def test_exact_titles_go_first_and_keep_their_fused_order(settings):
    settings.JOSH = {**settings.JOSH, "RRF_W_LEXICAL": 1.0, "RRF_W_SEMANTIC": 1.0}
    items = _fused([5, 6, 7], [6, 8, 7])
    titles = {("s", 7): "Clean Water Act", ("s", 8): "clean water act.", ("s", 5): "Water"}
    pinned = fusion.pin_titles(items, "Clean Water Act", titles)
    assert [r.doc_id for r in pinned][:2] == [7, 8] and all(r.title_match for r in pinned[:2])
    assert not any(r.title_match for r in pinned[2:])


@pytest.mark.django_db
def test_hybrid_puts_the_exact_title_first(corpus_db, client):
    body = client.get("/v1/search", {"q": "School Lunch Nutrition Act", "source": "bills"}).json()
    top = body["results"][0]
    assert top["id"] == "hr:117:108" and top["explain"]["title_match"] is True
    assert [h["explain"]["title_match"] for h in body["results"][1:]] == [False] * (len(body["results"]) - 1)
