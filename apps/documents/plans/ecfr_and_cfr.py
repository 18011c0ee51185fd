"""ecfr-and-cfr: eCFR title XML, one record per section with its hierarchy."""

from apps.core.plans import LoadContext, Outcome, SearchSpec, SourcePlan, register
from apps.core.upsert import upsert
from apps.documents.models import CfrSection
from apps.documents.parsers import ecfr
from apps.documents.services.links import now

SLUG = "ecfr-and-cfr"
SECTION_URL = "https://www.ecfr.gov/current/title-{title}/section-{section}"


def load(record: ecfr.CfrSectionRecord, ctx: LoadContext) -> Outcome:
    values = record.model_dump()
    values.update(
        citation_string=f"{record.title} CFR {record.section}",
        source_url=SECTION_URL.format(title=record.title, section=record.section),
    )
    _, outcome = upsert(
        CfrSection, lookup={"cfr_id": record.key}, values=values, stamp={"retrieved_at": now()}
    )
    return outcome


SEARCH = SearchSpec(
    fts_table="cfr_sections_fts",
    content_table="documents_cfrsection",
    public_id_column="cfr_id",
    columns=("heading", "part_heading", "body"),
    weights=(8.0, 3.0, 1.0),
    title_column="heading",
    date_column="published_at",
    chunk_table="cfr_sections_chunks",
)

PLAN = register(
    SourcePlan(
        slug=SLUG,
        title="Code of Federal Regulations (eCFR)",
        publisher="Office of the Federal Register / GPO",
        description="eCFR sections with title, chapter, subchapter, part and subpart, the part's authority "
        "and source notes; joined to Federal Register documents through CFR title + part.",
        model="documents.CfrSection",
        resource="cfr",
        parse=ecfr.parse,
        load=load,
        sample_paths=("ecfr",),
        file_glob="ECFR-title*.xml",
        citation_template="{title} CFR {section}",
        id_example="cfr:1:1.1",
        search=SEARCH,
    )
)
