"""The registry's resources: legislators, committees (with rosters), committee seats and roll-call votes.

Each is declared once here; its REST routes, browse pages, MCP lookups, ``fetch`` routing, name resolution
and aggregate spec are derived from the declaration (apps.core.resources). The list filters of an aggregate
are the list selectors' own (``legislator_queryset``, ``vote_queryset``, ``membership_queryset``).
"""

from datetime import date
from typing import Annotated, Literal

from pydantic import Field

from apps.core.aggregates import AggregateSpec
from apps.core.pagination import Page
from apps.core.resources import CONGRESS, CURSOR, LIMIT, Child, Resource, Tool, register_resource
from apps.registry import selectors
from apps.registry.ids import COMMITTEE, LEGISLATOR, VOTE
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
from apps.registry.selectors.committees import membership_queryset
from apps.registry.selectors.legislators import legislator_queryset
from apps.registry.selectors.votes import vote_queryset

LEGISLATOR_ID = Annotated[
    str,
    Field(
        min_length=1,
        max_length=40,
        description="Any id of the member crosswalk: bioguide S000033 (Bernie Sanders), Senate LIS S313 or "
        "lis:S313, or <scheme>:<value> for govtrack, fec, thomas, icpsr, opensecrets, votesmart, cspan, "
        "wikidata... (govtrack:400357). Don't know it? resolve_entity(query='<name>', entity_type='legislators').",
    ),
]
COMMITTEE_ID = Annotated[
    str,
    Field(
        min_length=2,
        max_length=12,
        description="Thomas id: HSWM (House Ways and Means), SSFI, or HSWM01 for a subcommittee. "
        "Don't know it? resolve_entity(query='<name>', entity_type='committees').",
    ),
]
VOTE_ID = Annotated[
    str,
    Field(min_length=1, max_length=40, description="house:119:2025:77, senate:119:2025:162 or h77-119.2025."),
]

LEGISLATOR_DOC = """Get one member of Congress by id: name, party, caucus (independents: the party they caucus
with), state, district, chamber, whether on the current roster, every term of service, the identifier
crosswalk (bioguide, thomas, lis, govtrack, fec, opensecrets...), committee seats and official social-media
accounts. Contact details: yes — each term carries its office address, phone, website url and contact form
(the latest term is the current one); no personal email or home address.

Prefer it over search whenever you hold any member id (S000033, a Senate LIS id like S429, govtrack:400357)
— from resolve_entity, a bill's sponsor or a vote position. Cheap exact lookup; no ranking. Unknown id →
isError record_not_found."""

COMMITTEE_DOC = """Get one congressional committee or subcommittee by thomas id (HSWM, SSFI, HSWM01): name,
chamber, parent, subcommittees, jurisdiction, contact details and active Congresses.

Use resolve_entity(entity_type='committees') first if you only have a name ("Ways and Means").
For who sits on it, call list_committee_members."""

MEMBERS_DOC = """List a committee's roster for one Congress (default: the latest with a roster), majority side
first, each side by seniority rank, with each member's title (Chair, Ranking Member, ...) and a member summary.

Answers "who chairs HSWM?", "who is on the Senate Finance Committee?". Paginated: {results, pagination}
(pass pagination.next_cursor as cursor for the next page)."""

MEMBER_VOTES_DOC = """List one member's roll-call votes, newest first: each vote's id, question, result,
bill voted on, totals, and how this member voted (position + normalized yes/no/present/not_voting).

Use it for "how did Sen. X vote on ...?" (resolve the member with resolve_entity first). Narrow in one call:
`vote` (one roll call), `bill_id`, `congress`, `chamber`, `since`/`until` (dates), `position` (e.g. every
"no" vote); pagination.total is the count. Paginated: {results, pagination}."""

VOTE_DOC = """Get one roll-call vote by id (house:119:2025:77 — chamber:congress:year:roll number): question,
result, totals, the tally by party (party_totals: {"D": {"yes": .., "no": ..}, "R": ...}), the bill voted on,
and every member's position with their legislator id.

Vote ids appear in list_member_votes results and in bill actions."""

MEMBER_VOTES_ARGUMENTS = {
    "congress": CONGRESS,
    "chamber": Annotated[Literal["house", "senate"] | None, Field(None, description="house or senate.")],
    "since": Annotated[date | None, Field(None, description="Votes on or after this day (YYYY-MM-DD).")],
    "until": Annotated[date | None, Field(None, description="Votes on or before this day (YYYY-MM-DD).")],
    "vote": Annotated[
        str | None, Field(None, max_length=40, description="Only this roll call: house:119:2025:77.")
    ],
    "bill_id": Annotated[
        str | None, Field(None, max_length=40, description="Only votes on this bill: hjres:119:24.")
    ],
    "position": Annotated[
        Literal["yes", "no", "present", "not_voting", "other"] | None,
        Field(None, description="Only votes where the member voted so (yes = Yea/Aye, no = Nay/No)."),
    ],
    "limit": LIMIT,
    "cursor": CURSOR,
}

