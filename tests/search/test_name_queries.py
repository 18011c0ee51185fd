"""Name-like queries in lexical search: an abbreviation with a full stop ("Sen.", "Rep.") is one exact word,
never a prefix, so the postings read for it are that word's own and not those of every "senate"/"senator"
(the guess for a slow cold "Sen. Markey"; the cause was the search worker's start, tests/core/test_lane.py).
The postings count is the lexical leg's own counter (``lexical.postings``), not a clock."""

from datetime import date

import pytest

from apps.search import lexical
from apps.search.sanitize import Term, parse_query
from apps.search.selectors import search
from tests.search.conftest import make_bill

pytestmark = pytest.mark.sqlite_only("FTS5's vocabulary of the bills index")

SENATE = [  # every "sen…" word but "sen" itself: a prefix query would read all of these postings
    ("s:118:201", "Senate procedures", "The Senate shall act.", "Senators and the Senate.", date(2024, 1, 2)),
    (
        "s:118:202",
        "Sense of the Senate",
        "A senator's resolution.",
        "Seniors, sensors, sentences.",
        date(2024, 1, 3),
    ),
    ("s:118:203", "Senate rules", "Senate.", "The Senate's calendar.", date(2024, 1, 4)),
]
MARKEY = ("s:118:204", "Climate bill", "Introduced by Sen. Markey.", "Sen. Markey spoke.", date(2024, 1, 5))


def test_an_abbreviation_with_a_full_stop_is_an_exact_word_not_a_prefix():
    parsed = parse_query("Sen. Markey")
    assert parsed.scored() == [Term("Sen."), Term("Markey")]
    assert parsed.fts() == '"Sen." OR "Markey"'
    assert parse_query("sen*").scored() == [Term("sen", prefix=True)]  # only a typed * asks for a prefix


@pytest.mark.django_db
def test_sen_reads_only_its_own_postings_and_ranks_the_markey_record_alone(search_plans):
    for row in [*SENATE, MARKEY]:
        make_bill(*row)
    spec = search_plans[0].search
    parsed = parse_query("Sen. Markey")
    counts = lexical.postings(spec.fts_table, parsed.scored())
    assert counts == {Term("Sen."): 1, Term("Markey"): 1}  # one record has "sen"; none of the "senate" ones
    prefix = parse_query("sen*").scored()[0]
    assert lexical.postings(spec.fts_table, [prefix])[prefix] > 3  # what a prefix would have read instead
    page = search(q="Sen. Markey", mode="lexical", source="bills")
    assert [h.id for h in page.results] == ["s:118:204"]
    assert page.total == 1


@pytest.mark.slow  # starts a heavy-lane worker (a new process that sets Django up)
@pytest.mark.django_db
def test_a_hybrid_search_while_the_workers_start_answers_lexically_and_says_why(
    corpus_db, tmp_path, monkeypatch
):
    """A process whose search workers are still warming up runs its searches itself (apps/core/lane.py); it
    does not load the encoder inside the request but beside it, and answers from the lexical leg until then."""
    import time

    from django.conf import settings
    from django.test import override_settings

    from apps.core import lane
    from apps.search import encoders
    from apps.search.selectors import ENCODER_STARTING

    release = tmp_path / "release"
    monkeypatch.setenv("JOSH_TEST_WARM_RELEASE", str(release))
    josh = {
        **settings.JOSH,
        "HEAVY_LANE_PROCESSES": 1,
        "HEAVY_LANE_WARM": "tests.core.test_lane.warm_when_told",
    }
    encoders._build.cache_clear()  # this process has not loaded the encoder yet
    encoders._built.clear()
    with override_settings(JOSH=josh):
        try:
            page = search(q="water", mode="hybrid", source="bills")
            assert lane.state() == "starting"
            assert [h.id for h in page.results] == ["hr:119:102", "hr:118:105"]  # the lexical leg's order
            assert (page.degraded.to, page.degraded.semantic) == ("lexical", ENCODER_STARTING)
            for _ in range(3000):  # the encoder loads in a thread of its own meanwhile (bounded wait)
                if encoders.loaded():
                    break
                time.sleep(0.01)
            again = search(q="water", mode="hybrid", source="bills")
            assert again.degraded is None or again.degraded.semantic is None  # the vector leg ran this time
        finally:
            release.touch()
            if lane._pool is not None:
                lane._drop_pool(lane._pool)
