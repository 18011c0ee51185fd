"""federal-register: a GPO daily issue split into its documents, linked to dockets and CFR parts."""

from apps.core.plans import LoadContext, Outcome, SearchSpec, SourcePlan, register
from apps.core.upsert import combine, sync_children, upsert
from apps.documents.models import FrCfrReference, FrDocket, FrDocument
from apps.documents.parsers import fr
from apps.documents.services.links import now

SLUG = "federal-register"
DOCUMENT_URL = "https://www.federalregister.gov/d/{}"


def load(record: fr.FrDocumentRecord, ctx: LoadContext) -> Outcome:
    values = record.model_dump(exclude={"document_number", "cfr_parts"})
    values.update(
        document_number=record.document_number,
        citation_string=f"{record.citation} ({record.published_at.isoformat()})",
        source_url=DOCUMENT_URL.format(record.document_number),
    )
    doc, outcome = upsert(
        FrDocument, lookup={"fr_id": record.key}, values=values, stamp={"retrieved_at": now()}
    )
    dockets = sync_children(
        FrDocket,
        parent_field="document",
        parent_id=doc.pk,
        rows=[{"docket_id": d} for d in record.docket_ids],
        key=("docket_id",),
    )
    parts = sync_children(
        FrCfrReference,
        parent_field="document",
        parent_id=doc.pk,
        rows=[{"title": t, "part": p, "citation": c} for t, p, c in record.cfr_parts],
        key=("title", "part"),
    )
    return combine(outcome, dockets or parts)


SEARCH = SearchSpec(
    fts_table="federal_register_fts",
    content_table="documents_frdocument",
    public_id_column="fr_id",
    columns=("title", "agency", "summary", "body"),
    weights=(10.0, 3.0, 5.0, 1.0),
    title_column="title",
    date_column="published_at",
    chunk_table="federal_register_chunks",
    facets=(("agency", "agency"), ("document_type", "doc_type")),
)

PLAN = register(
    SourcePlan(
        slug=SLUG,
        title="Federal Register",
        publisher="Office of the Federal Register / GPO",
        description="Daily-issue documents (rules, proposed rules, notices, presidential documents) with "
        "document number, agency, RINs, docket ids, CFR parts, and the volume + page citation.",
        model="documents.FrDocument",
        resource="federal-register",
        parse=fr.parse,
        load=load,
        sample_paths=("federal-register",),
        file_glob="FR-*.xml",
        citation_template="{volume} FR {start page} ({YYYY-MM-DD})",
        id_example="fr:2024-02930",
        search=SEARCH,
    )
)
