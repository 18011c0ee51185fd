"""The records behind the two citation forms that are not ids: an FR page and a committee report."""

from django.db.models import F

from apps.bills.models import CommitteeReport
from apps.documents.models import FrDocument


def fr_document_at(volume: int, page: int) -> FrDocument | None:
    """The FR document printed on ``page`` of ``volume``. A page where one document ends and the next begins
    is cited for the one that begins there (an FR citation names a document's first page), so the latest
    start wins."""
    return (
        FrDocument.objects.filter(volume=volume, start_page__lte=page, end_page__gte=page)
        .only("fr_id", "document_number", "title", "volume", "start_page", "end_page")
        .order_by("-start_page", "document_number")
        .first()
    )


def bill_for_report(
    *, report_type: str, congress: int, number: int, part: int | None = None
) -> CommitteeReport | None:
    """The reference row of a committee report (with its bill); without a part, the report's first part."""
    rows = CommitteeReport.objects.filter(report_type=report_type, congress=congress, number=number)
    if part is not None:
        rows = rows.filter(part=part)
    return rows.select_related("bill").order_by(F("part").asc(nulls_first=True), "bill__bill_id").first()
