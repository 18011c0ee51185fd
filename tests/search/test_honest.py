"""Honest result sets: the relevance floor, lexical operators as constraints in every mode, ``total`` as a
count of matching records (``total_basis``, ``source_counts``), ``no_match``, and an encoder failure answered
lexically with ``degraded.semantic``. Over the named bills of conftest.py (hashing encoder)."""

import pytest

from apps.search.conf import semantic_floor

MODES = ("lexical", "semantic", "hybrid")
BILL_IDS = {"hr:119:101", "hr:119:102", "s:119:103", "hr:118:104", "hr:118:105", "s:118:106", "hr:117:107",
            "hr:117:108"}  # fmt: skip
# The hashing encoder's floor for these tests: its cosines are word overlap, so a query sharing no word
# with a chunk scores ~0 (collisions reach 0.07 here) and one sharing a content word 0.3-0.5.
HASHING_FLOOR = 0.2


@pytest.fixture
def get(client, corpus_db, search_plans, settings):
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": {"hashing-v1": HASHING_FLOOR}}

    def call(**params):
        response = client.get("/v1/search", params)
        assert response.status_code == 200, response.content
        return response.json()

    return call


def _ids(body) -> list[str]:
    return [h["id"] for h in body["results"]]


@pytest.mark.django_db
def test_the_floor_is_per_model_and_off_for_a_model_without_one(settings):
    assert semantic_floor("all-MiniLM-L6-v2-onnx-int8") == 0.42
    assert semantic_floor("hashing-v1") == 0.0
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": 0.3}
    assert semantic_floor("hashing-v1") == 0.3


def test_nonsense_matches_nothing_in_every_mode_and_says_so(get):
    for mode in MODES:
        body = get(q="xyzzyplugh quuxfrob", source="bills", mode=mode)
        assert body["results"] == [] and body["total"] == 0, mode
        assert body["total_basis"] == "exact" and body["source_counts"] == {}
        assert body["no_match"] == {
            "reason": "no_term_matched",
            "message": "No word of the query occurs in the sources searched, and nothing there is close to it "
            "in meaning.",
            "suggestions": [],  # leaving out one made-up word leaves another that matches nothing
            "coverage": None,
        }


def test_without_the_floor_the_vector_leg_pads_the_answer(get, settings):
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": 0}
    body = get(q="xyzzyplugh quuxfrob", source="bills", mode="semantic")
    assert body["total"] == 8 and body["no_match"] is None  # every bill, nearest first: what the floor stops


def test_semantic_total_counts_the_records_past_the_floor(get):
    body = get(q="water", source="bills", mode="semantic")
    assert _ids(body) == ["hr:119:102", "hr:118:105"]  # chunk cosines 0.46 and 0.42; the next is 0.11
    assert body["total"] == 2 and body["total_basis"] == "exact" and body["source_counts"] == {"bills": 2}
    assert all(h["explain"]["chunk_cosine"] >= HASHING_FLOOR for h in body["results"])


def test_hybrid_total_is_the_union_of_the_lexical_matches_and_the_records_past_the_floor(get, settings):
    settings.JOSH = {**settings.JOSH, "HYBRID_LEXICAL_COVERAGE": 0}
    lexical = set(_ids(get(q="children online", source="bills", mode="lexical", limit=250)))
    semantic = set(_ids(get(q="children online", source="bills", mode="semantic", limit=250)))
    hybrid = get(q="children online", source="bills", mode="hybrid", limit=250)
    assert lexical == {"s:118:106", "hr:119:101", "hr:117:108"} and semantic == {"s:118:106"}
    assert set(_ids(hybrid)) == lexical | semantic and hybrid["total"] == 3
    assert hybrid["total_basis"] == "exact" and hybrid["source_counts"] == {"bills": 3}


def test_a_hybrid_hit_only_the_lexical_leg_found_must_cover_most_of_the_query(get):
    # "children" and "online" are each in two bills (equal idf): a bill with one of them has half the query,
    # below HYBRID_LEXICAL_COVERAGE; the one with both is also the only one past the vector leg's floor
    assert len(_ids(get(q="children online", source="bills", mode="lexical"))) == 3  # any-term: unchanged
    hybrid = get(q="children online", source="bills", mode="hybrid")
    assert _ids(hybrid) == ["s:118:106"] and hybrid["total"] == 1 and hybrid["source_counts"] == {"bills": 1}
    assert hybrid["results"][0]["explain"]["lexical_rank"] == 1


