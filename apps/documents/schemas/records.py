from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.documents.schemas.common import BillMentionOut, DatedListParams

CrecChamberName = Literal["senate", "house", "extensions", "digest"]


class SpeakerTurnOut(BaseModel):
    order: int = Field(description="1-based order within the granule.")
    speaker: str = Field(description='Label as printed, e.g. "Mr. SESSIONS", "The PRESIDING OFFICER".')
    speaker_name: str
    speaker_state: str = Field(description='From "Mr. BRADY of Pennsylvania"; usually empty.')
    text: str = Field(description="What they said (starts with the label, as printed).")
    start_offset: int = Field(description="Offset of the turn in the granule body.")
    end_offset: int


class CrecGranuleSummary(BaseModel):
    id: str = Field(
        description="Public id, e.g. crec:CREC-2005-07-20-pt1-PgS8587-2 (bare granule id accepted)."
    )
    granule_id: str
    chamber: CrecChamberName = Field(description="From the page prefix: S, H, E (extensions), D (digest).")
    published_at: date | None
    volume: int
    number: int
    pages: str
    title: str
    citation: Citation


class CrecGranuleOut(CrecGranuleSummary):
    congress: int
    body: str
    speaker_turns: list[SpeakerTurnOut]
    bills_mentioned: list[BillMentionOut]


class CrecGranuleListParams(DatedListParams):
    chamber: CrecChamberName | None = Field(default=None)
    speaker: str | None = Field(
        default=None, description="Granules with a turn by this speaker, e.g. SESSIONS."
    )
    bill_id: str | None = Field(default=None, description="Granules citing this bill (hr:109:3057).")


class HearingTranscriptSummary(BaseModel):
    id: str = Field(description="Public id, e.g. chrg:CHRG-118hhrg12345.")
    package_id: str
    congress: int
    chamber: str
    title: str
    committee: str
    held_on: date | None
    citation: Citation


class HearingTranscriptOut(HearingTranscriptSummary):
    body: str
    speakers: list[str]


class HearingTranscriptListParams(DatedListParams):
    congress: int | None = Field(default=None)
    chamber: str | None = Field(default=None, description="house, senate or joint.")
