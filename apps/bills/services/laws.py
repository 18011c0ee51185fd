"""Load public laws / statute compilations (USLM) and Statements of Administration Policy."""

from apps.bills.models import PublicLaw, Sap, SapBill
from apps.bills.naming import law_citation, law_url
from apps.bills.parsing.laws import PublicLawRecord
from apps.bills.parsing.saps import SapRecord
from apps.bills.services.common import run_stamp
from apps.core.plans import LoadContext, Outcome
from apps.core.upsert import combine, sync_children, upsert


def public_law_load(rec: PublicLawRecord, ctx: LoadContext) -> Outcome:
    """Upsert the law by ``law_id``; fills in a record BILLSTATUS created from its ``<laws>`` list."""
    year = rec.enacted_date.year if rec.enacted_date else None
    if rec.kind == PublicLaw.Kind.COMPILATION:
        cited_as = rec.citable_as[0] if rec.citable_as else ""
        citation = f"{rec.short_title or rec.title} ({cited_as}), statute compilation"
    else:
        citation = law_citation(rec.law_id, rec.statutes_citation, year)
    values = rec.model_dump(exclude={"law_id"})
    values.update(citation_string=citation, source_url=law_url(rec.law_id), published_at=rec.enacted_date)
    _, outcome = upsert(
        PublicLaw, lookup={"law_id": rec.law_id}, values=values, stamp={"retrieved_at": run_stamp(ctx)}
    )
    return outcome


def sap_load(rec: SapRecord, ctx: LoadContext) -> Outcome:
    """Upsert the statement and the bills it covers (joined by canonical bill id, in any ingest order)."""
    date = rec.date_issued.isoformat() if rec.date_issued else "undated"
    values = {
        "title": rec.title,
        "administration": rec.administration,
        "congress": rec.congress,
        "date_issued": rec.date_issued,
        "chamber": rec.chamber,
        "position": rec.position,
        "rescinded": rec.rescinded,
        "bill_id": rec.bill_ids[0] if rec.bill_ids else "",
        "body": rec.body,
        "fetched_from_url": rec.fetched_from_url,
        "text_file": rec.text_file,
        "citation_string": f"Executive Office of the President, Statement of Administration Policy: {rec.title} ({date})",
        "source_url": rec.fetched_from_url.strip(),  # one file's URL ends in a space
        "published_at": rec.date_issued,
    }
    sap, outcome = upsert(
        Sap, lookup={"sap_id": rec.sap_id}, values=values, stamp={"retrieved_at": run_stamp(ctx)}
    )
    raw = {b: r for b, r in zip(rec.bill_ids, rec.bills_raw, strict=False)}
    rows = [{"bill_id": b, "raw": raw.get(b, "")} for b in rec.bill_ids]
    changed = sync_children(SapBill, parent_field="sap", parent_id=sap.pk, rows=rows, key=("bill_id",))
    return combine(outcome, changed)