register_resource(
    Resource(
        name="legislators",
        app=__package__,
        singular="legislator",
        id_kind=LEGISLATOR,
        resolve_source="legislators",
        list=selectors.legislator_list,
        hit=LegislatorHit,
        params=LegislatorListParams,
        list_summary="Find members by noisy name and filters",
        list_doc="Members of Congress by noisy name ('Sen. Markey MA', 'AOC'), state, chamber, party, current.",
        aggregate=AggregateSpec(
            queryset=legislator_queryset,
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
        ),
        get=selectors.legislator_get,
        out=LegislatorOut,
        get_summary="One member: terms, ids, committees",
        get_doc="One member: terms, identifiers and committee seats (each seat links to its committee).",
        id_argument=LEGISLATOR_ID,
        get_tool=Tool(name="get_legislator", title="Get a member of Congress", description=LEGISLATOR_DOC),
        children=(
            Child(
                path="votes",
                operation="legislator_votes",
                selector=selectors.legislator_votes,
                params=MemberVotesParams,
                response=Page[MemberVoteOut],
                summary="A member's roll-call votes",
                browse_doc="The member's roll-call votes, newest first; by Congress, chamber, dates, roll "
                "call, bill, position.",
                tool=Tool(
                    name="list_member_votes",
                    title="List a member's roll-call votes",
                    description=MEMBER_VOTES_DOC,
                    arguments=MEMBER_VOTES_ARGUMENTS,
                ),
            ),
        ),
    )
)

register_resource(
    Resource(
        name="committees",
        app=__package__,
        singular="committee",
        id_kind=COMMITTEE,
        resolve_source="committees",
        list=selectors.committee_list,
        hit=CommitteeHit,
        params=CommitteeListParams,
        list_summary="Find committees and subcommittees",
        list_doc="Committees and subcommittees by name words, chamber, current.",
        get=selectors.committee_get,
        out=CommitteeOut,
        get_summary="One committee or subcommittee",
        get_doc="One committee or subcommittee: parent, subcommittees, jurisdiction; its roster under members.",
        id_argument=COMMITTEE_ID,
        get_tool=Tool(name="get_committee", title="Get a committee", description=COMMITTEE_DOC),
        children=(
            Child(
                path="members",
                operation="committee_members",
                selector=selectors.committee_members,
                params=MembersParams,
                response=Page[CommitteeMemberOut],
                summary="A committee's roster by rank",
                browse_doc="The committee's roster by rank (default: the latest Congress with one); each "
                "member links.",
                tool=Tool(
                    name="list_committee_members",
                    title="List a committee's members",
                    description=MEMBERS_DOC,
                    arguments={"congress": CONGRESS, "limit": LIMIT, "cursor": CURSOR},
                ),
            ),
        ),
    )
)

register_resource(
    Resource(
        name="committee-memberships",
        app=__package__,
        singular="committee_membership",
        list=selectors.membership_list,
        hit=CommitteeMemberOut,
        params=MembershipListParams,
        list_summary="Committee seats by Congress, committee, chamber, member",
        aggregate=AggregateSpec(
            queryset=membership_queryset,
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
        ),
    )
)

register_resource(
    Resource(
        name="votes",
        app=__package__,
        singular="vote",
        id_kind=VOTE,
        list=selectors.vote_list,
        hit=VoteSummary,
        params=VoteListParams,
        resolve_source="roll-call-votes",
        list_summary="Roll-call votes by chamber, Congress, bill, date, category",
        list_doc="Roll-call votes by chamber, Congress, bill, date range and category (nomination, cloture...).",
        aggregate=AggregateSpec(
            queryset=vote_queryset,
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
                "category": "nomination",
                "result": "Passed",
                "requires": "3/5",
            },
            description="House and Senate roll-call votes.",
        ),
        get=selectors.vote_get,
        out=VoteOut,
        get_summary="One roll-call vote with every position",
        get_doc="One roll-call vote with every member's position (each links to the legislator).",
        id_argument=VOTE_ID,
        get_tool=Tool(name="get_vote", title="Get a roll-call vote", description=VOTE_DOC),
    )
)
