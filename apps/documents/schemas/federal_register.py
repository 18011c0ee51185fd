from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.documents.schemas.common import DatedListParams, PageParams

FrDocTypeName = Literal["RULE", "PRORULE", "NOTICE", "PRESDOCU"]


class CfrPartOut(BaseModel):
    title: int
    part: str
    citation: str = Field(description='"14 CFR Part 39"')
    sections_url: str = Field(description="GET this to list the part's ingested CFR sections.")


class FrDocumentSummary(BaseModel):
    id: str = Field(description="Public id, e.g. fr:2024-02930 (the bare document number is accepted).")
    document_number: str
    doc_type: FrDocTypeName
    title: str
    agency: str
    sub_agency: str
    fr_citation: str = Field(description='Volume + start page, e.g. "89 FR 9741".')
    published_at: date | None
    citation: Citation


class FrDocumentOut(FrDocumentSummary):
    action: str
    summary: str
    dates_text: str
    effective_on: date | None = Field(description='From DATES: "This rule is effective March 13, 2024."')
    comments_close_on: date | None = Field(description='From DATES: "comments ... by March 28, 2024".')
    rins: list[str]
    docket_ids: list[str] = Field(description="Regulations.gov docket ids named in the document.")
    depdoc: str
    cfr_references: list[str] = Field(description="CFR references as printed.")
    cfr_parts: list[CfrPartOut]
    volume: int
    issue_number: int | None
    start_page: int
    end_page: int
    executive_order: str | None = Field(description="eo:<number> when the EO index points at this document.")
    body: str


class FrDocumentListParams(DatedListParams):
    doc_type: FrDocTypeName | None = Field(default=None, description="RULE, PRORULE, NOTICE or PRESDOCU.")
    agency: str | None = Field(default=None, description="Substring of the agency or sub-agency name.")
    docket_id: str | None = Field(default=None, description="Documents in this docket, e.g. FAA-2024-0224.")
    cfr_title: int | None = Field(default=None, description="Documents affecting this CFR title...")
    cfr_part: str | None = Field(default=None, description="...and part (with cfr_title), e.g. 39.")
    rin: str | None = Field(default=None, description="Regulation Identifier Number, e.g. 2120-AA64.")


class ExecutiveOrderOut(BaseModel):
    id: str = Field(description="Public id, e.g. eo:12890 (EO 12890 and Executive Order 12890 accepted).")
    number: int
    fr_citation: str = Field(description='"59 FR 499"; empty when the index has none.')
    signing_date: date | None
    document_number: str
    fr_document_id: str | None = Field(description="fr:<document number>; fetch it when ingested.")
    fr_document_ingested: bool
    notes: str
    citation: Citation


class ExecutiveOrderListParams(PageParams):
    signed_since: date | None = Field(default=None, description="Signed on or after (YYYY-MM-DD).")
    signed_until: date | None = Field(default=None, description="Signed on or before (YYYY-MM-DD).")
