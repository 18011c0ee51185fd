"""Section building shared by the dossiers: first N items, the total, and more_url when cut."""

from collections.abc import Callable
from urllib.parse import urlencode

from django.db.models import F

from apps.core.conf import knob
from apps.core.plans import registered_plan
from apps.dossiers.schemas import LinkedRecord, Section


def section_limit() -> int:
    return int(knob("DOSSIER_SECTION_LIMIT", 10))


def list_url(resource: str, **params) -> str:
    query = urlencode({k: v for k, v in params.items() if v is not None}, safe=":")
    return f"/v1/{resource}" + (f"?{query}" if query else "")


def section(rows, *, to_item: Callable, more_url: str | None, total: int | None = None) -> Section:
    """One query for the first N+1 rows; a count only when the section was cut (or ``total`` given)."""
    limit = section_limit()
    head = list(rows[: limit + 1])
    truncated = len(head) > limit
    if total is None:
        total = len(rows) if isinstance(rows, list) else rows.count() if truncated else len(head)
    return Section(
        items=[to_item(row) for row in head[:limit]],
        total=total,
        truncated=truncated,
        more_url=more_url if truncated else None,
    )


def from_page(page, *, more_url: str) -> Section:
    """A section from a list selector's first page (its total and cursor say whether it was cut)."""
    truncated = page.pagination.next_cursor is not None
    return Section(
        items=page.results,
        total=page.pagination.total,
        truncated=truncated,
        more_url=more_url if truncated else None,
    )


def linked(slug: str, lookup: dict, *, more_url: str | None) -> Section[LinkedRecord]:
    """Records of source ``slug`` matching ``lookup``, newest first, as LinkedRecord (id/title/date from the
    plan's search spec, so no source is named here)."""
    plan = registered_plan(slug)
    spec = plan.searched
    rows = (
        plan.model_class()
        .objects.filter(**lookup)
        .order_by(F(spec.date_column).desc(nulls_last=True), spec.public_id_column)
        .values_list(spec.public_id_column, spec.title_column, spec.date_column)
    )
    return section(
        rows,
        more_url=more_url,
        to_item=lambda r: LinkedRecord(
            id=r[0], source=slug, title=r[1], date=r[2], url=f"/v1/{plan.resource}/{r[0]}"
        ),
    )
