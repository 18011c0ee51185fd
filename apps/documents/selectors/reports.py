from apps.citations.services import citation_for
from apps.core.pagination import Page, paginate
from apps.documents.models import CrsReport, GaoReport
from apps.documents.schemas import (
    CrsReportListParams,
    CrsReportOut,
    CrsReportSummary,
    GaoReportListParams,
    GaoReportOut,
    GaoReportSummary,
)

from ._common import dated, get_row, mentioning, mentions_of

_CRS_SUMMARY_FIELDS: tuple[str, ...] = (
    "id",
    "crs_id",
    "product_number",
    "version",
    "product_type",
    "title",
    "published_at",
)
_CRS_SUMMARY_FIELDS += ("authors", "topics", "citation_string", "source_url", "retrieved_at")


def _crs_summary(row: CrsReport) -> CrsReportSummary:
    return CrsReportSummary(
        id=row.crs_id,
        product_number=row.product_number,
        version=row.version,
        product_type=row.product_type,
        title=row.title,
        published_at=row.published_at,
        authors=row.authors,
        topics=row.topics,
        citation=citation_for(row),
    )


def crs_report_get(*, id: str) -> CrsReportOut:
    """One CRS product (``crs:R48914``; ``R48914`` accepted) with its text and the bills it cites."""
    row = get_row(
        CrsReport, kind="crs_report", id_field="crs_id", raw=id, label="CRS product", resource="crs-reports"
    )
    return CrsReportOut(
        **_crs_summary(row).model_dump(),
        congress=row.congress,
        body=row.body,
        bills_mentioned=mentions_of(row.crs_id),
        crs_products_cited=row.cited_products,
    )


def crs_report_queryset(*, params: CrsReportListParams):
    """The products a list request's filters match; aggregates reuse it."""
    qs = dated(CrsReport.objects.only(*_CRS_SUMMARY_FIELDS), params)
    if params.product_type:
        qs = qs.filter(product_type=params.product_type)
    if params.author:
        qs = qs.filter(authors_text__icontains=params.author)
    if params.topic:
        qs = qs.filter(topics_text__icontains=params.topic)
    return mentioning(qs, "crs-reports", params.bill_id)


def crs_report_list(*, params: CrsReportListParams) -> Page[CrsReportSummary]:
    """CRS products, newest first, filtered by type, author, topic, date or a bill they cite."""
    qs = crs_report_queryset(params=params)
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_crs_summary)


_GAO_SUMMARY_FIELDS: tuple[str, ...] = (
    "id",
    "gao_id",
    "report_number",
    "title",
    "published_at",
    "is_testimony",
)
_GAO_SUMMARY_FIELDS += ("citation_string", "source_url", "retrieved_at")


def _gao_summary(row: GaoReport) -> GaoReportSummary:
    return GaoReportSummary(
        id=row.gao_id,
        report_number=row.report_number,
        title=row.title,
        published_at=row.published_at,
        is_testimony=row.is_testimony,
        citation=citation_for(row),
    )


def gao_report_get(*, id: str) -> GaoReportOut:
    """One GAO product (``gao:GAO-26-108653``; ``GAO-26-108653`` accepted) with Highlights and body."""
    row = get_row(
        GaoReport, kind="gao_report", id_field="gao_id", raw=id, label="GAO product", resource="gao-reports"
    )
    return GaoReportOut(
        **_gao_summary(row).model_dump(),
        congress=row.congress,
        highlights=row.highlights,
        recommendations=row.recommendations,
        body=row.body,
        bills_mentioned=mentions_of(row.gao_id),
        gao_products_cited=row.cited_products,
    )


def gao_report_queryset(*, params: GaoReportListParams):
    """The products a list request's filters match; aggregates reuse it."""
    qs = dated(GaoReport.objects.only(*_GAO_SUMMARY_FIELDS), params)
    if params.testimony is not None:
        qs = qs.filter(is_testimony=params.testimony)
    return mentioning(qs, "gao-reports", params.bill_id)


def gao_report_list(*, params: GaoReportListParams) -> Page[GaoReportSummary]:
    """GAO products, newest first."""
    qs = gao_report_queryset(params=params)
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_gao_summary)
