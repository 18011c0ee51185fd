"""What lobbying filings and regulations.gov documents may be counted, summed and bucketed by
(see apps.core.aggregates)."""

from apps.activity.schemas import HearingListParams, LdaFilingListParams, RegulatoryDocumentListParams
from apps.activity.selectors.hearings import hearing_queryset
from apps.activity.selectors.lda import lda_filing_queryset
from apps.activity.selectors.regulations import regulatory_document_queryset
from apps.core.aggregates import AggregateSpec, register_aggregate

register_aggregate(
    AggregateSpec(
        resource="lda-filings",
        queryset=lda_filing_queryset,
        params_model=LdaFilingListParams,
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
    )
)

register_aggregate(
    AggregateSpec(
        resource="regulatory-documents",
        queryset=regulatory_document_queryset,
        params_model=RegulatoryDocumentListParams,
        group_fields={
            "agency": "agency_id",
            "kind": "kind",
            "document_type": "document_type",
            "docket": "docket_number",
        },
        sum_fields={"comment_count": "comment_count"},
        time_fields={"posted_at": "posted_at", "comment_end_at": "comment_end_at"},
        examples={"agency": "FAA", "kind": "comment", "document_type": "Notice", "docket": "FAA-2018-1084"},
        description="regulations.gov documents and public comments.",
    )
)

register_aggregate(
    AggregateSpec(
        resource="hearings",
        queryset=hearing_queryset,
        params_model=HearingListParams,
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
    )
)
