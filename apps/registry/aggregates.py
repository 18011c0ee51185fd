"""What legislators, roll-call votes and committee memberships may be counted and bucketed by
(see apps.core.aggregates). The list filters are the list selectors' own (``legislator_queryset``,
``vote_queryset``, ``membership_queryset``)."""

from apps.core.aggregates import AggregateSpec, register_aggregate
from apps.registry.schemas import LegislatorListParams, MembershipListParams, VoteListParams
from apps.registry.selectors.committees import membership_queryset
from apps.registry.selectors.legislators import legislator_queryset
from apps.registry.selectors.votes import vote_queryset

register_aggregate(
    AggregateSpec(
        resource="legislators",
        queryset=legislator_queryset,
        params_model=LegislatorListParams,
        group_fields={
            "party": "party",
            "caucus": "caucus",
            "state": "state",
            "chamber": "chamber",
            "gender": "gender",
            "is_current": "is_current",
        },
        unsupported_params=("q",),
        examples={
            "party": "Democrat",
            "caucus": "Democrat",
            "state": "CA",
            "chamber": "senate",
            "gender": "F",
            "is_current": True,
        },
        description="Members of Congress (party, state and chamber of their latest term).",
    )
)

register_aggregate(
    AggregateSpec(
        resource="votes",
        queryset=vote_queryset,
        params_model=VoteListParams,
        group_fields={
            "chamber": "chamber",
            "congress": "congress",
            "session_year": "session_year",
            "category": "category",
            "result": "result",
            "requires": "requires",
        },
        time_fields={"voted_at": "voted_at"},
        examples={
            "congress": 119,
            "chamber": "senate",
            "bill_id": "hjres:119:24",
            "session_year": 2025,
            "category": "passage",
            "result": "Passed",
            "requires": "3/5",
        },
        description="House and Senate roll-call votes.",
    )
)

register_aggregate(
    AggregateSpec(
        resource="committee-memberships",
        queryset=membership_queryset,
        params_model=MembershipListParams,
        group_fields={
            "committee": "committee__thomas_id",
            "congress": "congress",
            "party_side": "party_side",
            "title": "title",
            "party": "legislator__party",
            "state": "legislator__state",
        },
        examples={
            "congress": 119,
            "committee": "HSWM",
            "chamber": "house",
            "member": "S000033",
            "party_side": "majority",
            "title": "Ranking Member",
            "party": "Republican",
            "state": "CA",
        },
        description="Committee and subcommittee seats (/v1/committee-memberships).",
    )
)
