"""FTS5 tables, triggers and chunk tables created by the bills migrations."""

import pytest
from django.db import connection

from apps.bills.models import Bill
from apps.core.plans import get_plan

pytestmark = pytest.mark.django_db


def _rows(sql, params=()):
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _match(fts, query):
    return _rows(f"SELECT rowid FROM {fts} WHERE {fts} MATCH %s ORDER BY rowid", [query])


@pytest.mark.sqlite_only("FTS5 triggers and vec0 tables in sqlite_master")
def test_triggers_survive_every_later_migration():
    names = {n for (n,) in _rows("SELECT name FROM sqlite_master WHERE type = 'trigger'")}
    for fts in ("bills_fts", "public_laws_fts", "saps_fts"):
        assert {f"{fts}_ai", f"{fts}_ad", f"{fts}_au"} <= names
    tables = {n for (n,) in _rows("SELECT name FROM sqlite_master WHERE type = 'table'")}
    assert {"bills_chunks", "bills_chunks_vec0", "public_laws_chunks", "public_laws_chunks_vec0"} <= tables
    assert {"saps_chunks", "saps_chunks_vec0"} <= tables  # SAPs are body-bearing since 0005


@pytest.mark.sqlite_only("FTS5 MATCH on the side table")
def test_bills_fts_finds_title_summary_actions_and_body_words():
    walkin = Bill.objects.get(bill_id="hjres:119:24").pk
    assert (walkin,) in _match("bills_fts", "title:freezers")
    assert (walkin,) in _match("bills_fts", "summary:technologically")
    assert (walkin,) in _match("bills_fts", 'actions:"Became Public Law"')
    full_employment = Bill.objects.get(bill_id="hr:116:1000").pk
    assert _match("bills_fts", 'body:"Humphrey Hawkins"') == [(full_employment,)]


@pytest.mark.sqlite_only("FTS5 sync triggers (PostgreSQL's tsvector column is generated)")
def test_fts_follows_updates_and_deletes():
    bill = Bill.objects.get(bill_id="hjres:119:24")
    Bill.objects.filter(pk=bill.pk).update(title="Zyzzyva act")
    assert _match("bills_fts", "title:zyzzyva") == [(bill.pk,)]
    assert (bill.pk,) not in _match("bills_fts", "title:freezers")
    Bill.objects.filter(pk=bill.pk).delete()
    assert _match("bills_fts", "zyzzyva") == []


def test_lexical_search_follows_updates_and_deletes_on_either_engine(client):
    """The full-text index follows the rows: FTS5 through its triggers, PostgreSQL through its generated
    tsvector column. Asked through the search itself, so the same test holds on both engines."""

    def lexical(q: str) -> list[str]:
        body = client.get("/v1/search", {"q": q, "mode": "lexical", "source": "bills"}).json()
        return [hit["id"] for hit in body["results"]]

    bill = Bill.objects.get(bill_id="hjres:119:24")
    assert lexical("zyzzyva") == []
    Bill.objects.filter(pk=bill.pk).update(title="Zyzzyva act")
    assert lexical("zyzzyva") == ["hjres:119:24"]
    Bill.objects.filter(pk=bill.pk).delete()
    assert lexical("zyzzyva") == []


@pytest.mark.sqlite_only("FTS5 MATCH on the side table")
def test_public_laws_and_saps_fts():
    assert len(_match("public_laws_fts", "title:gratuities")) == 1
    assert len(_match("saps_fts", '"walk-in coolers"')) >= 1


def test_search_specs_name_real_columns():
    spec = get_plan("bills").search
    assert (spec.columns, spec.weights, spec.chunk_table) == (
        ("title", "summary", "actions", "body"),
        (10.0, 4.0, 2.0, 1.0),
        "bills_chunks",
    )
    assert get_plan("statements-of-administration-policy").search.chunk_table == "saps_chunks"
    for slug in ("bills", "public-laws", "statements-of-administration-policy"):
        spec = get_plan(slug).search
        columns = {
            c.name
            for c in connection.introspection.get_table_description(connection.cursor(), spec.content_table)
        }
        assert {
            spec.public_id_column,
            spec.title_column,
            spec.date_column,
            spec.congress_column,
            spec.bill_column,
            *spec.columns,
        } <= columns
