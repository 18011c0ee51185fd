"""gao-reports: GAO products converted to Markdown, with Highlights kept apart."""

from apps.core.ids import congress_for_date
from apps.core.plans import LoadContext, Outcome, SearchSpec, SourcePlan, register
from apps.core.upsert import combine, upsert
from apps.documents.models import GaoReport
from apps.documents.parsers import gao
from apps.documents.services.links import now, sync_bill_mentions
from apps.documents.text import gao_citations

SLUG = "gao-reports"


def citation(record: gao.GaoReportRecord) -> str:
    return f"GAO, {record.title}, {record.report_number} ({record.published_at.isoformat()})"


def load(record: gao.GaoReportRecord, ctx: LoadContext) -> Outcome:
    congress = congress_for_date(record.published_at)
    values = record.model_dump(exclude={"report_number"})
    values.update(
        congress=congress,
        citation_string=citation(record),
        cited_products=gao_citations(f"{record.highlights}\n{record.body}", own=record.key),
    )
    _, outcome = upsert(
        GaoReport,
        lookup={"gao_id": record.key},
        values={"report_number": record.report_number, **values},
        stamp={"retrieved_at": now()},
    )
    text = "\n".join((record.highlights, record.body))
    return combine(
        outcome, sync_bill_mentions(source=SLUG, document_id=record.key, text=text, congress=congress)
    )


SEARCH = SearchSpec(
    fts_table="gao_reports_fts",
    content_table="documents_gaoreport",
    public_id_column="gao_id",
    columns=("title", "highlights", "body"),
    weights=(10.0, 4.0, 1.0),
    title_column="title",
    date_column="published_at",
    congress_column="congress",
    chunk_table="gao_reports_chunks",
)

PLAN = register(
    SourcePlan(
        slug=SLUG,
        title="GAO reports",
        publisher="U.S. Government Accountability Office",
        description="GAO reports and testimonies: title, Highlights (what GAO found and recommends) and body, "
        "with the bills they cite.",
        model="documents.GaoReport",
        resource="gao-reports",
        parse=gao.parse,
        load=load,
        sample_paths=("gao",),
        file_glob="gao-*.md",
        citation_template="GAO, {title}, {GAO-YY-NNNNNN} ({YYYY-MM-DD})",
        id_example="gao:GAO-26-108653",
        search=SEARCH,
    )
)
