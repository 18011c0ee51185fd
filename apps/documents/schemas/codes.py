from datetime import date

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.documents.schemas.common import PageParams


class CfrSectionSummary(BaseModel):
    id: str = Field(description="Public id, e.g. cfr:1:1.1 (1 CFR 1.1 is accepted).")
    title: int
    part: str
    section: str
    heading: str
    citation: Citation


class CfrSectionOut(CfrSectionSummary):
    title_name: str
    chapter: str
    chapter_heading: str
    subchapter: str
    part_heading: str
    subpart: str
    body: str
    source_citation: str = Field(description="Where the section was published (CITA).")
    authority: str = Field(description="The part's authority note.")
    part_source: str
    fr_documents: list[str] = Field(description="fr: ids of ingested FR documents that cite this CFR part.")


class CfrSectionListParams(PageParams):
    title: int | None = Field(default=None, description="CFR title number.")
    part: str | None = Field(default=None, description="Part number, e.g. 51.")


class UscSectionSummary(BaseModel):
    id: str = Field(description="Public id, e.g. usc:1:112a (1 U.S.C. 112a and /us/usc/t1/s112a accepted).")
    title: int
    section: str
    heading: str
    status: str
    citation: Citation


class UscSectionOut(UscSectionSummary):
    identifier: str
    chapter: str
    chapter_heading: str
    chapeau: str
    body: str
    source_credit: str
    notes: str = Field(description="Editorial and statutory notes, kept apart from the operative text.")
    published_at: date | None = Field(description="Release point processing date.")


class UscSectionListParams(PageParams):
    title: int | None = Field(default=None, description="U.S. Code title number.")
