"""The aggregate service and the declared specs.

Cases:
- every resource the brief names is declared, and each spec's paths resolve on its model;
- roll-call votes by chamber == the vote files (h*/s*) in corpus/votes; monthly voted_at buckets add up;
- committee seats by title, narrowed to one committee (HSWM has one Chair and one Ranking Member);
- legislators by party with the list's own filter (chamber=senate);
- a statement past the time limit -> aggregate_timeout (503);
- describe_fields() names every filter and declared field, with examples real in the sample corpus (the MCP
  descriptions are built from it);
- every aggregate resource is a /v1 list (committee-memberships included).
"""

from collections import Counter
from pathlib import Path

import pytest
from django.conf import settings

from apps.core.aggregate_query import aggregate
from apps.core.aggregates import AggregateParams, AggregateTimeout, all_aggregates, describe_fields
from apps.registry.models import CommitteeMembership
from apps.registry.schemas import LegislatorListParams, MembershipListParams, VoteListParams
from tests.corpus import corpus_yaml

pytestmark = pytest.mark.django_db
EXPECTED = {
    "bills", "votes", "lda-filings", "federal-register", "crs-reports", "gao-reports", "legislators",
    "committee-memberships", "saps", "regulatory-documents", "public-laws",
}  # fmt: skip


def test_declared_resources_and_paths_resolve():
    specs = {s.resource: s for s in all_aggregates()}
    assert EXPECTED <= set(specs)
    for spec in specs.values():
        qs = spec.queryset(params=spec.params_model())
        for path in [*spec.group_fields.values(), *spec.sum_fields.values(), *spec.time_fields.values()]:
            qs.values(path).query.get_compiler("default").as_sql()  # raises FieldError on a bad path


def test_votes_by_chamber_match_the_vote_files():
    files = Counter(
        "house" if p.name.startswith("h") else "senate"
        for p in Path(settings.CORPUS_DIR, "votes").rglob("*.json")
    )
    out = aggregate(resource="votes", params=VoteListParams(), agg=AggregateParams(group_by="chamber"))
    assert {g.key: g.count for g in out.groups} == dict(files)
    monthly = aggregate(
        resource="votes",
        params=VoteListParams(chamber="senate"),
        agg=AggregateParams(bucket_by_time="voted_at"),
    )
    assert sum(g.count for g in monthly.groups) == files["senate"] == monthly.total.count
    assert all(g.period.day == 1 for g in monthly.groups if g.period)


def test_committee_seats_by_title_for_one_committee():
    out = aggregate(
        resource="committee-memberships",
        params=MembershipListParams(committee="hswm", congress=119),
        agg=AggregateParams(group_by="title"),
    )
    titles = {g.key: g.count for g in out.groups}
    assert titles["Chair"] == 1 and titles["Ranking Member"] == 1
    assert out.total.count == sum(titles.values())


def test_legislators_by_party_use_the_list_filters():
    people = corpus_yaml("congress-legislators/legislators-current.yaml")
    # "current" is the file's roster: appointed senators whose term ends at a past special election stay
    last = [p["terms"][-1] for p in people]
    parties = Counter(t["party"] for t in last if t["type"] == "sen")
    senate = aggregate(
        resource="legislators", params=LegislatorListParams(chamber="senate", current=True),
        agg=AggregateParams(group_by="party"),
    )  # fmt: skip
    assert senate.filters == {"chamber": "senate", "current": True, "include_stubs": False}
    assert {g.key: g.count for g in senate.groups} == dict(parties)
    assert senate.total.count == sum(parties.values()) == 100
    caucuses = Counter(t.get("caucus") or t["party"] for t in last if t["type"] == "sen")
    by_caucus = aggregate(
        resource="legislators", params=LegislatorListParams(chamber="senate", current=True),
        agg=AggregateParams(group_by="caucus"),
    )  # fmt: skip
    assert {g.key: g.count for g in by_caucus.groups} == dict(caucuses)
    assert "Independent" not in caucuses  # Sanders and King caucus with the Democrats


