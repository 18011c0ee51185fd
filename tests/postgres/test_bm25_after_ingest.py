"""An ingest run indexes its writes for BM25 on PostgreSQL before it is marked done (apps.search.pgbm25's
finish hook, which apps.core's runner calls through ``ingest.on_finish``): the first search after a large
ingest finds no queue and indexes nothing. A write outside an ingest (a curator's correction) is queued and
indexed by the next search of its source, as before."""

import pytest
from django.conf import settings
from django.db import connection

from apps.core.models import IngestRun
from apps.core.plans import get_plan
from apps.core.services.ingest import run_ingest
from apps.search import pgbm25
from apps.search.selectors import search

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql",
        reason="PostgreSQL's BM25 term tables: run with make test-postgres",
    ),
]

SLUG = "statements-of-administration-policy"


def _one(sql: str, params: list) -> int:
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchone()[0]


def _queued(fts: str) -> int:
    return _one("SELECT count(*) FROM search_bm25_pending WHERE fts_table = %s", [fts])


def _indexed(fts: str) -> int:
    return _one("SELECT count(*) FROM search_bm25_docs WHERE fts_table = %s", [fts])


@pytest.fixture
def syncs(monkeypatch):
    """The records each call of the real ``pgbm25.sync`` indexed (the search's own upkeep, counted)."""
    calls: list[int] = []
    real = pgbm25.sync

    def counted(spec):
        calls.append(real(spec))
        return calls[-1]

    monkeypatch.setattr(pgbm25, "sync", counted)
    return calls


def test_an_ingest_leaves_no_queue_and_the_next_search_indexes_nothing(syncs):
    spec = get_plan(SLUG).search
    result = run_ingest(slug=SLUG)
    assert result.status == IngestRun.Status.SUCCESS and result.inserted > 0
    records = _one(f'SELECT count(*) FROM "{spec.content_table}"', [])
    assert records == result.inserted
    assert _queued(spec.fts_table) == 0
    assert _indexed(spec.fts_table) == records  # every record's terms are in, before the run was marked done
    indexed_during_ingest = list(syncs)
    assert sum(indexed_during_ingest) == records

    page = search(q="administration", mode="lexical", source=SLUG, limit=5)
    assert page.total > 0 and {h.source for h in page.results} == {SLUG}
    assert syncs == indexed_during_ingest  # the search found no queue: it indexed nothing
    assert _queued(spec.fts_table) == 0


def test_a_write_outside_an_ingest_is_indexed_by_the_next_search(syncs):
    spec = get_plan(SLUG).search
    run_ingest(slug=SLUG)
    column = spec.columns[0]
    with connection.cursor() as cursor:
        # A correction made outside any ingest: the row trigger queues the record.
        cursor.execute(
            f'UPDATE "{spec.content_table}" SET "{column}" = "{column}" || %s '
            f'WHERE id = (SELECT min(id) FROM "{spec.content_table}")',
            [" zyzzogeton"],
        )
    assert _queued(spec.fts_table) == 1
    before = len(syncs)

    page = search(q="zyzzogeton", mode="lexical", source=SLUG, limit=5)
    assert page.total == 1
    assert syncs[before:] == [1]  # the search indexed the one queued record, and only it
    assert _queued(spec.fts_table) == 0
