"""Output and parameter schemas for bills, bill text, public laws, SAPs and topics (REST, DRF, MCP)."""

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.core.pagination import Page
from apps.core.vocabulary import PageParams

BillType = Literal["hr", "s", "hjres", "sjres", "hconres", "sconres", "hres", "sres"]


class BillListParams(PageParams):
    congress: int | None = Field(None, ge=1, le=200, description="Congress number, e.g. 117.")
    type: BillType | None = Field(
        None, description="Bill type code: hr, s, hjres, sjres, hconres, sconres, hres, sres."
    )
    sponsor: str | None = Field(
        None,
        max_length=60,
        description="Sponsor's member id: any id of the legislator crosswalk — bioguide (B000740), Senate "
        "LIS (S270), govtrack, FEC, thomas, ... (scheme:value when a bare number is ambiguous). Not a name: "
        "find the id with GET /v1/legislators?q=<name>.",
    )
    subject: str | None = Field(
        None,
        max_length=300,
        description="Legislative subject term (exact, any case) or topic id topic:subject:...",
    )
    policy_area: str | None = Field(
        None, max_length=200, description="Policy area name (any case) or topic id topic:policy-area:energy."
    )
    updated_since: date | None = Field(
        None, description="Only bills whose BILLSTATUS update date is on/after this day."
    )
    since: date | None = Field(
        None, title="Introduced since", description="Only bills introduced on or after this day."
    )
    until: date | None = Field(
        None, title="Introduced until", description="Only bills introduced on or before this day."
    )


class PublicLawListParams(PageParams):
    congress: int | None = Field(None, ge=1, le=200)
    kind: Literal["public", "private", "compilation"] | None = None
    bill: str | None = Field(
        None, max_length=40, description="Originating bill, any spelling: hjres:113:91, H.J.Res. 91-113."
    )


class SapListParams(PageParams):
    congress: int | None = Field(None, ge=1, le=200)
    bill: str | None = Field(None, max_length=40, description="A bill the statement covers, any spelling.")
    position: Literal["supports", "strongly_supports", "opposes", "veto"] | None = None
    administration: str | None = Field(None, max_length=20, description="e.g. 47-Trump")
    since: date | None = Field(None, description="Only statements issued on or after this day.")
    until: date | None = Field(None, description="Only statements issued on or before this day.")


class TopicListParams(PageParams):
    kind: Literal["policy-area", "subject"] | None = None
    q: str | None = Field(
        None, max_length=200, description="Words of the topic name, any order, any case ('energy prices')."
    )


class MemberRef(BaseModel):
    id: str = Field(description="Legislator public id (bioguide), for GET /v1/legislators/{id}.")
    name: str = Field(description="Name as BILLSTATUS gives it, e.g. 'Rep. Bice, Stephanie I. [R-OK-5]'.")
    party: str
    state: str
    district: int | None = Field(description="House district; 0 = at-large; null for senators.")
    is_stub: bool = Field(description="Not in the legislators file (e.g. a former member): kept as a stub.")


class LatestAction(BaseModel):
    date: date | None
    text: str


class BillSummary(BaseModel):
    id: str = Field(description="Canonical bill id, e.g. hjres:119:24.")
    label: str = Field(description="Human label, e.g. 'H.J.Res. 24'.")
    type: str
    congress: int
    number: int
    title: str
    origin_chamber: str
    introduced_date: date | None
    update_date: datetime | None
    policy_area: str
    sponsor: MemberRef | None
    cosponsor_count: int = Field(description="Current cosponsors; withdrawn ones are not counted.")
    latest_action: LatestAction
    laws: list[str] = Field(description="Ids of the laws it became, e.g. ['pl:119:7'].")
    status_source: str = Field(
        description="v3 / legacy-v1 (BILLSTATUS schema) or uslm (only its text is known)."
    )
    citation: Citation


class TitleOut(BaseModel):
    title_type: str
    title: str
    chamber: str
    version_code: str


class CommitteeRefOut(BaseModel):
    committee_id: str = Field(description="Registry committee id (thomas), e.g. HSIF or HSIF14.")
    system_code: str
    name: str
    chamber: str
    type: str
    parent_id: str | None
    activities: list[dict] = Field(description="[{name: 'Referred To', date}] oldest first.")


class SummaryOut(BaseModel):
    version_code: str
    action_date: date | None
    action_desc: str
    text: str


class RecordedVoteOut(BaseModel):
    vote_id: str = Field(description="Roll-call id for GET /v1/votes/{id}, e.g. house:119:2025:77.")
    chamber: str
    roll_number: int
    voted_at: datetime | None
    legislative_date: date | None = Field(
        description="The day of voted_at on Eastern time (America/New_York), as Congress dates it; voted_at is UTC."
    )
    url: str
    action_text: str
    ingested: bool = Field(description="True when the roll call itself is in Josh.")


