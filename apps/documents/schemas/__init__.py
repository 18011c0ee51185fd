"""Output and parameter schemas of the document sources, shared by REST, the browsable API and MCP."""

from apps.documents.schemas.codes import (
    CfrSectionListParams,
    CfrSectionOut,
    CfrSectionSummary,
    UscSectionListParams,
    UscSectionOut,
    UscSectionSummary,
)
from apps.documents.schemas.common import BillMentionOut, DatedListParams, PageParams
from apps.documents.schemas.federal_register import (
    CfrPartOut,
    ExecutiveOrderListParams,
    ExecutiveOrderOut,
    FrDocumentListParams,
    FrDocumentOut,
    FrDocumentSummary,
)
from apps.documents.schemas.records import (
    CrecGranuleListParams,
    CrecGranuleOut,
    CrecGranuleSummary,
    HearingTranscriptListParams,
    HearingTranscriptOut,
    HearingTranscriptSummary,
    SpeakerTurnOut,
)
from apps.documents.schemas.reports import (
    CrsReportListParams,
    CrsReportOut,
    CrsReportSummary,
    GaoReportListParams,
    GaoReportOut,
    GaoReportSummary,
)

__all__ = [
    "BillMentionOut",
    "CfrPartOut",
    "CfrSectionListParams",
    "CfrSectionOut",
    "CfrSectionSummary",
    "CrecGranuleListParams",
    "CrecGranuleOut",
    "CrecGranuleSummary",
    "CrsReportListParams",
    "CrsReportOut",
    "CrsReportSummary",
    "DatedListParams",
    "ExecutiveOrderListParams",
    "ExecutiveOrderOut",
    "FrDocumentListParams",
    "FrDocumentOut",
    "FrDocumentSummary",
    "GaoReportListParams",
    "GaoReportOut",
    "GaoReportSummary",
    "HearingTranscriptListParams",
    "HearingTranscriptOut",
    "HearingTranscriptSummary",
    "PageParams",
    "SpeakerTurnOut",
    "UscSectionListParams",
    "UscSectionOut",
    "UscSectionSummary",
]
