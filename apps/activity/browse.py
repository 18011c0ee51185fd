"""Browsable pages for lobbying filings, regulations.gov dockets and documents, House hearings and staff."""

from apps.activity import selectors
from apps.activity.schemas import (
    DocketListParams,
    HearingListParams,
    LdaFilingListParams,
    PageParams,
    RegulatoryDocumentListParams,
    StaffListParams,
)
from apps.browse.views import BrowseChild, BrowseDetail, BrowseList, browse


@browse
class LdaFilingList(BrowseList):
    """Lobbying filings by year, client, registrant and issue (or counts with ?aggregate=)."""

    resource, selector, params, aggregate = (
        "lda-filings",
        selectors.lda_filing_list,
        LdaFilingListParams,
        True,
    )


@browse
class LdaFilingDetail(BrowseDetail):
    """One LD-1/LD-2 filing with its lobbyists and the bills it cites."""

    resource, selector = "lda-filings", selectors.lda_filing_get


@browse
class DocketList(BrowseList):
    """regulations.gov dockets by agency and type."""

    resource, selector, params = "dockets", selectors.docket_list, DocketListParams


@browse
class DocketDetail(BrowseDetail):
    """One regulations.gov docket with its documents."""

    resource, selector = "dockets", selectors.docket_get


@browse
class DocketDocuments(BrowseChild):
    """The docket's documents and comments."""

    resource, child, selector, params = "dockets", "documents", selectors.docket_documents, PageParams


@browse
class RegulatoryDocumentList(BrowseList):
    """regulations.gov documents by docket or FR document number (or counts with ?aggregate=)."""

    resource, selector, params, aggregate = (
        "regulatory-documents",
        selectors.regulatory_document_list,
        RegulatoryDocumentListParams,
        True,
    )


@browse
class RegulatoryDocumentDetail(BrowseDetail):
    """One regulations.gov document or comment."""

    resource, selector = "regulatory-documents", selectors.regulatory_document_get


@browse
class HearingList(BrowseList):
    """House committee meetings by Congress, committee and bill."""

    resource, selector, params = "hearings", selectors.hearing_list, HearingListParams


@browse
class HearingDetail(BrowseDetail):
    """One committee meeting with its witnesses and bills."""

    resource, selector = "hearings", selectors.hearing_get


@browse
class StaffList(BrowseList):
    """Congressional staff by name, chamber and office."""

    resource, selector, params = "staff", selectors.staff_list, StaffListParams


@browse
class StaffDetail(BrowseDetail):
    """One congressional staffer."""

    resource, selector = "staff", selectors.staff_get
