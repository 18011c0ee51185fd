"""Output and parameter schemas shared by REST, the browsable API and MCP."""

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.core.vocabulary import Cursor, Limit, PageParams

ChamberName = Literal["house", "senate", "joint"]


class LegislatorSummary(BaseModel):
    id: str = Field(description="Public id: bioguide (S000033), or lis:S313 for a Senate-only stub.")
    bioguide_id: str | None
    lis_id: str | None
    name: str = Field(description="Official full name (or the name a mentioning source gave a stub).")
    party: str
    caucus: str = Field(
        description="Party caucused with (latest term): an independent's caucus, e.g. Democrat for Sanders; "
        "else the party; '' for stubs."
    )
    state: str
    district: int | None
    chamber: str
    is_current: bool = Field(description="Listed on the source's current roster (legislators-current).")
    is_stub: bool = Field(
        description="Known only from a vote or bill mention, not from the legislators file."
    )


class LegislatorHit(LegislatorSummary):
    score: float | None = Field(
        description="Name-match score (higher = better); null when no q was given or q was a member's id."
    )
    citation: Citation


class TermOut(BaseModel):
    type: str = Field(description="rep or sen")
    start: date
    end: date | None
    state: str
    district: int | None
    senate_class: int | None
    state_rank: str
    party: str
    caucus: str
    url: str
    phone: str
    office: str
    contact_form: str


class IdentifierOut(BaseModel):
    scheme: str = Field(description="bioguide, thomas, lis, govtrack, icpsr, fec, opensecrets, ...")
    value: str


class CommitteeSeat(BaseModel):
    committee_id: str
    committee_name: str
    congress: int
    party_side: str
    rank: int | None
    title: str


class LegislatorOut(LegislatorSummary):
    first_name: str
    middle_name: str
    last_name: str
    suffix: str
    nickname: str
    birthday: date | None
    gender: str
    identifiers: list[IdentifierOut]
    terms: list[TermOut]
    committees: list[CommitteeSeat]
    social: dict[str, str] = Field(
        description="Official social-media accounts: twitter, facebook, youtube, ..."
    )
    citation: Citation


class CommitteeSummary(BaseModel):
    id: str = Field(description="Full thomas id: HSWM, or HSWM01 for a subcommittee.")
    name: str
    chamber: str
    is_current: bool
    parent_id: str | None


class CommitteeHit(CommitteeSummary):
    score: float | None = Field(description="Name-match score (higher = better); null when no q was given.")
    citation: Citation


class CommitteeOut(CommitteeSummary):
    parent: CommitteeSummary | None
    subcommittees: list[CommitteeSummary]
    house_committee_id: str
    senate_committee_id: str
    url: str
    minority_url: str
    jurisdiction: str
    address: str
    phone: str
    congresses: list[int]
    citation: Citation


class CommitteeMemberOut(BaseModel):
    member: LegislatorSummary
    committee_id: str
    congress: int
    party_side: str = Field(description="majority or minority")
    rank: int | None = Field(description="Seniority rank within the party side (1 = most senior).")
    title: str = Field(description="Chair, Ranking Member, Vice Chair, Ex Officio... ('' for none).")
    role: str = Field(description="The title, or 'Member'.")
    name_as_listed: str
    citation: Citation


class VoteSummary(BaseModel):
    id: str = Field(description="house:119:2025:77 / senate:119:2025:162")
    upstream_id: str = Field(description="unitedstates/congress vote id, e.g. h77-119.2025")
    chamber: str
    congress: int
    session_year: int
    number: int
    voted_at: datetime | None
    legislative_date: date | None = Field(
        description="The day of voted_at on Eastern time (America/New_York), as Congress dates it; voted_at is UTC."
    )
    category: str
    question: str
    result: str
    bill_id: str | None = Field(description="Canonical bill id voted on, e.g. hjres:119:24.")
    totals: dict[str, int] = Field(description="Members per option as recorded (Yea/Nay/Aye/No/...).")
    citation: Citation


class PositionOut(BaseModel):
    member_id: str = Field(description="Public legislator id: GET /v1/legislators/{member_id}.")
    bioguide_id: str | None
    lis_id: str | None
    member_ref: str = Field(description="Id the vote file used: bioguide (House) or LIS (Senate).")
    name: str
    party: str
    state: str
    position: str = Field(
        description="Option as recorded: Yea, Nay, Aye, No, Present, Not Voting, a candidate."
    )
    normalized: str = Field(description="yes, no, present, not_voting or other.")
    is_stub: bool


