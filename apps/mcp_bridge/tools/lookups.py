"""Class A: typed lookups by id — the same selectors as GET /v1/legislators/{id}, /v1/committees/{id}, ...

They read plain tables only (never FTS or vectors; tests/mcp/test_lookups.py asserts it from the SQL).
Each tool is registered only when its selector exists.
"""

from typing import Annotated

from pydantic import Field

from apps.core.pagination import Page
from apps.mcp_bridge.tools.base import call, register, structured

LEGISLATOR_ID = Annotated[
    str,
    Field(
        min_length=1,
        max_length=20,
        description="Bioguide id, e.g. S000033 (Bernie Sanders); lis:S313 for a Senate-only member. "
        "Don't know it? resolve_entity(query='<name>', entity_type='legislators').",
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
LIMIT = Annotated[int | None, Field(None, ge=1, le=250, description="Page size (default 20, max 250).")]
CURSOR = Annotated[
    str | None,
    Field(
        None, max_length=200, description="pagination.next_cursor from the previous page; omit for page 1."
    ),
]
CONGRESS = Annotated[int | None, Field(None, ge=1, le=200, description="Congress number, e.g. 119.")]


def _registry(server) -> list[str]:
    try:
        from apps.registry import selectors
        from apps.registry.schemas import (
            CommitteeMemberOut,
            CommitteeOut,
            LegislatorOut,
            MembersParams,
            MemberVoteOut,
            PageParams,
            VoteOut,
        )
    except ImportError:
        return []

    async def get_legislator(id: LEGISLATOR_ID) -> LegislatorOut:
        return structured(await call(selectors.legislator_get, id=id))

    async def get_committee(id: COMMITTEE_ID) -> CommitteeOut:
        return structured(await call(selectors.committee_get, id=id))

    async def list_committee_members(
        id: COMMITTEE_ID, congress: CONGRESS = None, limit: LIMIT = None, cursor: CURSOR = None
    ) -> Page[CommitteeMemberOut]:
        params = MembersParams(congress=congress, limit=limit, cursor=cursor)
        return structured(await call(selectors.committee_members, id=id, params=params))

    async def list_member_votes(
        id: LEGISLATOR_ID, limit: LIMIT = None, cursor: CURSOR = None
    ) -> Page[MemberVoteOut]:
        return structured(
            await call(selectors.legislator_votes, id=id, params=PageParams(limit=limit, cursor=cursor))
        )

    async def get_vote(
        id: Annotated[
            str,
            Field(
                min_length=1,
                max_length=40,
                description="house:119:2025:77, senate:119:2025:162 or h77-119.2025.",
            ),
        ],
    ) -> VoteOut:
        return structured(await call(selectors.vote_get, id=id))

    tools = [
        (get_legislator, "Get a member of Congress", LEGISLATOR_DOC),
        (get_committee, "Get a committee", COMMITTEE_DOC),
        (list_committee_members, "List a committee's members", MEMBERS_DOC),
        (list_member_votes, "List a member's roll-call votes", MEMBER_VOTES_DOC),
        (get_vote, "Get a roll-call vote", VOTE_DOC),
    ]
    for fn, title, doc in tools:
        register(server, fn, name=fn.__name__, title=title, description=doc)
    return [fn.__name__ for fn, _, _ in tools]


LEGISLATOR_DOC = """Get one member of Congress by id: name, party, state, district, chamber, every term of
service, the identifier crosswalk (bioguide, thomas, lis, govtrack, fec, opensecrets...) and committee seats.

Prefer it over search whenever you hold a bioguide id (S000033) — from resolve_entity, a bill's sponsor or a
vote position. Cheap exact lookup; no ranking. Unknown id → isError record_not_found."""

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

Use it for "how did Sen. X vote on ...?" (resolve the member with resolve_entity first). Paginated:
{results, pagination}."""

VOTE_DOC = """Get one roll-call vote by id (house:119:2025:77 — chamber:congress:year:roll number): question,
result, totals, the bill voted on, and every member's position with their legislator id.

Vote ids appear in list_member_votes results and in bill actions."""


def _bills(server) -> list[str]:
    try:
        from apps.bills import selectors  # noqa: F401  (wired once the bills selectors land)
    except ImportError:
        return []
    return []


def install(server) -> list[str]:
    return _registry(server) + _bills(server)
