"""us-code: OLRC USLM titles, one record per section; notes kept apart from the operative text."""

from apps.core.plans import LoadContext, Outcome, SearchSpec, SourcePlan, register
from apps.core.upsert import upsert
from apps.documents.models import UscSection
from apps.documents.parsers import uslm
from apps.documents.services.links import now

SLUG = "us-code"
SECTION_URL = "https://uscode.house.gov/view.xhtml?req=granuleid:USC-prelim-title{title}-section{section}"


def load(record: uslm.UscSectionRecord, ctx: LoadContext) -> Outcome:
    values = record.model_dump()
    values.update(
        citation_string=f"{record.title} U.S.C. {record.section}",
        source_url=SECTION_URL.format(title=record.title, section=record.section),
    )
    _, outcome = upsert(
        UscSection, lookup={"usc_id": record.key}, values=values, stamp={"retrieved_at": now()}
    )
    return outcome


SEARCH = SearchSpec(
    fts_table="us_code_fts",
    content_table="documents_uscsection",
    public_id_column="usc_id",
    columns=("heading", "body", "notes"),
    weights=(8.0, 1.0, 0.3),
    title_column="heading",
    date_column="published_at",
    chunk_table="us_code_chunks",
)

PLAN = register(
    SourcePlan(
        slug=SLUG,
        title="United States Code",
        publisher="Office of the Law Revision Counsel, U.S. House of Representatives",
        description="U.S. Code sections (USLM): heading, chapeau and operative text, source credit, and the "
        "editorial/statutory notes kept apart.",
        model="documents.UscSection",
        resource="us-code",
        parse=uslm.parse,
        load=load,
        sample_paths=("us-code",),
        file_glob="usc*.xml",
        citation_template="{title} U.S.C. {section}",
        id_example="usc:1:112a",
        search=SEARCH,
    )
)
