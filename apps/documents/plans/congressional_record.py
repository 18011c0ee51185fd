"""congressional-record: GPO CREC granules with their speaker turns."""

from apps.core.ids import congress_for_date
from apps.core.plans import LoadContext, Outcome, SearchSpec, SourcePlan, register
from apps.core.upsert import combine, sync_children, upsert
from apps.documents.models import CrecGranule, CrecSpeakerTurn
from apps.documents.parsers import crec
from apps.documents.services.links import now, sync_bill_mentions

SLUG = "congressional-record"


def citation(record: crec.CrecGranuleRecord) -> str:
    day = record.published_at
    return f"{record.volume} Cong. Rec. {record.pages} (daily ed. {day:%B} {day.day}, {day.year})"


def load(record: crec.CrecGranuleRecord, ctx: LoadContext) -> Outcome:
    congress = congress_for_date(record.published_at)
    values = record.model_dump(exclude={"granule_id", "turns"})
    values.update(granule_id=record.granule_id, congress=congress, citation_string=citation(record))
    granule, outcome = upsert(
        CrecGranule, lookup={"crec_id": record.key}, values=values, stamp={"retrieved_at": now()}
    )
    turns = sync_children(
        CrecSpeakerTurn,
        parent_field="granule",
        parent_id=granule.pk,
        rows=[t.model_dump() for t in record.turns],
        key=("order",),
    )
    linked = sync_bill_mentions(source=SLUG, document_id=record.key, text=record.body, congress=congress)
    return combine(outcome, turns or linked)


SEARCH = SearchSpec(
    fts_table="congressional_record_fts",
    content_table="documents_crecgranule",
    public_id_column="crec_id",
    columns=("title", "body"),
    weights=(5.0, 1.0),
    title_column="title",
    date_column="published_at",
    congress_column="congress",
    chunk_table="congressional_record_chunks",
    facets=(("chamber", "chamber"),),
)

PLAN = register(
    SourcePlan(
        slug=SLUG,
        title="Congressional Record",
        publisher="U.S. Government Publishing Office",
        description="Daily Congressional Record granules (Senate, House, Extensions of Remarks, Daily Digest) "
        "with volume, number, pages, and speaker turns (who said what, with offsets).",
        model="documents.CrecGranule",
        resource="congressional-record",
        parse=crec.parse,
        load=load,
        sample_paths=("congressional-record",),
        file_glob="CREC-*.htm",
        citation_template="{volume} Cong. Rec. {pages} (daily ed. {Month D, YYYY})",
        id_example="crec:CREC-2005-07-20-pt1-PgS8587-2",
        search=SEARCH,
    )
)
