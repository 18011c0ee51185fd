"""Browsable pages for legislators, committees (with rosters) and roll-call votes: the REST selectors."""

from apps.browse.views import BrowseChild, BrowseDetail, BrowseList, browse
from apps.registry import selectors
from apps.registry.schemas import (
    CommitteeListParams,
    LegislatorListParams,
    MembersParams,
    MemberVotesParams,
    VoteListParams,
)


@browse
class LegislatorList(BrowseList):
    """Members of Congress by noisy name ('Sen. Markey MA', 'AOC'), state, chamber, party, current."""

    resource, selector, params = "legislators", selectors.legislator_list, LegislatorListParams


@browse
class LegislatorDetail(BrowseDetail):
    """One member: terms, identifiers and committee seats (each seat links to its committee)."""

    resource, selector = "legislators", selectors.legislator_get


@browse
class LegislatorVotes(BrowseChild):
    """The member's roll-call votes, newest first; by Congress, chamber, dates, roll call, bill, position."""

    resource, child, selector, params = "legislators", "votes", selectors.legislator_votes, MemberVotesParams


@browse
class CommitteeList(BrowseList):
    """Committees and subcommittees by name words, chamber, current."""

    resource, selector, params = "committees", selectors.committee_list, CommitteeListParams


@browse
class CommitteeDetail(BrowseDetail):
    """One committee or subcommittee: parent, subcommittees, jurisdiction; its roster under members."""

    resource, selector = "committees", selectors.committee_get


@browse
class CommitteeMembers(BrowseChild):
    """The committee's roster by rank (default: the latest Congress with one); each member links."""

    resource, child, selector, params = "committees", "members", selectors.committee_members, MembersParams


@browse
class VoteList(BrowseList):
    """Roll-call votes by chamber, Congress and bill."""

    resource, selector, params = "votes", selectors.vote_list, VoteListParams


@browse
class VoteDetail(BrowseDetail):
    """One roll-call vote with every member's position (each links to the legislator)."""

    resource, selector = "votes", selectors.vote_get
