"""The document sources' resources: CRS and GAO products, Federal Register documents, executive orders, CFR
and U.S. Code sections, Congressional Record granules and hearing transcripts. Every record carries
``citation``.

Each is declared once here; its REST routes, browse pages, ``fetch`` routing and aggregate spec are derived
from the declaration (apps.core.resources).
"""

from apps.core.aggregates import AggregateSpec
from apps.core.resources import Resource, register_resource
from apps.documents import selectors
from apps.documents.ids import KINDS
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
from apps.documents.selectors.federal_register import fr_document_queryset
from apps.documents.selectors.reports import crs_report_queryset, gao_report_queryset

KIND = {kind.resource: kind for kind in KINDS}

register_resource(
    Resource(
        name="crs-reports",
        app=__package__,
        singular="crs_report",
        id_kind=KIND["crs-reports"],
        list=selectors.crs_report_list,
        hit=CrsReportSummary,
        params=CrsReportListParams,
        list_summary="CRS products by type, author, topic, bill",
        list_doc="CRS products by type, author, topic and bill (or counts with ?aggregate=).",
        aggregate=AggregateSpec(
            queryset=crs_report_queryset,
            group_fields={"product_type": "product_type", "congress": "congress", "topic": "topics"},
            multi_valued=frozenset({"topic"}),
            time_fields={"published_at": "published_at"},
            examples={"product_type": "in_focus", "congress": 119, "topic": "Defense & Intelligence"},
            description="CRS products (reports, In Focus, Insights...; a product counts under each topic).",
        ),
        get=selectors.crs_report_get,
        out=CrsReportOut,
        get_summary="One CRS product with text and cited bills",
        get_doc="One CRS product with its text and the bills it cites.",
    )
)

register_resource(
    Resource(
        name="gao-reports",
        app=__package__,
        singular="gao_report",
        id_kind=KIND["gao-reports"],
        list=selectors.gao_report_list,
        hit=GaoReportSummary,
        params=GaoReportListParams,
        list_summary="GAO reports and testimonies",
        list_doc="GAO reports and testimonies (or counts with ?aggregate=).",
        aggregate=AggregateSpec(
            queryset=gao_report_queryset,
            group_fields={"is_testimony": "is_testimony", "congress": "congress"},
            time_fields={"published_at": "published_at"},
            examples={"is_testimony": False, "congress": 119, "testimony": False},
            description="GAO reports and testimonies.",
        ),
        get=selectors.gao_report_get,
        out=GaoReportOut,
        get_summary="One GAO product with Highlights and body",
        get_doc="One GAO product with Highlights and body.",
    )
)

register_resource(
    Resource(
        name="federal-register",
        app=__package__,
        singular="fr_document",
        plural="fr_documents",
        id_kind=KIND["federal-register"],
        list=selectors.fr_document_list,
        hit=FrDocumentSummary,
        params=FrDocumentListParams,
        list_summary="FR documents by type, agency, docket",
        list_doc="Federal Register documents by type, agency and docket (or counts with ?aggregate=).",
        aggregate=AggregateSpec(
            queryset=fr_document_queryset,
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
        ),
        get=selectors.fr_document_get,
        out=FrDocumentOut,
        get_summary="One FR document: dockets, CFR parts, text",
        get_doc="One Federal Register document: dockets, CFR parts, text.",
    )
)

register_resource(
    Resource(
        name="executive-orders",
        app=__package__,
        singular="executive_order",
        id_kind=KIND["executive-orders"],
        list=selectors.executive_order_list,
        hit=ExecutiveOrderOut,
        params=ExecutiveOrderListParams,
        list_summary="Executive orders, newest first",
        list_doc="Executive orders, newest first.",
        get=selectors.executive_order_get,
        out=ExecutiveOrderOut,
        get_summary="One executive order",
        get_doc="One executive order, linked to its Federal Register document.",
    )
)

register_resource(
    Resource(
        name="cfr",
        app=__package__,
        singular="cfr_section",
        plural="cfr_sections",
        id_kind=KIND["cfr"],
        list=selectors.cfr_section_list,
        hit=CfrSectionSummary,
        params=CfrSectionListParams,
        list_summary="CFR sections by title and part",
        list_doc="CFR sections by title and part.",
        get=selectors.cfr_section_get,
        out=CfrSectionOut,
        get_summary="One CFR section with its hierarchy",
        get_doc="One CFR section with its hierarchy.",
    )
)

register_resource(
    Resource(
        name="us-code",
        app=__package__,
        singular="usc_section",
        plural="usc_sections",
        id_kind=KIND["us-code"],
        list=selectors.usc_section_list,
        hit=UscSectionSummary,
        params=UscSectionListParams,
        list_summary="U.S. Code sections by title",
        list_doc="U.S. Code sections by title.",
        get=selectors.usc_section_get,
        out=UscSectionOut,
        get_summary="One U.S. Code section, notes apart",
        get_doc="One U.S. Code section, notes apart.",
    )
)

register_resource(
    Resource(
        name="congressional-record",
        app=__package__,
        singular="crec_granule",
        plural="crec_granules",
        id_kind=KIND["congressional-record"],
        list=selectors.crec_granule_list,
        hit=CrecGranuleSummary,
        params=CrecGranuleListParams,
        list_summary="Congressional Record granules",
        list_doc="Congressional Record granules.",
        get=selectors.crec_granule_get,
        out=CrecGranuleOut,
        get_summary="One granule with speaker turns",
        get_doc="One Congressional Record granule with its speaker turns and the bills it mentions.",
    )
)

register_resource(
    Resource(
        name="hearing-transcripts",
        app=__package__,
        singular="hearing_transcript",
        id_kind=KIND["hearing-transcripts"],
        list=selectors.hearing_transcript_list,
        hit=HearingTranscriptSummary,
        params=HearingTranscriptListParams,
        list_summary="Printed hearing transcripts",
        list_doc="Printed hearing transcripts.",
        get=selectors.hearing_transcript_get,
        out=HearingTranscriptOut,
        get_summary="One hearing transcript",
        get_doc="One hearing transcript.",
    )
)
