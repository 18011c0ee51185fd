"""Output and parameter schemas for activity records, shared by REST and MCP."""

from datetime import date, datetime, time
from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation

# ---------------------------------------------------------------- lobbying


class LobbyistOut(BaseModel):
    activity_seq: int = Field(description="0 = named on the LD-1 registration; else the activity's seq.")
    first_name: str
    last_name: str
    suffix: str
    covered_position: str = Field(description="Former covered legislative/executive branch position, if any.")
    is_new: bool | None = Field(description="LD-2: first reported this period; null on LD-1.")


class LobbyingActivityOut(BaseModel):
    seq: int
    issue_code: str = Field(description="LDA general issue area code, e.g. TAX, HCR, DEF.")
    specific_issues: str = Field(description="LD-2 free text (LD-1 text is the filing's issues_detail).")
    government_entities: str = Field(description="Houses and agencies contacted, as written.")
    foreign_entity_interest: str
    bill_ids: list[str] = Field(
        description="Canonical ids of bills cited in specific_issues, e.g. s:110:373."
    )


class BillMentionOut(BaseModel):
    bill_id: str = Field(description="Canonical bill id; GET /v1/bills/{bill_id}.")
    activity_seq: int = Field(description="0 = LD-1 issues detail; else the activity citing it.")
    issue_code: str


class PartyOut(BaseModel):
    name: str
    description: str
    city: str
    state: str
    country: str


class LdaFilingSummary(BaseModel):
    id: str = Field(
        description="lda:<ld1|ld2>:<SOPR document id>, e.g. lda:ld2:0005b52d-cd4e-4e4a-984f-7ade8e95eaa8."
    )
    form: Literal["LD-1", "LD-2"]
    filing_type: str = Field(
        description="RR/RA (registration/amendment), Q1-Q4, nA (amended), nT (termination)."
    )
    year: int
    quarter: int | None
    registrant_name: str
    client_name: str
    senate_id: str = Field(description="Senate registrant(-client) id, e.g. 5142-797.")
    income: Decimal | None = Field(description="Income reported, US dollars (decimal string).")
    expenses: Decimal | None = Field(description="Expenses reported, US dollars (decimal string).")
    issue_codes: list[str]
    citation: Citation


class LdaFilingHit(LdaFilingSummary):
    score: float | None = Field(description="Name-match score with q (higher = better); null without q.")


class LdaFilingOut(LdaFilingSummary):
    document_id: str = Field(description="SOPR document id (the filing UUID in real downloads).")
    house_id: str
    congress: int = Field(description="Congress in session in the filing year: (year - 1789) // 2 + 1.")
    registrant: PartyOut
    client: PartyOut
    client_self: bool
    is_amendment: bool
    is_termination: bool
    no_activity: bool
    effective_date: date | None
    termination_date: date | None
    signed_on: date | None
    signer: str
    income_under_5000: bool
    expenses_under_5000: bool
    expense_method: str = Field(description="LDA expense reporting method a, b or c; '' if none.")
    issues_detail: str
    activities: list[LobbyingActivityOut]
    lobbyists: list[LobbyistOut]
    bill_mentions: list[BillMentionOut]
    docket_ids: list[str] = Field(
        description="regulations.gov dockets cited in the issue text, e.g. docket:FAA-2009-1144 "
        "(GET /v1/dockets/{id} when that docket is ingested)."
    )
    affiliated_organizations: list[dict]
    foreign_entities: list[dict]
    registration_update: dict


class LdaFilingListParams(BaseModel):
    q: str | None = Field(
        None,
        max_length=200,
        description="Client or registrant name words, ranked: 'patent fairness', 'alston'.",
    )
    year: int | None = Field(
        None, ge=1995, le=2100, description="Report year (LD-2) or effective year (LD-1)."
    )
    quarter: int | None = Field(None, ge=1, le=4)
    form: Literal["LD-1", "LD-2"] | None = None
    client: str | None = Field(
        None, min_length=2, max_length=200, description="Client name contains (any case)."
    )
    registrant: str | None = Field(
        None, min_length=2, max_length=200, description="Registrant (lobbying firm) name contains (any case)."
    )
    issue_code: str | None = Field(None, pattern=r"^[A-Za-z]{3}$", description="LDA issue code, e.g. TAX.")
    bill_id: str | None = Field(
        None, max_length=40, description="Filings citing this bill (any spelling with congress)."
    )
    senate_id: str | None = Field(None, max_length=40, description="Senate registrant(-client) id.")
    docket: str | None = Field(
        None, max_length=120, description="Filings citing this regulations.gov docket."
    )
    limit: int | None = Field(None, description="Page size (default 20, max 250).")
    cursor: str | None = None


# ---------------------------------------------------------------- regulations.gov


class AgencyOut(BaseModel):
    id: str = Field(description="regulations.gov agency acronym, e.g. EPA.")
    name: str = Field(description="From the participating-agencies list; '' when the list lacks it.")


