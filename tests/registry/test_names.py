"""apps/search/names.py: user text -> a safe FTS5 name query; ranked order on the real legislators.

Every hostile input either raises InvalidParameter('q') or runs; none reaches MATCH as syntax.
"""

import pytest

from apps.core.errors import InvalidParameter
from apps.registry.models import Committee, Legislator
from apps.search.names import name_match_query, search_names

pytestmark = pytest.mark.django_db


def _legislators(q, **kw):
    matches = search_names(
        fts_table="legislators_fts", content_table="registry_legislator", q=q, limit=kw.pop("limit", 5), **kw
    )
    rows = Legislator.objects.in_bulk([pk for pk, _ in matches.hits])
    return [rows[pk].public_id for pk, _ in matches.hits], matches


def test_query_quotes_every_token():
    assert name_match_query("Sen. Markey (D-MA)") == '"sen" OR "sen"* OR "markey" OR "markey"* OR "d" OR "ma"'


@pytest.mark.parametrize(
    "q",
    [
        '"',
        "a OR",
        "NOT x",
        "name:foo",
        "x*",
        "^y",
        "(",
        "col:val AND",
        "NEAR(a b)",
        "é",
        "0",
        "a'b",
        "--",
        "💥 x",
    ],
)
def test_hostile_text_runs_or_is_rejected_cleanly(q):
    try:
        _legislators(q)
    except InvalidParameter as exc:
        assert exc.parameter == "q"


@pytest.mark.parametrize("q", ["", "   ", "!!!", "***", '""'])
def test_text_without_words_is_an_invalid_q(q):
    with pytest.raises(InvalidParameter):
        name_match_query(q)


@pytest.mark.parametrize(
    ("q", "first"),
    [
        ("Sen. Markey MA", "M000133"),
        ("AOC", "O000172"),
        ("Bernie Sanders", "S000033"),
        ("jack reed RI", "R000122"),
        ("Ocasio Cortez", "O000172"),
        ("Rep. Jeffries", "J000294"),
        ("patrick leahy", "lis:S057"),  # a stub from a 117th-Congress vote is findable too
    ],
)
def test_noisy_names_rank_the_member_first(q, first):
    ids, _ = _legislators(q)
    assert ids[0] == first


def test_filters_apply_inside_the_ranked_query():
    ids, matches = _legislators("Markey", filters={"chamber": "house"})
    assert "M000133" not in ids
    ids, matches = _legislators("MA", filters={"chamber": "senate", "is_current": True}, limit=10)
    assert sorted(ids) == ["M000133", "W000817"]
    assert matches.total == 2


def test_committee_names_match_through_the_parent():
    matches = search_names(
        fts_table="committees_fts", content_table="registry_committee", q="ways means health", limit=3
    )
    rows = Committee.objects.in_bulk([pk for pk, _ in matches.hits])
    assert [rows[pk].thomas_id for pk, _ in matches.hits][:2] == ["HSWM02", "HSWM"]


@pytest.mark.parametrize(
    ("q", "expected"),
    [
        ("intelligence", ["SLIN", "HLIG"]),  # full committees 10.93 / 10.49 above HLIG01 9.97
        ("ways means health", ["HSWM02", "HSWM"]),  # 25.51 vs 19.90 x 1.25 = 24.88
        ("agriculture", ["HSAG"]),
        ("energy commerce", ["HSIF"]),
        ("Senate Finance", ["SSFI"]),
    ],
)
def test_committee_ranking_prefers_full_committees_unless_a_subcommittee_matches_better(client, q, expected):
    ids = [r["id"] for r in client.get("/v1/committees", {"q": q}).json()["results"]]
    assert ids[: len(expected)] == expected


def test_loose_query_keeps_three_letter_prefixes():
    assert name_match_query("Markye MA", loose=True) == '"mar"* OR "ma"'


@pytest.mark.parametrize(("q", "first"), [("Sen. Markye MA", "M000133"), ("Ocasyo Cortes", "O000172")])
def test_a_misspelt_name_still_finds_the_member(q, first):
    ids, matches = _legislators(q, limit=5)
    assert first in ids
