"""What Federal Register documents and CRS/GAO products may be counted and bucketed by
(see apps.core.aggregates)."""

from apps.core.aggregates import AggregateSpec, register_aggregate
from apps.documents.schemas import CrsReportListParams, FrDocumentListParams, GaoReportListParams
from apps.documents.selectors.federal_register import fr_document_queryset
from apps.documents.selectors.reports import crs_report_queryset, gao_report_queryset

register_aggregate(
    AggregateSpec(
        resource="federal-register",
        queryset=fr_document_queryset,
        params_model=FrDocumentListParams,
        group_fields={
            "doc_type": "doc_type",
            "agency": "agency",
            "sub_agency": "sub_agency",
            "docket_id": "dockets__docket_id",
            "cfr_title": "cfr_parts__title",
        },
        multi_valued=frozenset({"docket_id", "cfr_title"}),
        time_fields={
            "published_at": "published_at",
            "effective_on": "effective_on",
            "comments_close_on": "comments_close_on",
        },
        examples={
            "doc_type": "RULE",
            "agency": "DEPARTMENT OF COMMERCE",
            "sub_agency": "National Oceanic and Atmospheric Administration",
            "docket_id": "USCG-2024-0130",
            "cfr_title": 42,
        },
        description="Federal Register documents (rules, proposed rules, notices, presidential documents).",
    )
)

register_aggregate(
    AggregateSpec(
        resource="crs-reports",
        queryset=crs_report_queryset,
        params_model=CrsReportListParams,
        group_fields={"product_type": "product_type", "congress": "congress", "topic": "topics"},
        multi_valued=frozenset({"topic"}),
        time_fields={"published_at": "published_at"},
        examples={"product_type": "in_focus", "congress": 119, "topic": "Defense & Intelligence"},
        description="CRS products (reports, In Focus, Insights...; a product counts under each topic).",
    )
)

register_aggregate(
    AggregateSpec(
        resource="gao-reports",
        queryset=gao_report_queryset,
        params_model=GaoReportListParams,
        group_fields={"is_testimony": "is_testimony", "congress": "congress"},
        time_fields={"published_at": "published_at"},
        examples={"is_testimony": False, "congress": 119, "testimony": False},
        description="GAO reports and testimonies.",
    )
)
