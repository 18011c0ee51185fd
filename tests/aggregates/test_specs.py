"""The aggregate service and the declared specs.

Cases:
- every resource the brief names is declared, and each spec's paths resolve on its model;
- roll-call votes by chamber == the vote files (h*/s*) in corpus/votes; monthly voted_at buckets add up;
- committee seats by title, narrowed to one committee (HSWM has one Chair and one Ranking Member);
- legislators by party with the list's own filter (chamber=senate);
- a statement past the time limit -> aggregate_timeout (503);
- describe_fields() names every declared field (the MCP descriptions are built from it).
"""

from collections import Counter
from datetime import date
from pathlib import Path

import pytest
import yaml
from django.conf import settings

from apps.core.aggregate_query import aggregate
from apps.core.aggregates import AggregateParams, AggregateTimeout, all_aggregates, describe_fields
from apps.registry.aggregates import MembershipAggregateParams
from apps.registry.schemas import LegislatorListParams, VoteListParams

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
        params=MembershipAggregateParams(committee="hswm", congress=119),
        agg=AggregateParams(group_by="title"),
    )
    titles = {g.key: g.count for g in out.groups}
    assert titles["Chair"] == 1 and titles["Ranking Member"] == 1
    assert out.total.count == sum(titles.values())


def test_legislators_by_party_use_the_list_filters():
    people = yaml.safe_load(
        Path(settings.CORPUS_DIR, "congress-legislators/legislators-current.yaml").read_text()
    )
    today = date.today().isoformat()  # appointed senators' terms can end before the next Congress
    last = [p["terms"][-1] for p in people]
    parties = Counter(t["party"] for t in last if t["type"] == "sen" and str(t["end"]) >= today)
    senate = aggregate(
        resource="legislators", params=LegislatorListParams(chamber="senate", current=True),
        agg=AggregateParams(group_by="party"),
    )  # fmt: skip
    assert senate.filters == {"chamber": "senate", "current": True}
    assert {g.key: g.count for g in senate.groups} == dict(parties)
    assert senate.total.count == sum(parties.values())


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
            params=MembershipAggregateParams(),
            agg=AggregateParams(group_by="party"),
        )
    assert caught.value.code == "aggregate_timeout" and caught.value.status == 503
    assert caught.value.hint == {"time_limit_ms": 10}


def test_describe_fields_names_every_declared_field():
    text = describe_fields()
    for spec in all_aggregates():
        assert f"- {spec.resource}: group_by: " in text
        assert all(name in text for name in spec.group_fields)


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
