from apps.activity.ids import staff_canonical
from apps.activity.models import StaffMember
from apps.activity.schemas import StaffOut
from apps.citations.services import citation_for
from apps.core.errors import NotFound


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
    return StaffOut(
        id=row.public_id,
        name=row.name,
        title=row.title,
        office=row.office,
        chamber=row.chamber,
        member_bioguide=row.member_bioguide,
        committee_id=row.committee_id,
        email=row.email,
        phone=row.phone,
        citation=citation_for(row),
    )
