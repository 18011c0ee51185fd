"""Load staff directory rows."""

from django.utils import timezone

from apps.activity.models import StaffMember
from apps.activity.parsers.staff import StaffRecord
from apps.core.plans import LoadContext, Outcome
from apps.core.upsert import upsert


def staff_load(record: StaffRecord, ctx: LoadContext) -> Outcome:
    row = record.row
    values = row.model_dump(exclude={"as_of"})
    values.update(citation_string=record.citation_string, published_at=row.as_of)
    _, outcome = upsert(
        StaffMember,
        lookup={"public_id": record.public_id},
        values=values,
        stamp={"retrieved_at": timezone.now()},
    )
    return outcome
