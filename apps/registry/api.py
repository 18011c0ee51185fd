"""REST v1 for the registry: legislators, committees, rosters and roll-call votes (parse -> call -> return)."""

from ninja import Query, Router

from apps.core.aggregate_query import aggregate_or_list
from apps.core.aggregates import AggregateParams, AggregateResult
from apps.core.pagination import Page
from apps.registry import selectors
from apps.registry.schemas import (
    CommitteeHit,
    CommitteeListParams,
    CommitteeMemberOut,
    CommitteeOut,
    LegislatorHit,
    LegislatorListParams,
    LegislatorOut,
    MembershipListParams,
    MembersParams,
    MemberVoteOut,
    MemberVotesParams,
    VoteListParams,
    VoteOut,
    VoteSummary,
)

router = Router(tags=["registry"])


@router.get(
    "/legislators",
    response=Page[LegislatorHit] | AggregateResult,
    summary="Find members by noisy name and filters",
)
def list_legislators(request, params: Query[LegislatorListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("legislators", params, agg, selectors.legislator_list)


@router.get("/legislators/{id}", response=LegislatorOut, summary="One member: terms, ids, committees")
def get_legislator(request, id: str):
    return selectors.legislator_get(id=id)


@router.get("/legislators/{id}/votes", response=Page[MemberVoteOut], summary="A member's roll-call votes")
def legislator_votes(request, id: str, params: Query[MemberVotesParams]):
    return selectors.legislator_votes(id=id, params=params)


@router.get("/committees", response=Page[CommitteeHit], summary="Find committees and subcommittees")
def list_committees(request, params: Query[CommitteeListParams]):
    return selectors.committee_list(params=params)


@router.get("/committees/{id}", response=CommitteeOut, summary="One committee or subcommittee")
def get_committee(request, id: str):
    return selectors.committee_get(id=id)


@router.get(
    "/committees/{id}/members", response=Page[CommitteeMemberOut], summary="A committee's roster by rank"
)
def committee_members(request, id: str, params: Query[MembersParams]):
    return selectors.committee_members(id=id, params=params)


@router.get(
    "/committee-memberships",
    response=Page[CommitteeMemberOut] | AggregateResult,
    summary="Committee seats by Congress, committee, chamber, member",
)
def list_committee_memberships(request, params: Query[MembershipListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("committee-memberships", params, agg, selectors.membership_list)


@router.get(
    "/votes",
    response=Page[VoteSummary] | AggregateResult,
    summary="Roll-call votes by chamber, Congress, bill",
)
def list_votes(request, params: Query[VoteListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("votes", params, agg, selectors.vote_list)


@router.get("/votes/{id}", response=VoteOut, summary="One roll-call vote with every position")
def get_vote(request, id: str):
    return selectors.vote_get(id=id)
