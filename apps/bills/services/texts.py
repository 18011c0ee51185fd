"""Load one USLM bill-text version and keep the bill's ``body`` equal to its latest text."""

from datetime import date

from apps.bills.models import Bill, BillTextVersion
from apps.bills.naming import bill_citation, bill_text_url, bill_url, text_version_citation
from apps.bills.parsing.billtext import BillTextRecord
from apps.bills.services.common import run_stamp
from apps.core.plans import LoadContext, Outcome
from apps.core.upsert import upsert

# Where a version sits in the legislative process; the bill's body is the text of the highest-ranked
# version that has text (ties: the later date, then the code). Unknown codes rank with the reported ones.
VERSION_RANK = {
    "ih": 1, "is": 1, "ath": 5, "ats": 5, "enr": 5,
    "eh": 3, "es": 3, "cph": 3, "cps": 3,
    "eah": 4, "eas": 4, "pl": 6,
}  # fmt: skip
DEFAULT_RANK = 2


def version_order(version_code: str, day: date | None) -> tuple:
    return (VERSION_RANK.get(version_code, DEFAULT_RANK), day or date.min, version_code)


def bill_text_load(rec: BillTextRecord, ctx: LoadContext) -> Outcome:
    """Upsert the text version; a text whose bill has no BILLSTATUS record yet creates a minimal bill from
    the USLM metadata (``status_source='uslm'``) rather than being dropped — BILLSTATUS fills it in later."""
    stamp = run_stamp(ctx)
    bill = Bill.objects.filter(bill_id=rec.bill_id).first() or _minimal_bill(rec, stamp)
    version, outcome = upsert(
        BillTextVersion,
        lookup={"bill_id": bill.pk, "version_code": rec.version_code},
        values={
            "version_name": rec.version_name,
            "package_id": rec.package_id,
            "title": rec.title,
            "text": rec.text,
            "sections": rec.sections,
            "source_file": rec.source_file,
            "citation_string": text_version_citation(
                rec.bill_type, rec.congress, rec.number, rec.version_name
            ),
            "source_url": bill_text_url(rec.package_id),
        },
        stamp={"retrieved_at": stamp},
    )
    if version.date is None and rec.date is not None:  # BILLSTATUS's date wins when it has one
        BillTextVersion.objects.filter(pk=version.pk).update(date=rec.date, published_at=rec.date)
        outcome = Outcome.UPDATE if outcome is Outcome.NOOP else outcome
    if _date_from_text(bill, rec.date):
        outcome = Outcome.UPDATE if outcome is Outcome.NOOP else outcome
    refresh_body(bill)
    return outcome


def _date_from_text(bill: Bill, day: date | None) -> bool:
    """A bill known only from its text is dated by its earliest text version (the closest the publisher
    gives to an introduction date) until BILLSTATUS names the real one (docs/CITATIONS.md)."""
    if bill.status_source != Bill.StatusSource.USLM or day is None:
        return False
    if bill.published_at is not None and bill.published_at <= day:
        return False
    Bill.objects.filter(pk=bill.pk).update(published_at=day)
    bill.published_at = day
    return True


def _minimal_bill(rec: BillTextRecord, stamp) -> Bill:
    return Bill.objects.create(
        bill_id=rec.bill_id,
        bill_type=rec.bill_type,
        congress=rec.congress,
        number=rec.number,
        status_source=Bill.StatusSource.USLM,
        title=rec.title,
        # an introduced version's date is the introduction date (used by date filters and search)
        introduced_date=rec.date if rec.version_code in ("ih", "is") else None,
        published_at=rec.date,
        origin_chamber="House" if rec.bill_type.startswith("h") else "Senate",
        citation_string=bill_citation(rec.bill_type, rec.congress, rec.number),
        source_url=bill_url(rec.bill_type, rec.congress, rec.number),
        retrieved_at=stamp,
    )


def refresh_body(bill: Bill) -> bool:
    """Set ``bill.body`` to its latest version's text (rank in VERSION_RANK, then date); True if it changed."""
    versions = list(
        BillTextVersion.objects.filter(bill_id=bill.pk)
        .exclude(text="")
        .values("version_code", "date", "text")
    )
    latest = max(versions, key=lambda v: version_order(v["version_code"], v["date"]), default=None)
    body, code = (latest["text"], latest["version_code"]) if latest else ("", "")
    if (bill.body, bill.body_version) == (body, code):
        return False
    Bill.objects.filter(pk=bill.pk).update(body=body, body_version=code)
    bill.body, bill.body_version = body, code
    return True