class RelatedBillOut(BaseModel):
    id: str
    title: str
    relationships: list[dict]
    latest_action: LatestAction


class LawRefOut(BaseModel):
    id: str = Field(description="Public-law id for GET /v1/public-laws/{id}, e.g. pl:119:7.")
    type: str
    number: str


class TextVersionRef(BaseModel):
    version_code: str
    version_name: str
    date: date | None
    has_text: bool


class DocumentRefOut(BaseModel):
    title: str
    date: date | None
    url: str
    has_body: bool


class SapRef(BaseModel):
    id: str
    title: str
    date_issued: date | None
    position: str


class BillOut(BillSummary):
    summary: str = Field(description="Latest CRS summary as clean text.")
    sponsor_by_request: bool
    constitutional_authority: str
    titles: list[TitleOut]
    committees: list[CommitteeRefOut]
    subjects: list[str]
    summaries: list[SummaryOut]
    recorded_votes: list[RecordedVoteOut]
    related_bills: list[RelatedBillOut]
    law_refs: list[LawRefOut]
    text_versions: list[TextVersionRef]
    body_version: str = Field(description="Version code of the text in /body ('' when no text is ingested).")
    cbo_cost_estimates: list[DocumentRefOut]
    committee_reports: list[DocumentRefOut]
    saps: list[SapRef]
    action_count: int = Field(description="De-duplicated actions (see /actions).")
    original_cosponsor_count: int = Field(
        description="Original cosponsors (joined at introduction) still cosponsoring; part of cosponsor_count."
    )
    withdrawn_cosponsor_count: int = Field(description="Cosponsorships withdrawn (not in cosponsor_count).")


class CosponsorOut(BaseModel):
    member: MemberRef
    is_original: bool
    sponsorship_date: date | None
    withdrawn_date: date | None
    withdrawn: bool


class CosponsorPage(Page[CosponsorOut]):
    bill_id: str
    citation: Citation = Field(description="The bill's citation.")
    count: int = Field(description="Current cosponsors (withdrawn excluded).")
    original_count: int = Field(description="Original cosponsors still cosponsoring (part of count).")
    withdrawn_count: int


class ActionOut(BaseModel):
    seq: int = Field(description="0 = first action; oldest first.")
    date: date | None
    time: str = Field(description="Eastern local time when given.")
    text: str
    type: str
    action_codes: list[str]
    source_systems: list[str] = Field(
        description="Every source system that reported this event (merged copies)."
    )
    committees: list[dict]
    recorded_votes: list[str]


class ActionPage(Page[ActionOut]):
    bill_id: str
    citation: Citation = Field(description="The bill's citation.")


class TextVersionOut(BaseModel):
    version_code: str = Field(description="ih, rs, eh, enr, ...")
    version_name: str
    date: date | None
    package_id: str
    url: str
    title: str
    has_text: bool
    char_count: int
    sections: list[dict] = Field(description="[{num, heading, identifier}] in order.")
    citation: Citation


class BodyOut(BaseModel):
    bill_id: str
    version_code: str
    version_name: str
    date: date | None
    text: str
    sections: list[dict]
    citation: Citation


class PublicLawSummary(BaseModel):
    id: str = Field(description="pl:113:44, pvtl:112:1 or comps:339 (a statute compilation).")
    kind: str
    congress: int | None
    number: int | None
    title: str
    short_title: str
    statutes_citation: str = Field(description="Statutes at Large, e.g. '127 Stat. 555'.")
    bill_id: str = Field(description="Originating bill id ('' when unknown).")
    enacted_date: date | None
    has_text: bool
    citation: Citation


class PublicLawOut(PublicLawSummary):
    citable_as: list[str]
    sections: list[dict]
    body: str


class SapSummary(BaseModel):
    id: str
    title: str
    administration: str
    congress: int | None
    date_issued: date | None
    chamber: str
    position: str = Field(
        description="strongly_supports / supports / opposes / veto ('' when not classified)."
    )
    rescinded: bool
    bills: list[str] = Field(description="Every bill the statement covers.")
    has_text: bool
    citation: Citation


class SapOut(SapSummary):
    body: str


class TopicSummary(BaseModel):
    id: str = Field(description="topic:policy-area:energy or topic:subject:<slug>.")
    kind: str
    name: str
    bill_count: int
    citation: Citation


class BillBrief(BaseModel):
    id: str
    label: str
    title: str
    introduced_date: date | None


class TopicOut(TopicSummary):
    bills: list[BillBrief] = Field(description="Bills indexed under the topic, newest Congress first.")
