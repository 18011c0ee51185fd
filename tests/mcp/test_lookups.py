"""Class A lookups read plain tables only: no FTS5 MATCH, no *_fts / *_chunks / vec0 table (from the SQL)."""

import re

import pytest
from asgiref.sync import async_to_sync
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.mcp_bridge.server import build_server
from tests.corpus import ingested

SEARCH_SQL = re.compile(r"_fts\b|_chunks|vec0|\bMATCH\b|vec_distance|bm25\(", re.IGNORECASE)

CLASS_A = [
    ("get_legislator", {"id": "S000033"}),
    ("get_committee", {"id": "HSWM"}),
    ("list_committee_members", {"id": "HSWM"}),
    ("list_member_votes", {"id": "M000133"}),
    ("get_vote", {"id": "senate:119:2025:162"}),
]
BILL_TOOLS = [
    ("get_bill", {"id": "hjres:119:24"}),
    ("list_cosponsors", {"id": "hjres:119:24"}),
    ("list_bill_actions", {"id": "hjres:119:24"}),
    ("get_bill_text", {"id": "s:118:1325"}),
]


SOURCES = ["legislators", "committees", "committee-memberships", "roll-call-votes", "bills", "bill-text"]


@pytest.fixture(scope="module")
def corpus_sample(django_db_setup, django_db_blocker):
    """The samples the lookups read, ingested once (or restored from the test cache: tests/sample_snapshot.py)."""
    with ingested(django_db_blocker, SOURCES) as results:
        yield results


@pytest.mark.django_db
def test_class_a_lookups_never_touch_fts_or_vectors():
    server = build_server()
    registered = {t.name for t in async_to_sync(server.list_tools)()}
    cases = [c for c in CLASS_A + BILL_TOOLS if c[0] in registered]
    assert len(cases) == len(CLASS_A) + len(BILL_TOOLS)
    for name, arguments in cases:
        # async_to_sync runs the tool's sync_to_async(thread_sensitive) call back on this thread and connection.
        with CaptureQueriesContext(connection) as captured:
            result = async_to_sync(server.call_tool)(name, arguments)
        assert not getattr(result, "is_error", False), (name, result)
        sql = [q["sql"] for q in captured.captured_queries]
        assert sql, name
        assert [s for s in sql if SEARCH_SQL.search(s)] == [], name
