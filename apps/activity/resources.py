"""The activity resources: lobbying filings, regulations.gov dockets (with their documents) and documents,
House committee meetings and congressional staff.

Each is declared once here; its REST routes, browse pages, ``fetch`` routing, name resolution (the registry
sources ``resolve_entity`` ranks by name) and aggregate spec are derived from the declaration
(apps.core.resources). Their id kinds are registered by ``apps/activity/ids.py`` with the plans.
"""

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
from apps.activity.selectors.hearings import hearing_queryset
from apps.activity.selectors.lda import lda_filing_queryset
from apps.activity.selectors.regulations import regulatory_document_queryset
from apps.core.aggregates import AggregateSpec
from apps.core.pagination import Page
from apps.core.resources import Child, Resource, register_resource

register_resource(
    Resource(
        name="lda-filings",
        app=__package__,
        singular="lda_filing",
        resolve_source="lda-filings",
        list=selectors.lda_filing_list,
        hit=LdaFilingHit,
        params=LdaFilingListParams,
        list_summary="Lobbying filings by year, client, registrant, issue",
        list_doc="Lobbying filings by year, client, registrant and issue (or counts with ?aggregate=).",
        aggregate=AggregateSpec(
            queryset=lda_filing_queryset,
            group_fields={
                "year": "year",
                "quarter": "quarter",
                "form": "form",
                "filing_type": "filing_type",
                "client": "client_name",
                "registrant": "registrant_name",
                "client_state": "client_state",
                "issue_code": "activities__issue_code",
            },
            multi_valued=frozenset({"issue_code"}),
            sum_fields={"income": "income", "expenses": "expenses"},
            time_fields={"signed_on": "signed_on", "effective_date": "effective_date"},
            unsupported_params=("q",),
            examples={
                "year": 2013,
                "quarter": 4,
                "form": "LD-2",
                "filing_type": "RR",
                "client": "Teco Coal Corporation",
                "registrant": "ALSTON & BIRD, LLP",
                "client_state": "PR",
                "issue_code": "TRA",
            },
            description="LD-1/LD-2 lobbying filings (a filing with several issue codes counts, with its full "
            "income/expenses, under each).",
        ),
        get=selectors.lda_filing_get,
        out=LdaFilingOut,
        get_summary="One LD-1/LD-2 filing with lobbyists and cited bills",
        get_doc="One LD-1/LD-2 filing with its lobbyists and the bills it cites.",
    )
)

register_resource(
    Resource(
        name="dockets",
        app=__package__,
        singular="docket",
        resolve_source="regulations-dot-gov-dockets",
        list=selectors.docket_list,
        hit=DocketOut,
        params=DocketListParams,
        list_summary="regulations.gov dockets by agency and type",
        list_doc="regulations.gov dockets by agency and type.",
        get=selectors.docket_get,
        out=DocketOut,
        get_summary="One regulations.gov docket with its documents",
        get_doc="One regulations.gov docket with its documents.",
        children=(
            Child(
                path="documents",
                operation="docket_documents",
                selector=selectors.docket_documents,
                params=PageParams,
                response=Page[RegulatoryDocumentSummary],
                summary="A docket's documents and comments",
                browse_doc="The docket's documents and comments.",
            ),
        ),
    )
)

register_resource(
    Resource(
        name="regulatory-documents",
        app=__package__,
        singular="regulatory_document",
        list=selectors.regulatory_document_list,
        hit=RegulatoryDocumentSummary,
        params=RegulatoryDocumentListParams,
        list_summary="Documents by docket or FR document number",
        list_doc="regulations.gov documents by docket or FR document number (or counts with ?aggregate=).",
        aggregate=AggregateSpec(
            queryset=regulatory_document_queryset,
            group_fields={
                "agency": "agency_id",
                "kind": "kind",
                "document_type": "document_type",
                "docket": "docket_number",
            },
            sum_fields={"comment_count": "comment_count"},
            time_fields={"posted_at": "posted_at", "comment_end_at": "comment_end_at"},
            examples={
                "agency": "FAA",
                "kind": "comment",
                "document_type": "Notice",
                "docket": "FAA-2018-1084",
            },
            description="regulations.gov documents and public comments.",
        ),
        get=selectors.regulatory_document_get,
        out=RegulatoryDocumentOut,
        get_summary="One regulations.gov document or comment",
        get_doc="One regulations.gov document or comment.",
    )
)

register_resource(
    Resource(
        name="hearings",
        app=__package__,
        singular="hearing",
        resolve_source="hearings",
        list=selectors.hearing_list,
        hit=HearingHit,
        params=HearingListParams,
        list_summary="House committee meetings by congress, committee, bill",
        list_doc="House committee meetings by Congress, committee and bill.",
        aggregate=AggregateSpec(
            queryset=hearing_queryset,
            group_fields={
                "congress": "congress",
                "meeting_type": "meeting_type",
                "committee": "committees__thomas_id",
            },
            multi_valued=frozenset({"committee"}),
            time_fields={"date": "date"},
            unsupported_params=("q",),
            examples={"congress": 113, "meeting_type": "HMTG", "committee": "HSRU"},
            description="House committee meetings (a joint meeting counts under each committee).",
        ),
        get=selectors.hearing_get,
        out=HearingOut,
        get_summary="One committee meeting with witnesses and bills",
        get_doc="One committee meeting with its witnesses and bills.",
    )
)

register_resource(
    Resource(
        name="staff",
        app=__package__,
        singular="staff",
        resolve_source="staff-directories",
        list=selectors.staff_list,
        hit=StaffHit,
        params=StaffListParams,
        list_summary="Congressional staff by name, chamber, office",
        list_doc="Congressional staff by name, chamber and office.",
        get=selectors.staff_get,
        out=StaffOut,
        get_summary="One congressional staffer",
        get_doc="One congressional staffer.",
    )
)
