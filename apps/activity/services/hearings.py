"""Load House committee meetings and witness lists.

The meeting file owns the hearing's fields, committees, documents and bills; the witness list owns the
witnesses. A witness list whose meeting is not (yet) known creates the hearing from what its document
URLs say and never touches a hearing that exists, so either file order converges and re-ingest is noop.
"""

from django.utils import timezone

from apps.activity.models import Hearing, HearingBill, HearingCommittee, HearingDocument, HearingWitness
from apps.activity.parsers.hearings import MeetingRecord, WitnessListRecord
from apps.core.plans import LoadContext, Outcome
from apps.core.upsert import combine, sync_children, upsert


def _committees(hearing: Hearing, committees) -> bool:
    return sync_children(
        HearingCommittee,
        parent_field="hearing",
        parent_id=hearing.pk,
        rows=[c.model_dump() for c in committees],
        key=("code",),
    )


def meeting_load(record: MeetingRecord, ctx: LoadContext) -> Outcome:
    hearing, outcome = upsert(
        Hearing,
        lookup={"event_id": record.event_id},
        values={"public_id": record.public_id, **record.values},
        stamp={"retrieved_at": timezone.now()},
    )
    changed = _committees(hearing, record.committees)
    changed |= sync_children(
        HearingDocument,
        parent_field="hearing",
        parent_id=hearing.pk,
        rows=[d.model_dump() for d in record.documents],
        key=("seq",),
    )
    changed |= sync_children(
        HearingBill,
        parent_field="hearing",
        parent_id=hearing.pk,
        rows=[b.model_dump() for b in record.bills],
        key=("bill_id",),
    )
    return combine(outcome, changed)


def witness_list_load(record: WitnessListRecord, ctx: LoadContext) -> Outcome:
    hearing = Hearing.objects.filter(event_id=record.event_id).first()
    outcome = Outcome.NOOP
    if hearing is None:
        hearing = Hearing.objects.create(
            public_id=record.public_id,
            event_id=record.event_id,
            retrieved_at=timezone.now(),
            **record.derived,
        )
        _committees(hearing, record.committees)
        outcome = Outcome.INSERT
    changed = sync_children(
        HearingWitness,
        parent_field="hearing",
        parent_id=hearing.pk,
        rows=[w.model_dump() for w in record.witnesses],
        key=("panel", "seq"),
    )
    return combine(outcome, changed)


def hearing_load(record, ctx: LoadContext) -> Outcome:
    return meeting_load(record, ctx) if isinstance(record, MeetingRecord) else witness_list_load(record, ctx)