def test_lexical_total_is_not_capped_at_the_page_or_the_depth(get, settings):
    settings.JOSH = {**settings.JOSH, "HYBRID_DEPTH": 2}
    body = get(q="act", source="bills", mode="lexical", limit=1)
    assert len(body["results"]) == 1 and body["total"] == 8  # every bill's title ends in "Act"
    assert body["source_counts"] == {"bills": 8}


def test_source_counts_cover_every_source_and_follow_the_filters(get, search_plans):
    saps = search_plans[1].slug
    body = get(q="water", mode="lexical", limit=1)
    assert body["source_counts"] == {"bills": 2, saps: 1} and body["total"] == 3
    filtered = get(q="water", mode="lexical", since="2025-01-01", limit=1)
    assert filtered["source_counts"] == {"bills": 1, saps: 1} and filtered["total"] == 2


@pytest.mark.parametrize("mode", MODES)
def test_a_quoted_phrase_is_required_in_every_mode(get, mode):
    body = get(q='"lead service lines"', source="bills", mode=mode)
    assert _ids(body) == ["hr:119:102"] and body["total"] == 1


def test_a_quoted_phrase_constrains_the_vector_leg_even_without_a_floor(get, settings):
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": 0}
    for mode in ("semantic", "hybrid"):
        body = get(q='"drinking water" treatment', source="bills", mode=mode)
        assert _ids(body) == ["hr:119:102"] and body["total"] == 1, mode  # the only bill with the phrase


def test_not_and_explicit_and_constrain_the_vector_leg(get, settings):
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": 0}
    without = set(_ids(get(q="water NOT drinking", source="bills", mode="semantic")))
    assert "hr:119:102" not in without and len(without) == 7  # every bill but the one with "drinking"
    both = get(q="water AND grants", source="bills", mode="semantic")
    assert _ids(both) == ["hr:119:102"] and both["total"] == 1  # the only bill with both words
    hybrid = get(q="water AND grants", source="bills", mode="hybrid")
    assert _ids(hybrid) == ["hr:119:102"]


def test_a_phrase_that_occurs_nowhere_suggests_its_words(get):
    body = get(q='"drinking lunch" water', source="bills", mode="hybrid")
    assert body["total"] == 0 and body["results"] == []
    assert body["no_match"]["reason"] == "phrase_not_found"
    assert body["no_match"]["suggestions"] == [
        {
            "action": "drop_phrase",
            "message": 'The phrase "drinking lunch" occurs in no record; search its words without the quotes.',
            "q": "drinking lunch water",
            "parameter": None,
            "value": None,
        }
    ]
    assert get(q="drinking lunch water", source="bills", mode="hybrid")["total"] > 0


def test_filters_that_exclude_every_match_are_named(get):
    body = get(q="veterans", source="bills", mode="lexical", since="2025-01-01")
    assert body["total"] == 0
    assert body["no_match"]["reason"] == "excluded_by_filters"
    assert [(s["action"], s["parameter"]) for s in body["no_match"]["suggestions"]] == [
        ("drop_filter", "since")
    ]


def test_a_term_that_matches_nothing_is_suggested_for_dropping(get):
    body = get(q="veterans AND zyzzyva", source="bills", mode="lexical")
    assert body["no_match"]["reason"] == "no_record_matches_all"
    assert body["no_match"]["suggestions"][0]["action"] == "drop_term"
    assert body["no_match"]["suggestions"][0]["q"] == "veterans"
    assert get(q="zyzzyva of the", source="bills", mode="lexical")["no_match"]["reason"] == "no_term_matched"


def test_semantic_below_the_floor_points_at_lexical(get):
    # "shall" is in most bills, but one word of a long passage is far from the floor in meaning
    assert get(q="shall", source="bills", mode="lexical")["total"] == 7
    body = get(q="shall", source="bills", mode="semantic")
    assert body["total"] == 0 and body["no_match"]["reason"] == "below_relevance_floor"
    assert body["no_match"]["suggestions"] == [
        {
            "action": "try_mode",
            "message": "Records have these words, but none is close enough in meaning; mode=lexical ranks them.",
            "q": None,
            "parameter": "mode",
            "value": "lexical",
        }
    ]


@pytest.fixture
def no_encoder(settings):
    """A configuration naming an encoder that does not exist: the encoder fails to load on every call."""
    settings.JOSH = {**settings.JOSH, "ENCODER": "no-such-encoder"}