def test_past_the_time_limit_is_aggregate_timeout(monkeypatch, settings):
    import apps.core.db.timelimit as timelimit  # the one progress-handler time limit reads this clock

    settings.JOSH = {**settings.JOSH, "AGGREGATE_TIME_LIMIT_MS": 10}
    ticks = iter(range(0, 10**9, 1000))  # each clock read is one second later: the first check is late

    class Clock:
        @staticmethod
        def perf_counter():
            return next(ticks)

    monkeypatch.setattr(timelimit, "time", Clock)
    with pytest.raises(AggregateTimeout) as caught:
        aggregate(
            resource="committee-memberships",
            params=MembershipListParams(),
            agg=AggregateParams(group_by="party"),
        )
    assert caught.value.code == "aggregate_timeout" and caught.value.status == 503
    assert caught.value.hint == {
        "time_limit_ms": 10,
        "suggest_narrowing": ["chamber", "committee", "congress", "member", "group_by", "time_interval"],
    }


def test_describe_fields_names_every_filter_and_field_with_examples():
    text = describe_fields("group_by")
    for spec in all_aggregates():
        assert f"- {spec.resource} — " in text
        assert all(name in text for name in spec.group_fields)
        assert all(f'"{name}": ' in text for name in spec.filter_names())
    assert '"congress": 119, "chamber": "senate"' not in text  # filters keep the params model's order
    votes = '{"q": "<text>", "chamber": "senate", "congress": 119, "bill_id": "hjres:119:24", "since": "2025-01-01", '
    assert votes + '"until": "2025-01-01", "category": "nomination"}' in text
    assert 'party (e.g. "Democrat")' in text and '"current": "<true|false>"' in text
    assert describe_fields("sum_field").splitlines() == [
        "- bills: sum_field cosponsor_count",
        "- lda-filings: sum_field expenses, income",
        "- regulatory-documents: sum_field comment_count",
    ]


def test_every_example_is_a_real_value_of_the_sample_corpus():
    """Each group_by example is a group the aggregate really returns, and each filter example narrows to
    at least one record (resources whose source the package loads)."""
    checked = set()
    for spec in all_aggregates():
        if not spec.queryset(params=spec.params_model()).exists():
            continue
        checked.add(spec.resource)
        for name in spec.group_fields:
            if name not in spec.examples:
                continue
            out = aggregate(
                resource=spec.resource, params=spec.params_model(), agg=AggregateParams(group_by=name)
            )
            assert spec.examples[name] in {g.key for g in out.groups}, (spec.resource, name)
        for name in spec.filter_names():
            if name in spec.examples:
                params = spec.params_model(**{name: spec.examples[name]})
                assert spec.queryset(params=params).exists(), (spec.resource, name)
    assert checked >= {"bills", "votes", "legislators", "committee-memberships", "lda-filings", "saps"}


def test_every_aggregate_resource_is_a_v1_list_route(client):
    for spec in all_aggregates():
        response = client.get(f"/v1/{spec.resource}?limit=1")
        assert response.status_code == 200, spec.resource
        assert set(response.json()) >= {"results", "pagination"}


def test_committee_memberships_list_and_aggregate_on_v1(client):
    page = client.get("/v1/committee-memberships?committee=hswm&congress=119&limit=2").json()
    roster = client.get("/v1/committees/HSWM/members?congress=119&limit=2").json()
    assert page["pagination"]["total"] == roster["pagination"]["total"]
    assert page["results"] == roster["results"]  # the same rows, same order, same shape as the roster
    sanders = client.get("/v1/committee-memberships?member=S000033&limit=250").json()
    assert {r["member"]["id"] for r in sanders["results"]} == {"S000033"}
    assert (
        sanders["pagination"]["total"]
        == CommitteeMembership.objects.filter(legislator__bioguide_id="S000033").count()
        > 0
    )
    titles = client.get("/v1/committee-memberships?committee=HSWM&congress=119&group_by=title").json()
    assert {g["key"]: g["count"] for g in titles["groups"]}["Chair"] == 1


def test_json_list_topics_count_each_product_once_per_topic():
    from apps.documents.models import CrsReport
    from apps.documents.schemas import CrsReportListParams

    expected = Counter()
    for topics in CrsReport.objects.values_list("topics", flat=True):
        expected.update(set(topics) or {None})
    out = aggregate(
        resource="crs-reports", params=CrsReportListParams(), agg=AggregateParams(group_by="topic")
    )
    assert {g.key: g.count for g in out.groups} == dict(expected)
    assert out.total.count == CrsReport.objects.count()
