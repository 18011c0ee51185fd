"""REST v1 for the document sources (parse -> call -> return). Every record carries ``citation``."""

from ninja import Query, Router

from apps.core.aggregate_query import aggregate_or_list
from apps.core.aggregates import AggregateParams, AggregateResult
from apps.core.pagination import Page
from apps.documents import selectors
from apps.documents.schemas import (
    CfrSectionListParams,
    CfrSectionOut,
    CfrSectionSummary,
    CrecGranuleListParams,
    CrecGranuleOut,
    CrecGranuleSummary,
    CrsReportListParams,
    CrsReportOut,
    CrsReportSummary,
    ExecutiveOrderListParams,
    ExecutiveOrderOut,
    FrDocumentListParams,
    FrDocumentOut,
    FrDocumentSummary,
    GaoReportListParams,
    GaoReportOut,
    GaoReportSummary,
    HearingTranscriptListParams,
    HearingTranscriptOut,
    HearingTranscriptSummary,
    UscSectionListParams,
    UscSectionOut,
    UscSectionSummary,
)

router = Router(tags=["documents"])


@router.get(
    "/crs-reports",
    response=Page[CrsReportSummary] | AggregateResult,
    summary="CRS products by type, author, topic, bill",
)
def list_crs_reports(request, params: Query[CrsReportListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("crs-reports", params, agg, selectors.crs_report_list)


@router.get("/crs-reports/{id}", response=CrsReportOut, summary="One CRS product with text and cited bills")
def get_crs_report(request, id: str):
    return selectors.crs_report_get(id=id)


@router.get(
    "/gao-reports", response=Page[GaoReportSummary] | AggregateResult, summary="GAO reports and testimonies"
)
def list_gao_reports(request, params: Query[GaoReportListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("gao-reports", params, agg, selectors.gao_report_list)


@router.get("/gao-reports/{id}", response=GaoReportOut, summary="One GAO product with Highlights and body")
def get_gao_report(request, id: str):
    return selectors.gao_report_get(id=id)


@router.get(
    "/federal-register",
    response=Page[FrDocumentSummary] | AggregateResult,
    summary="FR documents by type, agency, docket",
)
def list_fr_documents(request, params: Query[FrDocumentListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("federal-register", params, agg, selectors.fr_document_list)


@router.get(
    "/federal-register/{id}", response=FrDocumentOut, summary="One FR document: dockets, CFR parts, text"
)
def get_fr_document(request, id: str):
    return selectors.fr_document_get(id=id)


@router.get("/executive-orders", response=Page[ExecutiveOrderOut], summary="Executive orders, newest first")
def list_executive_orders(request, params: Query[ExecutiveOrderListParams]):
    return selectors.executive_order_list(params=params)


@router.get("/executive-orders/{id}", response=ExecutiveOrderOut, summary="One executive order")
def get_executive_order(request, id: str):
    return selectors.executive_order_get(id=id)


@router.get("/cfr", response=Page[CfrSectionSummary], summary="CFR sections by title and part")
def list_cfr_sections(request, params: Query[CfrSectionListParams]):
    return selectors.cfr_section_list(params=params)


@router.get("/cfr/{id}", response=CfrSectionOut, summary="One CFR section with its hierarchy")
def get_cfr_section(request, id: str):
    return selectors.cfr_section_get(id=id)


@router.get("/us-code", response=Page[UscSectionSummary], summary="U.S. Code sections by title")
def list_usc_sections(request, params: Query[UscSectionListParams]):
    return selectors.usc_section_list(params=params)


@router.get("/us-code/{id}", response=UscSectionOut, summary="One U.S. Code section, notes apart")
def get_usc_section(request, id: str):
    return selectors.usc_section_get(id=id)


@router.get(
    "/congressional-record", response=Page[CrecGranuleSummary], summary="Congressional Record granules"
)
def list_crec_granules(request, params: Query[CrecGranuleListParams]):
    return selectors.crec_granule_list(params=params)


@router.get("/congressional-record/{id}", response=CrecGranuleOut, summary="One granule with speaker turns")
def get_crec_granule(request, id: str):
    return selectors.crec_granule_get(id=id)


@router.get(
    "/hearing-transcripts", response=Page[HearingTranscriptSummary], summary="Printed hearing transcripts"
)
def list_hearing_transcripts(request, params: Query[HearingTranscriptListParams]):
    return selectors.hearing_transcript_list(params=params)


@router.get("/hearing-transcripts/{id}", response=HearingTranscriptOut, summary="One hearing transcript")
def get_hearing_transcript(request, id: str):
    return selectors.hearing_transcript_get(id=id)
