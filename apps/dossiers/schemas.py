"""Dossier envelopes: one record with its bounded, related sections (REST, MCP).

Every list inside a dossier is a ``Section``: the first few items, the total, and — when it was cut —
``more_url``, the canonical list endpoint that pages through all of them.
"""

from datetime import date
from typing import Generic, TypeVar

from pydantic import BaseModel, Field

from apps.bills.schemas import ActionOut, BillBrief, BillOut, CosponsorOut, PublicLawSummary
from apps.registry.schemas import (
    CommitteeMemberOut,
    CommitteeOut,
    LegislatorOut,
    LegislatorSummary,
    MemberVoteOut,
    VoteSummary,
)

T = TypeVar("T")


class Section(BaseModel, Generic[T]):
    items: list[T]
    total: int = Field(description="How many there are in all.")
    truncated: bool = Field(description="Only the first items are listed; more_url lists every one.")
    more_url: str | None = Field(
        description="Canonical list endpoint with all of them when truncated (null when none exists or "
        "nothing was cut)."
    )


class LinkedRecord(BaseModel):
    id: str = Field(description="Public id of the related record, e.g. crs:R48914, hearing:102252.")
    source: str = Field(description="Plan slug of the record, e.g. crs-reports.")
    title: str
    date: date | None
    url: str = Field(description="REST path of the record, e.g. /v1/crs-reports/crs:R48914.")


class AmendmentRef(BaseModel):
    vote_id: str = Field(description="The roll call that decided it.")
    author: str
    number: int | None
    type: str
    result: str


class BillDossier(BaseModel):
    id: str
    bill: BillOut = Field(
        description="The bill: sponsor, committees, subjects, summaries, related bills, laws, text versions, "
        "CBO estimates, committee reports and SAPs."
    )
    cosponsors: Section[CosponsorOut]
    cosponsor_party_split: dict[str, int] = Field(description="Current cosponsors per party, e.g. {D: 3}.")
    actions: Section[ActionOut]
    votes: Section[VoteSummary] = Field(description="Roll calls on the bill held in Josh, oldest first.")
    amendments: Section[AmendmentRef] = Field(description="Amendments voted on by roll call, where recorded.")
    crs_reports: Section[LinkedRecord] = Field(description="CRS products citing the bill.")
    gao_reports: Section[LinkedRecord] = Field(description="GAO products citing the bill.")
    congressional_record: Section[LinkedRecord] = Field(description="Record granules citing the bill.")
    hearings: Section[LinkedRecord] = Field(description="House committee meetings taking up the bill.")
    lobbying: Section[LinkedRecord] = Field(description="Lobbying filings whose issue text cites the bill.")


class VotingRecordRow(BaseModel):
    """A member's roll-call record in one Congress and chamber."""

    congress: int
    chamber: str = Field(description="house or senate.")
    party: str = Field(description="The member's party on those votes, as the vote files give it (D, R, I).")
    votes: int = Field(description="Roll calls the member was on the roll for.")
    missed: int = Field(description="Of those, recorded as not voting.")
    missed_pct: float = Field(description="missed / votes × 100, one decimal.")
    party_line: int = Field(
        description="Yea/nay votes cast as most of the other members of the member's party voted on that roll call."
    )
    party_line_base: int = Field(
        description="Yea/nay votes cast on roll calls where the party's majority was yea or nay (not tied)."
    )
    party_line_pct: float | None = Field(
        description="party_line / party_line_base × 100, one decimal (null when the base is 0)."
    )


class VotesRecord(BaseModel):
    total: int
    by_position: dict[str, int] = Field(description="Normalized positions: yea, nay, present, not_voting.")
    by_congress: list[VotingRecordRow] = Field(
        description="Missed votes and votes with the party's majority, per Congress and chamber, newest first."
    )
    recent: Section[MemberVoteOut]


class SpeechRef(BaseModel):
    granule_id: str = Field(
        description="Congressional Record granule, e.g. crec:CREC-2005-07-20-pt1-PgS8587-2."
    )
    title: str
    date: date | None
    chamber: str
    speaker: str = Field(description="Speaker label as printed, e.g. 'Mr. SESSIONS'.")
    turns: int = Field(description="Turns by this speaker in the granule.")


class Speeches(BaseModel):
    linked: bool = Field(description="False when no speech could be tied to this member.")
    method: str = Field(description="How turns were tied to the member (the Record prints names only).")
    items: Section[SpeechRef]


class LegislatorDossier(BaseModel):
    id: str
    legislator: LegislatorOut = Field(description="Member: terms, identifiers, committees and roles.")
    sponsored: Section[BillBrief]
    cosponsored: Section[BillBrief]
    votes: VotesRecord
    speeches: Speeches
    lobbying: Section[LinkedRecord] = Field(description="Lobbying filings citing bills the member sponsored.")


class RoleHolder(BaseModel):
    member: LegislatorSummary
    title: str
    party_side: str
    congress: int


class CommitteeDossier(BaseModel):
    id: str
    committee: CommitteeOut = Field(description="Committee with parent and subcommittees.")
    congress: int | None = Field(description="Congress of the roster below.")
    chair: RoleHolder | None
    ranking_member: RoleHolder | None
    members: Section[CommitteeMemberOut]
    bills_referred: Section[BillBrief] = Field(description="Bills sent to the committee, newest first.")
    hearings: Section[LinkedRecord]


class PublicLawDossier(BaseModel):
    id: str
    law: PublicLawSummary
    sections: Section[dict] = Field(description="The law's top-level sections [{num, heading, identifier}].")
    bill: BillDossier | None = Field(description="Dossier of the bill that became the law (null if unknown).")
