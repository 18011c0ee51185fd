"""REST v1 for lobbying filings, regulations.gov dockets/documents, House hearings and staff (parse -> call -> return)."""

from ninja import Query, Router

from apps.activity import selectors
from apps.activity.schemas import (
    DocketListParams,
    DocketOut,
    HearingHit,
    HearingListParams,
    HearingOut,
    LdaFilingHit,
    LdaFilingListParams,
    LdaFilingOut,
    PageParams,
    RegulatoryDocumentListParams,
    RegulatoryDocumentOut,
    RegulatoryDocumentSummary,
    StaffHit,
    StaffListParams,
    StaffOut,
)
from apps.core.aggregate_query import aggregate_or_list
from apps.core.aggregates import AggregateParams, AggregateResult
from apps.core.pagination import Page

router = Router(tags=["activity"])


@router.get(
    "/lda-filings",
    response=Page[LdaFilingHit] | AggregateResult,
    summary="Lobbying filings by year, client, registrant, issue",
)
def list_lda_filings(request, params: Query[LdaFilingListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("lda-filings", params, agg, selectors.lda_filing_list)


@router.get(
    "/lda-filings/{id}", response=LdaFilingOut, summary="One LD-1/LD-2 filing with lobbyists and cited bills"
)
def get_lda_filing(request, id: str):
    return selectors.lda_filing_get(id=id)


@router.get("/dockets", response=Page[DocketOut], summary="regulations.gov dockets by agency and type")
def list_dockets(request, params: Query[DocketListParams]):
    return selectors.docket_list(params=params)


@router.get("/dockets/{id}", response=DocketOut, summary="One regulations.gov docket with its documents")
def get_docket(request, id: str):
    return selectors.docket_get(id=id)


@router.get(
    "/dockets/{id}/documents",
    response=Page[RegulatoryDocumentSummary],
    summary="A docket's documents and comments",
)
def docket_documents(request, id: str, params: Query[PageParams]):
    return selectors.docket_documents(id=id, params=params)


@router.get(
    "/regulatory-documents",
    response=Page[RegulatoryDocumentSummary] | AggregateResult,
    summary="Documents by docket or FR document number",
)
def list_regulatory_documents(
    request, params: Query[RegulatoryDocumentListParams], agg: Query[AggregateParams]
):
    return aggregate_or_list("regulatory-documents", params, agg, selectors.regulatory_document_list)


@router.get(
    "/regulatory-documents/{id}",
    response=RegulatoryDocumentOut,
    summary="One regulations.gov document or comment",
)
def get_regulatory_document(request, id: str):
    return selectors.regulatory_document_get(id=id)


@router.get(
    "/hearings",
    response=Page[HearingHit] | AggregateResult,
    summary="House committee meetings by congress, committee, bill",
)
def list_hearings(request, params: Query[HearingListParams], agg: Query[AggregateParams]):
    return aggregate_or_list("hearings", params, agg, selectors.hearing_list)


@router.get("/hearings/{id}", response=HearingOut, summary="One committee meeting with witnesses and bills")
def get_hearing(request, id: str):
    return selectors.hearing_get(id=id)


@router.get("/staff", response=Page[StaffHit], summary="Congressional staff by name, chamber, office")
def list_staff(request, params: Query[StaffListParams]):
    return selectors.staff_list(params=params)


@router.get("/staff/{id}", response=StaffOut, summary="One congressional staffer")
def get_staff(request, id: str):
    return selectors.staff_get(id=id)
