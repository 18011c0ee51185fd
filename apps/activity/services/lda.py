"""Load an LdaFilingRecord: the filing, its activities, lobbyists and bill mentions."""

from django.utils import timezone

from apps.activity.models import (
    LobbyingActivity,
    LobbyingBillMention,
    LobbyingDocketMention,
    LobbyingFiling,
    LobbyingLobbyist,
)
from apps.activity.parsers.lda import LdaFilingRecord
from apps.core.plans import LoadContext, Outcome
from apps.core.upsert import combine, sync_children, upsert

_CHILDREN = {"activities", "lobbyists", "bill_mentions", "docket_mentions", "public_id"}


def lda_filing_load(record: LdaFilingRecord, ctx: LoadContext) -> Outcome:
    values = record.model_dump(exclude=_CHILDREN)
    values["published_at"] = record.signed_on
    filing, outcome = upsert(
        LobbyingFiling,
        lookup={"public_id": record.public_id},
        values=values,
        stamp={"retrieved_at": timezone.now()},
    )
    changed = sync_children(
        LobbyingActivity,
        parent_field="filing",
        parent_id=filing.pk,
        rows=[a.model_dump() for a in record.activities],
        key=("seq",),
    )
    changed |= sync_children(
        LobbyingLobbyist,
        parent_field="filing",
        parent_id=filing.pk,
        rows=[p.model_dump() for p in record.lobbyists],
        key=("activity_seq", "seq"),
    )
    changed |= sync_children(
        LobbyingBillMention,
        parent_field="filing",
        parent_id=filing.pk,
        rows=[m.model_dump() for m in record.bill_mentions],
        key=("activity_seq", "bill_id"),
    )
    changed |= sync_children(
        LobbyingDocketMention,
        parent_field="filing",
        parent_id=filing.pk,
        rows=[m.model_dump() for m in record.docket_mentions],
        key=("activity_seq", "docket_number"),
    )
    return combine(outcome, changed)
