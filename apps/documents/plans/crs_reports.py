"""crs-reports: CRS products (Markdown) plus the congress.gov catalog CSV exports."""

from apps.core.ids import congress_for_date
from apps.core.plans import LoadContext, Outcome, SearchSpec, SourcePlan, register
from apps.core.upsert import combine, upsert
from apps.documents.models import CrsCatalogEntry, CrsReport
from apps.documents.models.reports import CrsProductType
from apps.documents.parsers import crs
from apps.documents.services.links import now, sync_bill_mentions
from apps.documents.text import crs_citations

SLUG = "crs-reports"


def citation(record: crs.CrsReportRecord) -> str:
    label = CrsProductType(record.product_type).label
    return f"{label} {record.product_number}, {record.title} ({record.published_at.isoformat()})"


def _catalog_fallback(number: str) -> CrsCatalogEntry | None:
    return CrsCatalogEntry.objects.filter(product_number=number).order_by("-catalog_file").first()


def load(record, ctx: LoadContext) -> Outcome:
    if isinstance(record, crs.CrsCatalogRecord):
        _, outcome = upsert(
            CrsCatalogEntry,
            lookup={"catalog_file": record.catalog_file, "product_number": record.product_number},
            values=record.model_dump(exclude={"catalog_file", "product_number"}),
        )
        return outcome
    authors, topics = record.authors, record.topics
    if not authors or not topics:
        if entry := _catalog_fallback(record.product_number):
            authors, topics = authors or entry.authors, topics or entry.topics
    congress = congress_for_date(record.published_at)
    crs_id = record.key
    report, outcome = upsert(
        CrsReport,
        lookup={"crs_id": crs_id},
        values={
            "product_number": record.product_number,
            "version": record.version,
            "product_type": record.product_type,
            "product_type_label": record.product_type_label,
            "title": record.title,
            "authors": authors,
            "authors_text": "; ".join(authors),
            "topics": topics,
            "topics_text": "; ".join(topics),
            "body": record.body,
            "congress": congress,
            "cited_products": crs_citations(record.body, own=crs_id),
            "source_file": record.source_file,
            "citation_string": citation(record),
            "source_url": record.source_url,
            "published_at": record.published_at,
        },
        stamp={"retrieved_at": now()},
    )
    linked = sync_bill_mentions(source=SLUG, document_id=crs_id, text=record.body, congress=congress)
    return combine(outcome, linked)


SEARCH = SearchSpec(
    fts_table="crs_reports_fts",
    content_table="documents_crsreport",
    public_id_column="crs_id",
    columns=("title", "topics_text", "authors_text", "body"),
    weights=(10.0, 4.0, 2.0, 1.0),
    title_column="title",
    date_column="published_at",
    congress_column="congress",
    chunk_table="crs_reports_chunks",
)

PLAN = register(
    SourcePlan(
        slug=SLUG,
        title="CRS reports",
        publisher="Congressional Research Service (Library of Congress)",
        description="CRS Reports, In Focus, Insights and Legal Sidebars (latest version), with authors, "
        "topics and the bills they cite; plus the congress.gov CRS catalog exports.",
        model="documents.CrsReport",
        resource="crs-reports",
        parse=crs.parse,
        load=load,
        sample_paths=("crs",),
        file_glob="*",
        citation_template="CRS {Report|In Focus|Insight|Legal Sidebar} {number}, {title} ({YYYY-MM-DD})",
        id_example="crs:R48914",
        search=SEARCH,
    )
)