class RegulatoryDocumentSummary(BaseModel):
    id: str = Field(description="regdoc:<regulations.gov document id>, e.g. regdoc:FAA-2018-1084-0418.")
    kind: Literal["document", "comment"]
    document_type: str = Field(
        description="Rule, Proposed Rule, Notice, Supporting & Related Material, Public Submission…"
    )
    title: str
    fr_doc_num: str = Field(description="Federal Register document number, e.g. 2020-22330; '' if none.")
    posted_at: datetime | None
    comment_count: int | None
    is_stub: bool = Field(description="Known only from a comment count, not recorded itself.")
    citation: Citation


class RegulatoryDocumentOut(RegulatoryDocumentSummary):
    document_number: str
    docket_id: str = Field(description="docket:<docket id>; GET /v1/dockets/{docket_id}.")
    agency: AgencyOut
    subtype: str
    cfr_part: str
    subject: str
    topics: list[str]
    comment_start_at: datetime | None
    comment_end_at: datetime | None
    open_for_comment: bool | None
    withdrawn: bool | None
    modified_at: datetime | None
    object_id: str
    files: list[dict] = Field(description="[{format, url, size}]")
    observed: str = Field(description="'<recorded_at> <file>' of the newest API response that changed it.")


class DocketOut(BaseModel):
    id: str = Field(description="docket:<regulations.gov docket id>, e.g. docket:EPA-HQ-OAR-2003-0129.")
    docket_number: str
    agency: AgencyOut
    docket_type: str = Field(description="Rulemaking or Nonrulemaking; '' for a stub.")
    title: str
    short_title: str
    abstract: str
    rin: str = Field(description="Regulation Identifier Number, e.g. 2900-AR23; '' if none.")
    program: str
    keywords: list[str]
    modified_at: datetime | None
    is_stub: bool = Field(description="Known only from its documents' docketId, not recorded itself.")
    observed: str
    document_count: int
    score: float | None = Field(None, description="Title-match score with q (lists only); null otherwise.")
    documents: list[RegulatoryDocumentSummary] = Field(
        description="The first 50 documents; page the rest with /documents."
    )
    citation: Citation


class DocketListParams(BaseModel):
    q: str | None = Field(None, max_length=200, description="Docket title words, ranked.")
    agency: str | None = Field(
        None, pattern=r"^[A-Za-z][A-Za-z0-9-]{0,19}$", description="Agency acronym, e.g. EPA."
    )
    docket_type: Literal["Rulemaking", "Nonrulemaking"] | None = None
    include_stubs: bool = Field(False, description="Also dockets known only from their documents.")
    limit: int | None = None
    cursor: str | None = None


class RegulatoryDocumentListParams(BaseModel):
    docket: str | None = Field(None, max_length=120, description="docket:<id> or the bare docket id.")
    fr_doc_num: str | None = Field(None, max_length=40, description="Federal Register document number.")
    kind: Literal["document", "comment"] | None = None
    document_type: str | None = Field(None, max_length=60)
    limit: int | None = None
    cursor: str | None = None


class PageParams(BaseModel):
    limit: int | None = None
    cursor: str | None = None


# ---------------------------------------------------------------- hearings


class HearingCommitteeOut(BaseModel):
    committee_id: str = Field(description="Thomas id (HSRU, HSGO25); GET /v1/committees/{committee_id}.")
    code: str = Field(description="House repository code as written, e.g. RU00.")
    name: str


class HearingDocumentOut(BaseModel):
    doc_type: str
    description: str
    legis_num: str
    bill_id: str | None
    urls: list[str]


class HearingBillOut(BaseModel):
    bill_id: str
    found_in: Literal["document", "title"]


class WitnessOut(BaseModel):
    panel: int
    name: str
    honorific: str
    first_name: str
    middle_name: str
    last_name: str
    position: str
    organization: str
    witness_type: str
    testified: bool | None
    documents: list[dict]


class HearingSummary(BaseModel):
    id: str = Field(
        description="hearing:<docs.house.gov EventID>, e.g. hearing:102252 (HMTG102252 accepted)."
    )
    meeting_id: str
    chamber: str
    congress: int | None
    date: date | None
    title: str
    committee_ids: list[str]
    citation: Citation


class HearingHit(HearingSummary):
    score: float | None = Field(description="Title-match score with q (higher = better); null without q.")


class HearingOut(HearingSummary):
    event_id: int
    meeting_type: str
    session: int | None
    start_time: time | None
    location: str
    status: str
    details_from: Literal["meeting", "witness-list"]
    committees: list[HearingCommitteeOut]
    documents: list[HearingDocumentOut]
    bills: list[HearingBillOut]
    witnesses: list[WitnessOut]


class HearingListParams(BaseModel):
    q: str | None = Field(None, max_length=200, description="Meeting title words, ranked.")
    congress: int | None = Field(None, ge=1, le=200)
    committee: str | None = Field(None, pattern=r"^[A-Za-z]{4}(\d{2})?$", description="Thomas id, e.g. HSRU.")
    bill_id: str | None = Field(None, max_length=40, description="Meetings taking up this bill.")
    limit: int | None = None
    cursor: str | None = None


# ---------------------------------------------------------------- staff


class StaffOut(BaseModel):
    id: str = Field(description="staff:<chamber>-<office key>-<name>, e.g. staff:house-s000033-jane-doe.")
    name: str
    title: str
    office: str
    chamber: str
    member_bioguide: str
    committee_id: str
    email: str
    phone: str
    citation: Citation
