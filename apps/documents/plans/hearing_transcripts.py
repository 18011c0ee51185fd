"""hearing-transcripts: GovInfo CHRG printed hearings. Not in the demo sample; `manage.py sync` fetches them."""

from apps.core.plans import LoadContext, Outcome, SearchSpec, SourcePlan, register
from apps.core.upsert import upsert
from apps.documents.models import HearingTranscript
from apps.documents.parsers import chrg
from apps.documents.services.links import now

SLUG = "hearing-transcripts"


def citation(record: chrg.HearingTranscriptRecord) -> str:
    held = f", {record.held_on.isoformat()}" if record.held_on else ""
    before = f" before the {record.committee}" if record.committee else ""
    return f"{record.title}: Hearing{before}, {record.congress}th Cong. ({record.package_id}{held})"


def load(record: chrg.HearingTranscriptRecord, ctx: LoadContext) -> Outcome:
    values = record.model_dump(exclude={"package_id"})
    values.update(package_id=record.package_id, citation_string=citation(record), published_at=record.held_on)
    _, outcome = upsert(
        HearingTranscript, lookup={"chrg_id": record.key}, values=values, stamp={"retrieved_at": now()}
    )
    return outcome


SEARCH = SearchSpec(
    fts_table="hearing_transcripts_fts",
    content_table="documents_hearingtranscript",
    public_id_column="chrg_id",
    columns=("title", "committee", "body"),
    weights=(10.0, 3.0, 1.0),
    title_column="title",
    date_column="published_at",
    congress_column="congress",
    chunk_table="hearing_transcripts_chunks",
)

PLAN = register(
    SourcePlan(
        slug=SLUG,
        title="Hearing transcripts",
        publisher="U.S. Government Publishing Office (GovInfo CHRG)",
        description="Printed committee hearing transcripts: title, committee, date, full text and speakers.",
        model="documents.HearingTranscript",
        resource="hearing-transcripts",
        parse=chrg.parse,
        load=load,
        sample_paths=(),
        file_glob="CHRG-*",
        citation_template="{title}: Hearing before the {committee}, {congress}th Cong. ({package id}, {date})",
        id_example="chrg:CHRG-118hhrg12345",
        search=SEARCH,
        has_sample=False,
        sample_note="No GovInfo CHRG transcript is in the demo sample (one real transcript, "
        "corpus/hearing-transcripts/CHRG-111hhrg61852.htm, backs the tests); manage.py sync hearing-transcripts "
        "fetches new ones from GovInfo, and manage.py ingest hearing-transcripts PATH reads CHRG-*.htm/.txt files.",
    )
)
