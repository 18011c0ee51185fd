"""What legislators, roll-call votes and committee memberships may be counted and bucketed by
(see apps.core.aggregates). The list filters are the list selectors' own (``legislator_queryset``, ``vote_queryset``)."""

from pydantic import BaseModel, Field

from apps.core.aggregates import AggregateSpec, register_aggregate
from apps.registry.models import CommitteeMembership
from apps.registry.schemas import LegislatorListParams, VoteListParams
from apps.registry.selectors.legislators import legislator_queryset
from apps.registry.selectors.votes import vote_queryset


class MembershipAggregateParams(BaseModel):
    congress: int | None = Field(None, ge=1, le=200, description="Congress, e.g. 119.")
    committee: str | None = Field(None, max_length=12, description="Committee thomas id, e.g. HSWM.")
    chamber: str | None = Field(None, max_length=8, description="house, senate or joint.")


def membership_queryset(*, params: MembershipAggregateParams):
    qs = CommitteeMembership.objects.all()
    if params.congress:
        qs = qs.filter(congress=params.congress)
    if params.committee:
        qs = qs.filter(committee__thomas_id=params.committee.upper())
    if params.chamber:
        qs = qs.filter(committee__chamber=params.chamber.lower())
    return qs


register_aggregate(
    AggregateSpec(
        resource="legislators",
        queryset=legislator_queryset,
        params_model=LegislatorListParams,
        group_fields={
            "party": "party",
            "state": "state",
            "chamber": "chamber",
            "gender": "gender",
            "is_current": "is_current",
        },
        unsupported_params=("q",),
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
        description="House and Senate roll-call votes.",
    )
)

register_aggregate(
    AggregateSpec(
        resource="committee-memberships",
        queryset=membership_queryset,
        params_model=MembershipAggregateParams,
        group_fields={
            "committee": "committee__thomas_id",
            "congress": "congress",
            "party_side": "party_side",
            "title": "title",
            "party": "legislator__party",
            "state": "legislator__state",
        },
        description="Committee and subcommittee seats (no REST list; the MCP tools count them).",
    )
)
