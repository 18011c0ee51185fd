"""Cross-links stored as canonical strings: bills cited in document text."""

from django.utils import timezone

from apps.documents.models import BillMention
from apps.documents.text import bill_mentions


def now():
    return timezone.now()


def sync_bill_mentions(*, source: str, document_id: str, text: str, congress: int | None) -> bool:
    """Make the document's BillMention rows equal the bills cited in ``text``; True if anything changed."""
    wanted = dict(bill_mentions(text, congress=congress))
    existing = {m.bill_id: m for m in BillMention.objects.filter(document_id=document_id)}
    stale = [m.pk for bill_id, m in existing.items() if bill_id not in wanted]
    new = [
        BillMention(source=source, document_id=document_id, bill_id=bill_id, mention=cited)
        for bill_id, cited in wanted.items()
        if bill_id not in existing
    ]
    changed = [m for bill_id, m in existing.items() if bill_id in wanted and m.mention != wanted[bill_id]]
    for m in changed:
        m.mention = wanted[m.bill_id]
    if stale:
        BillMention.objects.filter(pk__in=stale).delete()
    if new:
        BillMention.objects.bulk_create(new)
    if changed:
        BillMention.objects.bulk_update(changed, ["mention"])
    return bool(stale or new or changed)