class VoteOut(VoteSummary):
    vote_type: str
    subject: str
    requires: str
    result_text: str
    amendment: dict
    nomination: dict
    vice_president_position: str = Field(description="The Vice President's tie-breaking vote, '' if none.")
    normalized_totals: dict[str, int] = Field(description="Members per normalised position.")
    party_totals: dict[str, dict[str, int]] = Field(
        description="The tally by party as the vote recorded it (D, R, I...): normalised position -> members, "
        "e.g. {'D': {'yes': 1, 'no': 44}, 'R': {'yes': 52}}."
    )
    positions: list[PositionOut]


class MemberVoteOut(BaseModel):
    vote: VoteSummary
    position: str
    normalized: str


class LegislatorListParams(BaseModel):
    q: str | None = Field(
        None,
        max_length=200,
        description="Noisy name: 'Sen. Markey MA', 'AOC', 'Jack Reed'; or any id of the crosswalk (S000033, "
        "LIS S429, govtrack:400357, fec:H8VT01016): that member alone.",
    )
    state: str | None = Field(None, pattern=r"^[A-Za-z]{2}$", description="Two-letter state code.")
    chamber: ChamberName | None = None
    party: str | None = Field(None, max_length=40, description="D, R, I or the spelled-out party.")
    caucus: str | None = Field(
        None, max_length=40, description="Party caucused with: D, R or spelled out (independents included)."
    )
    current: bool | None = Field(None, description="Only current (true) or former (false) members.")
    include_stubs: bool = Field(
        False,
        description="Also members known only because a record names them (citation.in_corpus false).",
    )
    limit: Limit = None
    cursor: Cursor = None


class CommitteeListParams(BaseModel):
    q: str | None = Field(None, max_length=200, description="Committee name words, e.g. 'ways means health'.")
    chamber: ChamberName | None = None
    current: bool | None = None
    limit: Limit = None
    cursor: Cursor = None


class VoteListParams(BaseModel):
    q: str | None = Field(
        None,
        max_length=200,
        description="A roll call as people name it: 'House roll call 123 of 2025', 'senate vote 45 118th "
        "congress 1st session', an id (house:119:2025:77, s162-119.2025) or words of its question.",
    )
    chamber: Literal["house", "senate"] | None = None
    congress: int | None = Field(None, ge=1, le=200)
    bill_id: str | None = Field(
        None, max_length=40, description="Any bill spelling: hjres:119:24, H.J.Res. 24-119."
    )
    since: date | None = Field(None, description="Votes on or after this day (YYYY-MM-DD, Eastern).")
    until: date | None = Field(None, description="Votes on or before this day (YYYY-MM-DD, Eastern).")
    category: str | None = Field(
        None,
        max_length=32,
        pattern=r"^[A-Za-z-]+$",
        description="What the vote was on (upstream category): nomination, cloture, passage, "
        "passage-suspension, amendment, procedural, recommit, treaty, veto-override, quorum, leadership.",
    )
    limit: Limit = None
    cursor: Cursor = None


class MemberVotesParams(PageParams):
    congress: int | None = Field(None, ge=1, le=200, description="Congress, e.g. 119.")
    chamber: Literal["house", "senate"] | None = Field(None, description="house or senate.")
    since: date | None = Field(None, description="Votes on or after this day (YYYY-MM-DD).")
    until: date | None = Field(None, description="Votes on or before this day (YYYY-MM-DD).")
    vote: str | None = Field(
        None, max_length=40, description="One roll call: house:119:2025:77 or s162-119.2025."
    )
    bill_id: str | None = Field(
        None, max_length=40, description="Votes on this bill, any spelling: hjres:119:24, H.J.Res. 24-119."
    )
    position: Literal["yes", "no", "present", "not_voting", "other"] | None = Field(
        None, description="How the member voted, normalised: yes (Yea/Aye), no (Nay/No), present, not_voting."
    )


class MembershipListParams(PageParams):
    congress: int | None = Field(None, ge=1, le=200, description="Congress, e.g. 119.")
    committee: str | None = Field(None, max_length=12, description="Committee thomas id, e.g. HSWM.")
    chamber: ChamberName | None = Field(None, description="The committee's chamber.")
    member: str | None = Field(
        None, max_length=40, description="A member's seats: bioguide id (S000033) or any crosswalk id."
    )


class MembersParams(PageParams):
    congress: int | None = Field(
        None, ge=1, le=200, description="Default: the latest Congress with a roster."
    )
