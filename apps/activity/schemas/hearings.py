"""House committee meeting schemas."""

from datetime import date, time
from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.core.vocabulary import Cursor, Limit


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
    start_time: time | None = Field(
        description="Start time on Washington's clock (Eastern), as docs.house.gov gives it; date is that day."
    )
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
    limit: Limit = None
    cursor: Cursor = None
