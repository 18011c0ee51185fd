"""``NEAR(a b, N)``: FTS5's proximity group on SQLite and its equivalent on PostgreSQL (apps.search.pgbm25, the
same matcher over the same token positions), with the same hits and the same order on both engines; a form
FTS5 would read otherwise is a 400 that names the form to write. Runs on both engines."""

import pytest

from apps.core.errors import InvalidParameter
from apps.search.sanitize import parse_query
from apps.search.selectors import search


def _ids(q: str, source: str = "bills") -> list[str]:
    return [h.id for h in search(q=q, source=source, mode="lexical", limit=20).results]


def test_a_near_group_is_one_required_term_in_fts5_syntax():
    parsed = parse_query('water NEAR(grants "drinking water" appor*, 3)')
    assert parsed.fts() == 'NEAR("grants" "drinking water" "appor"*, 3) OR "water"'
    assert [t.fts() for t in parsed.required] == ['NEAR("grants" "drinking water" "appor"*, 3)']
    assert parse_query("NEAR(grants water)").required[0].distance == 10  # FTS5's default
    boolean = parse_query("NEAR(grants water, 2) OR broadband")
    assert boolean.fts() == '(NEAR("grants" "water", 2)) OR ("broadband")'
    # lower case is a plain word, as and/or/not are
    assert [t.text for t in parse_query("near water").optional] == ["near", "water"]


@pytest.mark.parametrize(
    "q, says",
    [
        ("NEAR(water)", "at least two"),
        ("NEAR(water grants, x)", "whole number"),
        ("NEAR(water grants, -1)", "whole number"),
        ("NEAR(water grants, 1.5)", "whole number"),
        ("NEAR(water grants", "close its parenthesis"),
        ("NEAR((water) grants)", "close its parenthesis"),
    ],
)
def test_a_form_fts5_reads_otherwise_is_refused_with_the_form_to_write(q, says):
    with pytest.raises(InvalidParameter) as refused:
        parse_query(q)
    assert says in str(refused.value) and "NEAR(word word, 10)" in str(refused.value)
    assert refused.value.parameter == "q"


@pytest.mark.django_db
def test_near_keeps_the_words_within_n_tokens_in_either_order(corpus_db):
    # hr:119:102's summary: "Authorizes grants for drinking water treatment" (2 tokens between); its body
    # has 4 between ("grants to States for drinking water")
    assert _ids("NEAR(grants water, 2)") == ["hr:119:102"]
    assert _ids("NEAR(water grants, 2)") == ["hr:119:102"]
    assert _ids("NEAR(grants water, 1)") == []
    # hr:118:104: "The Secretary shall award grants" (the default distance, 10)
    assert _ids("NEAR(grants secretary)") == ["hr:118:104"]
    assert _ids('NEAR("drinking water" grants, 2)') == ["hr:119:102"]
    assert _ids("NEAR(grant* secretar*, 2)") == ["hr:118:104"]


@pytest.mark.django_db
def test_near_never_reaches_across_columns(corpus_db):
    # the title "Clean Water Infrastructure Act" ends where the summary "Authorizes grants ..." starts
    assert _ids("infrastructure authorizes", "bills")[:1] == ["hr:119:102"]
    assert _ids("NEAR(infrastructure authorizes, 5)") == []


@pytest.mark.django_db
def test_near_is_required_beside_plain_words_and_composes_with_not_and_or(corpus_db, search_plans):
    assert _ids("broadband NEAR(grants water, 2)") == ["hr:119:102"]
    assert _ids("NEAR(grants water, 2) NOT lead") == []
    assert set(_ids("NEAR(grants water, 2) OR broadband")) == {"hr:119:102", "hr:118:104"}
    assert _ids("NEAR(grants water, 2)", search_plans[1].slug) == ["sap:2025-03-05_hr102"]


@pytest.mark.django_db
def test_a_malformed_near_is_a_400_on_rest(client, corpus_db):
    response = client.get("/v1/search", {"q": "NEAR(water grants, x)", "mode": "lexical"})
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["code"] == "invalid_parameter" and error["hint"]["parameter"] == "q"
    assert "NEAR(word word, 10)" in error["message"]