@pytest.mark.parametrize("mode", ("hybrid", "semantic"))
def test_without_an_encoder_the_answer_is_lexical_and_says_why(get, no_encoder, mode):
    body = get(q="drinking water", source="bills", mode=mode)
    lexical = get(q="drinking water", source="bills", mode="lexical")
    assert _ids(body) == _ids(lexical) == ["hr:119:102", "hr:118:105"]
    assert body["total"] == 2 and body["total_basis"] == "exact" and body["mode"] == mode
    degraded = body["degraded"]
    assert degraded["from"] == mode and degraded["to"] == "lexical"
    assert degraded["semantic"].startswith("the text encoder is unavailable (ImproperlyConfigured: ")
    assert "no-such-encoder" in degraded["semantic"]
    assert all(h["explain"]["semantic_rank"] is None for h in body["results"])


def test_without_an_encoder_similar_is_a_503_that_says_why(client, corpus_db, no_encoder):
    response = client.get("/v1/bills/hr:119:102/similar")
    assert response.status_code == 503
    error = response.json()["error"]
    assert error["code"] == "encoder_unavailable" and "no-such-encoder" in error["message"]


OFF_TOPIC = "puppy kitten grooming leash collar shall"  # five words in no record, "shall" in seven bills


def test_lexical_an_off_topic_question_matched_by_a_stray_word_gets_no_match_that_names_its_weak_words(get):
    body = get(q=OFF_TOPIC, source="bills", mode="lexical")
    assert body["results"] == [] and body["total"] == 0 and body["source_counts"] == {}
    no_match = body["no_match"]
    assert no_match["reason"] == "few_words_covered"
    assert no_match["coverage"]["present"] == ["shall"]
    assert no_match["coverage"]["missing"] == ["puppy", "kitten", "grooming", "leash", "collar"]
    assert no_match["coverage"]["required"] == 0.65 and no_match["coverage"]["best"] == 0.0  # "shall": idf ~0
    assert "lacks 'puppy', 'kitten', 'grooming', 'leash', 'collar'" in no_match["message"]
    assert no_match["suggestions"] == [
        {
            "action": "drop_term",
            "message": "Search without 'puppy', 'kitten', 'grooming', 'leash', 'collar' "
            "(records have the other words).",
            "q": "shall",
            "parameter": None,
            "value": None,
        }
    ]
    assert get(q=no_match["suggestions"][0]["q"], source="bills", mode="lexical")["total"] == 7


def test_lexical_explicit_operators_are_exempt_from_the_coverage_rule(get):
    assert get(q="puppy OR shall", source="bills", mode="lexical")["total"] == 7
    assert get(q="grooming OR shall OR kitten", source="bills", mode="lexical")["total"] == 7
    assert get(q=f'"shall" {OFF_TOPIC}', source="bills", mode="lexical")["total"] == 7  # a required phrase
    without_water = get(q=f"{OFF_TOPIC} NOT water", source="bills", mode="lexical")
    assert without_water["total"] == 6 and "hr:119:102" not in _ids(without_water)


def test_lexical_a_query_most_of_whose_words_one_record_has_keeps_every_any_term_hit(get):
    # "children online": the bill with both covers the whole query, so the bills with one word stay too
    body = get(q="children online", source="bills", mode="lexical")
    assert set(_ids(body)) == {"s:118:106", "hr:119:101", "hr:117:108"} and body["no_match"] is None
    assert _ids(body)[0] == "s:118:106"


def test_lexical_the_coverage_rule_needs_the_floor_and_can_be_turned_off(get, settings):
    settings.JOSH = {**settings.JOSH, "SEMANTIC_FLOOR": 0}  # no evidence that the query means nothing
    assert get(q=OFF_TOPIC, source="bills", mode="lexical")["total"] == 7
    settings.JOSH = {
        **settings.JOSH,
        "SEMANTIC_FLOOR": {"hashing-v1": HASHING_FLOOR},
        "LEXICAL_QUERY_COVERAGE": 0,
    }
    assert get(q=OFF_TOPIC, source="bills", mode="lexical")["total"] == 7


def test_lexical_a_low_coverage_query_close_in_meaning_to_a_passage_keeps_its_hits(get):
    # one record has "water" only (under half the query's weight), but that bill's passage is past the floor
    body = get(q="water puppy", source="bills", mode="lexical")
    assert body["total"] == 2 and body["no_match"] is None
    assert get(q="water puppy", source="bills", mode="semantic")["total"] >= 1
