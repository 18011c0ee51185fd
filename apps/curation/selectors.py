"""Data quality for every source: how complete each field is, and how the last run's counts reconcile with
the rows stored (stubs other sources created, tables shared with other sources, quarantined records)."""

from django.contrib.contenttypes.models import ContentType
from django.db import models
from django.db.models import Count, Q
from pydantic import BaseModel, Field

from apps.core.models import IngestRun
from apps.core.plans import SourcePlan, all_plans, get_plan
from apps.curation.fields import plain_columns
from apps.curation.models import Correction, ReviewFlag


class FieldGap(BaseModel):
    field: str
    missing: int = Field(description="Rows with no value (null or empty).")
    percent: float


class Reconciliation(BaseModel):
    stored: int = Field(description="Rows in the source's table now.")
    last_run_records: int | None = Field(description="Records the last run read and wrote (or found equal).")
    difference: int | None = Field(description="stored - last_run_records.")
    explained: list[str] = Field(description="Where the difference comes from, largest part first.")


class SourceQuality(BaseModel):
    slug: str
    title: str
    model: str
    records: int
    last_run_id: int | None
    last_run_status: str | None
    reconciliation: Reconciliation
    gaps: list[FieldGap] = Field(description="Fields with missing values, most missing first.")
    corrections: int = Field(description="Corrections served now (reverted ones not counted).")
    open_flags: int


def _empty(field: models.Field) -> Q:
    q = Q(**{f"{field.name}__isnull": True})
    if isinstance(field, models.CharField | models.TextField):
        q |= Q(**{field.name: ""})
    return q


def _gaps(model, total: int) -> list[FieldGap]:
    fields = [model._meta.get_field(name) for name in plain_columns(model)]
    if not fields or not total:
        return []
    counts = model.objects.aggregate(**{f.name: Count("pk", filter=_empty(f)) for f in fields})
    gaps = [
        FieldGap(field=name, missing=n, percent=round(100 * n / total, 1)) for name, n in counts.items() if n
    ]
    return sorted(gaps, key=lambda g: (-g.missing, g.field))


def _reconcile(plan: SourcePlan, model, stored: int, run: IngestRun | None) -> Reconciliation:
    if run is None:
        return Reconciliation(
            stored=stored, last_run_records=None, difference=None, explained=["no run recorded yet"]
        )
    written = run.inserted + run.updated + run.noop
    difference = stored - written
    explained: list[str] = []
    rest = difference
    if any(f.name == "is_stub" for f in model._meta.concrete_fields):
        stubs = model.objects.filter(is_stub=True).count()
        if stubs:
            explained.append(
                f"{stubs} stub records created by other sources that mention a record this source's file "
                "does not hold (e.g. a member named on a bill or a vote)"
            )
            rest -= stubs
    sharing = [p.slug for p in all_plans() if p.slug != plan.slug and p.model_class() is model]
    if sharing and rest:
        explained.append(f"rows written by other sources sharing this table: {', '.join(sharing)}")
    if run.quarantined_count:
        explained.append(f"{run.quarantined_count} records of the last run were quarantined (not written)")
    if rest and not sharing:
        explained.append(
            f"{rest} rows from earlier runs or files not in the last run"
            if rest > 0
            else f"{-rest} records the last run counted more than once (a record in two files, or several "
            "records per row)"
        )
    if not explained:
        explained.append("none: the last run wrote every stored row")
    return Reconciliation(stored=stored, last_run_records=written, difference=difference, explained=explained)


def source_quality(plan: SourcePlan) -> SourceQuality:
    model = plan.model_class()
    stored = model.objects.count()
    run = IngestRun.objects.filter(source=plan.slug, dry_run=False).order_by("-started_at").first()
    ct = ContentType.objects.get_for_model(model, for_concrete_model=False)
    return SourceQuality(
        slug=plan.slug,
        title=plan.title,
        model=model._meta.label,
        records=stored,
        last_run_id=run.pk if run else None,
        last_run_status=run.status if run else None,
        reconciliation=_reconcile(plan, model, stored, run),
        gaps=_gaps(model, stored),
        corrections=Correction.objects.filter(content_type=ct, status=Correction.Status.ACTIVE).count(),
        open_flags=ReviewFlag.objects.filter(content_type=ct, resolved=False).count(),
    )


def all_sources_quality() -> list[SourceQuality]:
    return [source_quality(plan) for plan in all_plans()]


def quality_for(slug: str) -> SourceQuality:
    from apps.core.errors import NotFound

    plan = get_plan(slug)
    if plan is None:
        raise NotFound(f"No source '{slug}'.")
    return source_quality(plan)
