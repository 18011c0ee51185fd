"""The curator admin: every registry model browsable and searchable, read-only; ingest runs filterable;
the counts-per-source page lists every plan with its record count and last run."""

import pytest
from django.urls import reverse

from apps.core.models import IngestRun
from apps.registry.models import Committee, Legislator, RollCallVote

pytestmark = pytest.mark.django_db

MODELS = [
    "legislator",
    "legislatoridentifier",
    "legislatorsocial",
    "term",
    "committee",
    "committeemembership",
    "rollcallvote",
    "voteposition",
]


@pytest.mark.parametrize("model", MODELS)
def test_every_registry_changelist_renders_and_searches_in_bounded_queries(
    admin_client, model, django_assert_max_num_queries
):
    url = reverse(f"admin:registry_{model}_changelist")
    with django_assert_max_num_queries(12):
        response = admin_client.get(url, {"q": "Smith"})
    assert response.status_code == 200
    assert admin_client.get(url).status_code == 200


@pytest.mark.parametrize("model", MODELS)
def test_registry_records_are_read_only(admin_client, model):
    assert admin_client.get(reverse(f"admin:registry_{model}_add")).status_code == 403


def test_legislator_page_shows_terms_identifiers_and_seats(admin_client):
    smith = Legislator.objects.get(bioguide_id="S001195")
    page = admin_client.get(reverse("admin:registry_legislator_change", args=[smith.pk])).content.decode()
    assert "Jason Smith" in page and "S001195" in page
    assert "House Committee on Ways and Means (HSWM)" in page  # a seat, read-only inline
    assert "govtrack" in page
    assert 'name="_save"' not in page


def test_committee_and_vote_pages_show_their_inlines(admin_client):
    wm = Committee.objects.get(thomas_id="HSWM")
    page = admin_client.get(reverse("admin:registry_committee_change", args=[wm.pk])).content.decode()
    assert "Social Security" in page and "Jason Smith" in page
    vote = RollCallVote.objects.get(vote_id="senate:119:2025:162")
    page = admin_client.get(reverse("admin:registry_rollcallvote_change", args=[vote.pk])).content.decode()
    assert "Baldwin (D-WI)" in page and "hjres:119:24" in page


def test_ingest_runs_are_read_only_and_filterable(admin_client):
    url = reverse("admin:core_ingestrun_changelist")
    response = admin_client.get(url, {"source": "roll-call-votes", "status": "success", "dry_run": "0"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "roll-call-votes" in page and "267" in page
    assert "Counts per source" in page
    run = IngestRun.objects.get(source="legislators")
    assert admin_client.get(reverse("admin:core_ingestrun_change", args=[run.pk])).status_code == 200
    assert admin_client.post(reverse("admin:core_ingestrun_delete", args=[run.pk])).status_code == 403
    assert admin_client.get(reverse("admin:core_ingestrun_add")).status_code == 403


def test_counts_per_source_lists_every_plan_with_count_and_last_run(admin_client):
    response = admin_client.get(reverse("admin:core_ingestrun_sources"))
    assert response.status_code == 200
    rows = {row["slug"]: row for row in response.context["rows"]}
    assert rows["legislators"]["count"] == Legislator.objects.count() == 708
    assert rows["committees"]["count"] == 559
    assert rows["legislators-social-media"]["count"] == 519
    assert rows["committee-memberships"]["count"] == 3879
    assert rows["roll-call-votes"]["count"] == 267
    assert rows["roll-call-votes"]["last"].status == "success"
    page = response.content.decode()
    assert "<code>committee-memberships</code>" in page
    assert reverse("admin:registry_rollcallvote_changelist") in page
