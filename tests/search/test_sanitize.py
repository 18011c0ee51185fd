"""The sanitizer: user text never reaches FTS5 raw, never gives a 500, and every output executes.

Cases: malformed inputs (unbalanced quotes, bare operators, column-looking words, special characters), the
documented syntax (any-term words, required phrases, prefix >= 3 chars, boolean AND/OR, NOT, stop words), junk.
"""

import pytest

from apps.search import queries
from apps.search.sanitize import parse_query, sanitize

EDGE_CASES = [
    ("water", '"water"'),
    ("clean water", '"clean" OR "water"'),  # plain words: any of them, ranked by BM25
    ('"clean water"', '"clean water"'),
    ('"unbalanced phrase', '"unbalanced phrase"'),
    ("wat*", '"wat"*'),
    ("wa*", '"wa"'),
    ("*", None),
    ("*ater", '"*ater"'),
    ("water OR sewer", '("water") OR ("sewer")'),
    ("water NOT sewer", '("water") NOT ("sewer")'),
    ("NOT water", '"water"'),  # a leading NOT has nothing to subtract from: ignored
    ("water NOT", '"water"'),
    ("AND", None),
    ("OR OR water", '"water"'),
    ("water AND", '"water"'),
    ("water and sewer", '"water" OR "sewer"'),  # lower-case "and" is a stop word
    ("(water", '"(water"'),
    (
        "NEAR water",
        '"NEAR" OR "water"',
    ),  # NEAR( opens a group (tests/search/test_near.py); NEAR alone is a word
    ("NEAR(water sewer, 3)", 'NEAR("water" "sewer", 3)'),
    ('NEAR("drinking water" lead* "x:y", 0)', 'NEAR("drinking water" "lead"* "x:y", 0)'),
    ("-water", '"-water"'),
    ("water-quality", '"water-quality"'),
    ("hr:119:103", '"hr:119:103"'),
    ("a:b", '"a:b"'),
    ("O'Brien", '"O\'Brien"'),
    ("U.S.C.", '"U.S.C."'),
    ("H.R. 103", '"H.R." OR "103"'),
    ("C++", '"C++"'),
    ("#tag", '"#tag"'),
    ("water, act", '"water," OR "act"'),
    ("+water", '"+water"'),
    ("^water", '"^water"'),
    ("{title body}: water", '"{title" OR "body}:" OR "water"'),
    ('say "he said ""hi"""', '"he said" OR "hi" OR "say"'),  # the phrases are required: see must()
    ('a"b', '"a""b"'),
    ("", None),
    ("   ", None),
    ("!!! ??? ...", None),
    ("title:water", '"title:water"'),
    ("café", '"café"'),
    ("water*sewer", '"water*sewer"'),
    ("\x00 water", '"water"'),
]


@pytest.mark.parametrize("text,expected", EDGE_CASES)
def test_sanitize_output(text, expected):
    assert sanitize(text) == expected


@pytest.mark.sqlite_only("runs the FTS5 MATCH expression itself")
@pytest.mark.django_db
@pytest.mark.parametrize(
    "text", [t for t, _ in EDGE_CASES] + ["x" * 5000, "a " * 200, "🙂 water", "e\u0301cole"]
)
def test_every_sanitized_query_executes(text, corpus_db):
    match = sanitize(text)
    if match is None:
        return
    rows = queries.fetchall("SELECT count(*) FROM bills_fts WHERE bills_fts MATCH ?", (match,))
    assert rows[0][0] >= 0


@pytest.mark.django_db
@pytest.mark.parametrize("text", [t for t, _ in EDGE_CASES])
def test_malformed_input_never_500s(text, corpus_db, client):
    response = client.get("/v1/search", {"q": text, "mode": "lexical"})
    assert response.status_code in (200, 400), response.content
    if response.status_code == 400:
        assert response.json()["error"]["code"] == "invalid_query"


@pytest.mark.parametrize(
    "text,must,ignored",
    [
        ('"clean water" grants', '"clean water"', []),
        ('say "he said ""hi"""', '"he said" AND "hi"', []),
        ('"clean water" NOT lead', '("clean water") NOT ("lead")', []),
        ("what is the clean water act", None, ["what", "is", "the"]),
        ("the who", None, []),  # nothing but stop words: kept, or nothing would be left
        ("the*", None, []),  # a prefix is never a stop word
        ("clean AND water", None, []),  # boolean queries keep every word and need no must()
    ],
)
def test_required_phrases_and_stop_words(text, must, ignored):
    parsed = parse_query(text)
    assert parsed.must() == must and parsed.ignored == ignored


def test_boolean_queries_keep_the_classic_grammar():
    assert sanitize("clean water OR sewer") == '(("clean" AND "water")) OR ("sewer")'
    assert sanitize("clean AND water NOT lead") == '("clean" AND "water") NOT "lead"'
    assert parse_query("clean water OR sewer").boolean and not parse_query("clean water").boolean


def test_prefix_needs_three_characters():
    assert parse_query("ab*").terms()[0].prefix is False
    assert parse_query("abc*").terms()[0].prefix is True


def test_terms_are_capped():
    assert len(parse_query(" ".join(f"w{i}" for i in range(100))).terms()) == 32


@pytest.mark.sqlite_only("runs the FTS5 MATCH expression itself")
@pytest.mark.django_db
def test_operators_mean_what_they_document(corpus_db):
    def ids(q):
        match = sanitize(q)
        return sorted(
            r[0]
            for r in queries.fetchall(
                "SELECT b.bill_id FROM bills_fts f JOIN bills_bill b ON b.id = f.rowid WHERE bills_fts MATCH ?",
                (match,),
            )
        )

    assert ids("water") == ["hr:118:105", "hr:119:102"]
    assert ids("water NOT drinking") == ["hr:118:105"]
    assert ids("broadband OR veterans") == ["hr:117:107", "hr:118:104"]
    assert ids("broadband veterans") == ["hr:117:107", "hr:118:104"]  # any-term
    assert ids('"drinking water"') == ["hr:119:102"]
    assert ids('"water drinking"') == []
    assert ids("appor*") == ["s:119:103"]
    assert ids("children AND data") == ["s:118:106"]
