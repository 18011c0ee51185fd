"""The source catalogue (/v1/sources, MCP list_sources): every registered plan with its live shape."""

from django.db.models import Max

from apps.core.db import coverage as vector_coverage
from apps.core.db.introspect import SchemaSnapshot, schema_snapshot
from apps.core.errors import NotFound
from apps.core.freshness import last_synced_by_plan
from apps.core.models import IngestRun
from apps.core.plans import SourcePlan, all_plans, get_plan
from apps.core.schemas import EmbeddingOut, SourceOut
from apps.core.services.runs import ingest_state, latest_runs
from apps.core.source_aliases import aliases_of, canonical_source


def plan_shape(plan: SourcePlan, snapshot: SchemaSnapshot | None = None) -> str:
    """The plan's shape (``SchemaSnapshot.shape``) from the live schema; pass one ``snapshot`` to read many
    plans' shapes in one pass."""
    spec = plan.search
    if spec is None:
        return "registry"
    chunk_base = spec.chunk_table.removesuffix("_chunks") if spec.chunk_table else None
    return (snapshot or schema_snapshot()).shape(fts_table=spec.fts_table, chunk_base=chunk_base)


def _searchable(shape: str) -> list[str]:
    return {"body": ["lexical", "semantic"], "short-body": ["lexical"]}.get(shape, [])


def embedding_out(plan: SourcePlan, shape: str, documents: int) -> EmbeddingOut | None:
    if shape != "body":
        return None
    embedded, stale = vector_coverage.coverage(plan.search)
    todo = documents - embedded + stale
    note = (
        "Vectors are up to date."
        if not todo
        else f"{todo} document(s) have no vectors of their current text: run "
        f"`python manage.py embed --source {plan.slug}`."
    )
    coverage = round(embedded / documents, 4) if documents else 1.0
    return EmbeddingOut(documents=documents, embedded=embedded, coverage=coverage, stale=stale, note=note)


def newest_record_date(plan: SourcePlan):
    model = plan.model_class()
    if not any(f.name == "published_at" for f in model._meta.get_fields()):
        return None
    return model.objects.aggregate(newest=Max("published_at"))["newest"]  # indexed: one index seek


def _source_out(plan: SourcePlan, as_of, run: IngestRun | None, synced: dict) -> SourceOut:
    shape = plan_shape(plan)
    count = plan.model_class().objects.count()
    state, note = ingest_state(run)
    return SourceOut(
        slug=plan.slug,
        aliases=aliases_of(plan.slug),
        title=plan.title,
        publisher=plan.publisher,
        description=plan.description,
        shape=shape,
        resource=plan.resource,
        id_example=plan.id_example,
        count=count,
        as_of=as_of,
        last_synced_at=synced.get(plan.slug),
        newest_record_date=newest_record_date(plan),
        has_sample=plan.has_sample,
        sample_note=plan.sample_note,
        citation_template=plan.citation_template,
        license=plan.license,
        searchable=_searchable(shape),
        ingest_state=state,
        ingest_note=note,
        embedding=embedding_out(plan, shape, count),
    )


def sources_list() -> list[SourceOut]:
    """Every source Josh knows, with its shape, record count and freshness."""
    as_of = dict(
        IngestRun.objects.filter(status__in=["success", "partial"], dry_run=False)
        .values_list("source")
        .annotate(last=Max("finished_at"))
    )
    latest, synced = latest_runs(), last_synced_by_plan()
    return [_source_out(plan, as_of.get(plan.slug), latest.get(plan.slug), synced) for plan in all_plans()]


def source_get(*, slug: str) -> SourceOut:
    slug = canonical_source(slug)
    plan = get_plan(slug)
    if plan is None:
        raise NotFound(
            f"No source '{slug}'. GET /v1/sources lists them.",
            hint={"valid_sources": [p.slug for p in all_plans()]},
        )
    last = IngestRun.objects.filter(source=slug, status__in=["success", "partial"], dry_run=False).first()
    latest = IngestRun.objects.filter(source=slug, dry_run=False).first()
    return _source_out(plan, last.finished_at if last else None, latest, last_synced_by_plan())
