"""regulations.gov docket and document schemas."""

from datetime import date, datetime
from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.core.vocabulary import Cursor, Limit


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
    fr_document_id: str | None = Field(
        description="The Federal Register document's Josh id (fr:2020-22330; GET /v1/federal-register/{id} "
        "when that issue is ingested); null without an FR document number."
    )
    posted_at: datetime | None
    posted_date: date | None = Field(
        description="The day of posted_at on Eastern time (America/New_York), as regulations.gov dates it; posted_at is UTC."
    )
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
    comment_start_date: date | None = Field(
        description="The day of comment_start_at on Eastern time (America/New_York), as regulations.gov dates it; comment_start_at is UTC."
    )
    comment_end_at: datetime | None
    comment_end_date: date | None = Field(
        description="The day of comment_end_at on Eastern time (America/New_York), as regulations.gov dates it; comment_end_at is UTC."
    )
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
    limit: Limit = None
    cursor: Cursor = None


class RegulatoryDocumentListParams(BaseModel):
    docket: str | None = Field(None, max_length=120, description="docket:<id> or the bare docket id.")
    fr_doc_num: str | None = Field(None, max_length=40, description="Federal Register document number.")
    kind: Literal["document", "comment"] | None = None
    document_type: str | None = Field(None, max_length=60)
    include_stubs: bool = Field(False, description="Also documents known only from a comment count.")
    limit: Limit = None
    cursor: Cursor = None
