from datetime import date
from typing import Literal

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.documents.schemas.common import BillMentionOut, DatedListParams

CrsProductTypeName = Literal["report", "in_focus", "insight", "legal_sidebar"]


class CrsReportSummary(BaseModel):
    id: str = Field(description="Public id, e.g. crs:R48914 (the bare product number R48914 is accepted).")
    product_number: str
    version: int | None
    product_type: CrsProductTypeName
    title: str
    published_at: date | None
    authors: list[str] = Field(description='As printed, "Last, First".')
    topics: list[str]
    citation: Citation


class CrsReportOut(CrsReportSummary):
    congress: int | None = Field(description="Congress in session on the publication date.")
    body: str = Field(description="Report text without congress.gov page chrome.")
    bills_mentioned: list[BillMentionOut]
    crs_products_cited: list[str] = Field(description="crs: ids of CRS products the text cites.")


class CrsReportListParams(DatedListParams):
    product_type: CrsProductTypeName | None = Field(
        default=None, description="report, in_focus, insight, ..."
    )
    author: str | None = Field(default=None, description="Substring of an author name, e.g. Labonte.")
    topic: str | None = Field(default=None, description="Substring of a topic, e.g. Foreign Affairs.")
    bill_id: str | None = Field(default=None, description="Only reports citing this bill (hr:119:1512).")


class GaoReportSummary(BaseModel):
    id: str = Field(description="Public id, e.g. gao:GAO-26-108653 (GAO-26-108653 is accepted).")
    report_number: str
    title: str
    published_at: date | None
    is_testimony: bool
    citation: Citation


class GaoReportOut(GaoReportSummary):
    congress: int | None
    highlights: str = Field(description="The Highlights page: what GAO found, why, and what it recommends.")
    recommendations: str = Field(description='"What GAO Recommends", when the report has one.')
    body: str
    bills_mentioned: list[BillMentionOut]
    gao_products_cited: list[str] = Field(description="gao: ids of GAO products the text cites.")


class GaoReportListParams(DatedListParams):
    testimony: bool | None = Field(default=None, description="true: testimonies only; false: reports only.")
    bill_id: str | None = Field(default=None, description="Only reports citing this bill (hr:119:1512).")
