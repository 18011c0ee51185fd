from apps.activity.ids import staff_canonical
from apps.activity.models import StaffMember
from apps.activity.schemas import StaffHit, StaffListParams, StaffOut
from apps.activity.selectors._names import ranked_page
from apps.citations.services import citation_for
from apps.core.errors import NotFound
from apps.core.pagination import Page, paginate
from apps.registry.selectors.crosswalk import bioguide_for_filter


def _out(row: StaffMember) -> dict:
    return {
        "id": row.public_id,
        "name": row.name,
        "title": row.title,
        "office": row.office,
        "chamber": row.chamber,
        "member_bioguide": row.member_bioguide,
        "committee_id": row.committee_id,
        "email": row.email,
        "phone": row.phone,
        "citation": citation_for(row),
    }


def staff_get(*, id: str) -> StaffOut:
    """One staffer as a staff directory lists them."""
    canonical = staff_canonical(id)
    row = StaffMember.objects.filter(public_id=canonical).first()
    if row is None:
        raise NotFound(
            f"No staff member {canonical}. No staff directory ships with Josh; ingest one with "
            "manage.py ingest staff-directories <file>.",
            hint={"id": canonical},
        )
    return StaffOut(**_out(row))


def _member(value: str | None) -> str | None:
    return bioguide_for_filter("member_bioguide", value) if value else None


def staff_list(*, params: StaffListParams) -> Page[StaffHit]:
    """Staff by chamber, member office or committee; with ``q`` ranked by name match."""
    equal = {
        k: v
        for k, v in (
            ("chamber", params.chamber),
            ("member_bioguide", _member(params.member_bioguide)),
            ("committee_id", (params.committee_id or "").upper() or None),
        )
        if v
    }
    if params.q:
        return ranked_page(
            queryset=StaffMember.objects.all(),
            fts_table="staff_fts",
            q=params.q,
            filters=equal,
            limit=params.limit,
            cursor=params.cursor,
            to_schema=lambda row, score: StaffHit(**_out(row), score=score),
        )
    qs = StaffMember.objects.filter(**equal).order_by("chamber", "office", "name")
    return paginate(
        qs, limit=params.limit, cursor=params.cursor, to_schema=lambda r: StaffHit(**_out(r), score=None)
    )
