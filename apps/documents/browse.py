"""Browsable pages for the document sources: CRS, GAO, Federal Register, EOs, CFR, U.S. Code, the
Congressional Record and hearing transcripts (the REST selectors; every record carries its citation)."""

from apps.browse.views import BrowseDetail, BrowseList, browse
from apps.documents import selectors
from apps.documents.schemas import (
    CfrSectionListParams,
    CrecGranuleListParams,
    CrsReportListParams,
    ExecutiveOrderListParams,
    FrDocumentListParams,
    GaoReportListParams,
    HearingTranscriptListParams,
    UscSectionListParams,
)


@browse
class CrsReportList(BrowseList):
    """CRS products by type, author, topic and bill (or counts with ?aggregate=)."""

    resource, selector, params, aggregate = (
        "crs-reports",
        selectors.crs_report_list,
        CrsReportListParams,
        True,
    )


@browse
class CrsReportDetail(BrowseDetail):
    """One CRS product with its text and the bills it cites."""

    resource, selector = "crs-reports", selectors.crs_report_get


@browse
class GaoReportList(BrowseList):
    """GAO reports and testimonies (or counts with ?aggregate=)."""

    resource, selector, params, aggregate = (
        "gao-reports",
        selectors.gao_report_list,
        GaoReportListParams,
        True,
    )


@browse
class GaoReportDetail(BrowseDetail):
    """One GAO product with Highlights and body."""

    resource, selector = "gao-reports", selectors.gao_report_get


@browse
class FrDocumentList(BrowseList):
    """Federal Register documents by type, agency and docket (or counts with ?aggregate=)."""

    resource, selector, params, aggregate = (
        "federal-register",
        selectors.fr_document_list,
        FrDocumentListParams,
        True,
    )


@browse
class FrDocumentDetail(BrowseDetail):
    """One Federal Register document: dockets, CFR parts, text."""

    resource, selector = "federal-register", selectors.fr_document_get


@browse
class ExecutiveOrderList(BrowseList):
    """Executive orders, newest first."""

    resource, selector, params = "executive-orders", selectors.executive_order_list, ExecutiveOrderListParams


@browse
class ExecutiveOrderDetail(BrowseDetail):
    """One executive order, linked to its Federal Register document."""

    resource, selector = "executive-orders", selectors.executive_order_get


@browse
class CfrSectionList(BrowseList):
    """CFR sections by title and part."""

    resource, selector, params = "cfr", selectors.cfr_section_list, CfrSectionListParams


@browse
class CfrSectionDetail(BrowseDetail):
    """One CFR section with its hierarchy."""

    resource, selector = "cfr", selectors.cfr_section_get


@browse
class UscSectionList(BrowseList):
    """U.S. Code sections by title."""

    resource, selector, params = "us-code", selectors.usc_section_list, UscSectionListParams


@browse
class UscSectionDetail(BrowseDetail):
    """One U.S. Code section, notes apart."""

    resource, selector = "us-code", selectors.usc_section_get


@browse
class CrecGranuleList(BrowseList):
    """Congressional Record granules."""

    resource, selector, params = "congressional-record", selectors.crec_granule_list, CrecGranuleListParams


@browse
class CrecGranuleDetail(BrowseDetail):
    """One Congressional Record granule with its speaker turns and the bills it mentions."""

    resource, selector = "congressional-record", selectors.crec_granule_get


@browse
class HearingTranscriptList(BrowseList):
    """Printed hearing transcripts."""

    resource, selector, params = (
        "hearing-transcripts",
        selectors.hearing_transcript_list,
        HearingTranscriptListParams,
    )


@browse
class HearingTranscriptDetail(BrowseDetail):
    """One hearing transcript."""

    resource, selector = "hearing-transcripts", selectors.hearing_transcript_get
