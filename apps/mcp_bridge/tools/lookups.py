"""Class A: typed lookups by id — the same selectors as GET /v1/legislators/{id}, /v1/committees/{id}, ...

They read plain tables only (never FTS or vectors; tests/mcp/test_lookups.py asserts it from the SQL).
Each tool is registered only when its selector exists.
"""

from datetime import date
from typing import Annotated, Literal

from pydantic import Field

from apps.core.pagination import Page
from apps.mcp_bridge.tools.base import call, register, structured

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
            MemberVotesParams,
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
        id: LEGISLATOR_ID,
        congress: CONGRESS = None,
        chamber: Annotated[
            Literal["house", "senate"] | None, Field(None, description="house or senate.")
        ] = None,
        since: Annotated[
            date | None, Field(None, description="Votes on or after this day (YYYY-MM-DD).")
        ] = None,
        until: Annotated[
            date | None, Field(None, description="Votes on or before this day (YYYY-MM-DD).")
        ] = None,
        vote: Annotated[
            str | None, Field(None, max_length=40, description="Only this roll call: house:119:2025:77.")
        ] = None,
        bill_id: Annotated[
            str | None, Field(None, max_length=40, description="Only votes on this bill: hjres:119:24.")
        ] = None,
        position: Annotated[
            Literal["yes", "no", "present", "not_voting", "other"] | None,
            Field(None, description="Only votes where the member voted so (yes = Yea/Aye, no = Nay/No)."),
        ] = None,
        limit: LIMIT = None,
        cursor: CURSOR = None,
    ) -> Page[MemberVoteOut]:
        params = MemberVotesParams(
            congress=congress, chamber=chamber, since=since, until=until, vote=vote, bill_id=bill_id,
            position=position, limit=limit, cursor=cursor,
        )  # fmt: skip
        return structured(await call(selectors.legislator_votes, id=id, params=params))

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


def _bills(server) -> list[str]:
    try:
        from apps.bills import selectors
        from apps.bills.schemas import ActionPage, BillOut, BodyOut, CosponsorPage, PageParams
    except ImportError:
        return []

    async def get_bill(id: BILL_ID) -> BillOut:
        return structured(await call(selectors.bill_get, id=id))

    async def list_cosponsors(id: BILL_ID, limit: LIMIT = None, cursor: CURSOR = None) -> CosponsorPage:
        return structured(
            await call(selectors.bill_cosponsors, id=id, params=PageParams(limit=limit, cursor=cursor))
        )

    async def list_bill_actions(id: BILL_ID, limit: LIMIT = None, cursor: CURSOR = None) -> ActionPage:
        return structured(
            await call(selectors.bill_actions, id=id, params=PageParams(limit=limit, cursor=cursor))
        )

    async def get_bill_text(
        id: BILL_ID,
        version: Annotated[
            str | None,
            Field(
                None,
                pattern=r"^[A-Za-z]{2,4}$",
                description="Text version code: ih (introduced), rh, rs, eh (engrossed), enr (enrolled)... "
                "Omit for the latest; get_bill lists a bill's text_versions.",
            ),
        ] = None,
    ) -> BodyOut:
        return structured(await call(selectors.bill_body, id=id, version=version))

    tools = [
        (get_bill, "Get a bill", BILL_DOC),
        (list_cosponsors, "List a bill's cosponsors", COSPONSORS_DOC),
        (list_bill_actions, "List a bill's actions", ACTIONS_DOC),
        (get_bill_text, "Get a bill's text", BILL_TEXT_DOC),
    ]
    for fn, title, doc in tools:
        register(server, fn, name=fn.__name__, title=title, description=doc)
    return [fn.__name__ for fn, _, _ in tools]


BILL_ID = Annotated[
    str,
    Field(
        min_length=2,
        max_length=40,
        description="Bill id hr:119:103 (type:congress:number; types hr, s, hjres, sjres, hconres, sconres, hres, "
        "sres). 'H.R. 103-119', 'hr103-119' and '119-hr-103' work too; the congress is required.",
    ),
]

BILL_DOC = """Get one bill by id (hr:119:103): titles, sponsor, cosponsor counts (current, original, withdrawn),
status and latest action,
CRS summary, policy area and subjects, committees, recorded votes (with vote ids), related bills, the law it
became, and its text versions. No bill text here — use get_bill_text or fetch for that.

Prefer it over search whenever the question names a bill number ("H.R. 1", "S. 5 in the 119th")."""

COSPONSORS_DOC = """List a bill's cosponsors: each member (id, name, party, state), whether original, the
sponsorship date and, if withdrawn, when. Also the current, original and withdrawn counts (withdrawn excluded
from count; get_bill has the same totals without the list). Answers "who cosponsored ...?" and party splits. Paginated: {results, pagination, count, ...}."""

ACTIONS_DOC = """List a bill's actions, oldest first and de-duplicated: date, text, type, action code, chamber
and committee. Answers "what happened to this bill and when?". Paginated: {results, pagination}."""

BILL_TEXT_DOC = """Get a bill's legislative text: the latest version by default, or `version` (ih, rs, eh,
enr, ...), as readable text with its section structure, plus the version name, date and citation.

Use it to quote or check what a bill says ("does HR 103 mention child protection?"). Large: call get_bill
first if you only need metadata."""


def install(server) -> list[str]:
    return _registry(server) + _bills(server)
