"""Snippets are computed on a bounded copy of the record: FTS5's snippet() is quadratic in a record's hits and
cannot be interrupted, so a record of 16k hits must not reach it whole. A short record gets exactly the snippet
FTS5 gives on the live index."""

from datetime import date

import pytest

from apps.core.plans import get_plan
from apps.search import lexical, queries
from apps.search.sanitize import parse_query
from apps.search.selectors import search
from tests.search.conftest import make_bill

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite_only("FTS5's snippet() on a bounded copy")]


def _fts_snippet(spec, match, doc_id):
    sql = queries.render("snippet", idents={"fts": spec.fts_table})
    return queries.fetchall(sql, {"q": match, "doc_id": doc_id})[0][0]


def test_a_short_record_gets_the_snippet_fts5_gives_on_the_index(corpus_db):
    spec = get_plan("bills").search
    for q in ("water", "grants states", '"drinking water"', "broad*"):
        match = parse_query(q).fts()
        for bill in corpus_db["bills"]:
            if queries.fetchall(
                f"SELECT 1 FROM {spec.fts_table} WHERE {spec.fts_table} MATCH ? AND rowid = ?",
                (match, bill.id),
            ):
                assert lexical.snippet(spec, match, bill.id) == _fts_snippet(spec, match, bill.id)


def test_a_record_of_16k_hits_is_snipped_from_a_window_at_its_first_match(corpus_db):
    spec = get_plan("bills").search
    body = "Preamble without the word. " * 400 + "SEC. 2. FLOODS.\n" + "flood " * 16_000
    huge = make_bill("hr:119:199", "Flood Insurance Act", "Insurance.", body, date(2025, 7, 1))
    texts = lexical._snippet_texts(spec, parse_query("flooding").fts(), huge.id)
    window = texts[spec.columns.index("body")]
    assert len(window) == lexical.SNIPPET_WINDOW
    first = body.index("FLOODS")  # the first word the query's stem ("flood") finds, case aside
    assert window == body[first - lexical.SNIPPET_WINDOW // 4 :][: lexical.SNIPPET_WINDOW]
    assert window.count("flood") < 1_000  # what snippet() is given, not 16k hits
    page = search(q="flooding", mode="lexical", source="bills")
    top = page.results[0]
    assert top.id == "hr:119:199"
    marked = [top.snippet.text[a:b].lower() for a, b in top.snippet.highlights]
    assert marked and set(marked) <= {"flood", "floods"}
