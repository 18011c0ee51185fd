"""resolve_entity takes a registry's short name (apps.core.source_aliases: "votes", "topics") as the search
tools take a source's: a client that read /v1/sources' aliases, or guessed the REST resource, gets the
registry, not an error."""

import pytest
from asgiref.sync import async_to_sync
from django.utils import timezone

from apps.bills.models import Topic
from apps.mcp_bridge.server import build_server


def _resolve(server, **arguments) -> dict:
    result = async_to_sync(server.call_tool)("resolve_entity", arguments)
    assert not getattr(result, "is_error", False), result
    return result.structured_content


@pytest.mark.django_db
def test_resolve_entity_takes_short_names_for_its_registries():
    for topic_id, kind, name, bills in (
        ("topic:policy-area:energy", "policy-area", "Energy", 3),
        (
            "topic:subject:energy-efficiency-and-conservation",
            "subject",
            "Energy efficiency and conservation",
            5,
        ),
        ("topic:subject:water-quality", "subject", "Water quality", 9),
    ):
        Topic.objects.create(
            topic_id=topic_id, kind=kind, name=name, bill_count=bills, retrieved_at=timezone.now()
        )
    server = build_server()
    by_slug = _resolve(server, query="energy", entity_type="topic-taxonomy")
    by_alias = _resolve(server, query="energy", entity_type="topics")
    assert by_alias == by_slug
    assert [t["id"] for t in by_alias["results"]] == [
        "topic:policy-area:energy",
        "topic:subject:energy-efficiency-and-conservation",
    ]
    assert by_alias["entity_type"] == "topic-taxonomy"
    votes = _resolve(server, query="house roll call 80 of 2025", entity_type="votes")
    assert (votes["entity_type"], votes["results"]) == ("roll-call-votes", [])
