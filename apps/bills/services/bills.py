"""Load one BILLSTATUS record: the bill row, its child tables, its text-version stubs and named laws."""

from apps.bills.models import (
    Bill,
    BillAction,
    BillCommittee,
    BillCosponsor,
    BillLaw,
    BillRecordedVote,
    BillSubject,
    BillSummary,
    BillTextVersion,
    BillTitle,
    PublicLaw,
    RelatedBill,
)
from apps.bills.naming import (
    bill_citation,
    bill_label,
    bill_text_url,
    bill_url,
    law_citation,
    law_url,
    text_version_citation,
)
from apps.bills.parsing.billstatus import BillStatusRecord
from apps.bills.services.common import chamber_of, member_id, roll_call_pk, run_stamp
from apps.bills.services.texts import refresh_body
from apps.core.plans import LoadContext, Outcome
from apps.core.upsert import combine, sync_children, upsert


def bill_status_load(rec: BillStatusRecord, ctx: LoadContext) -> Outcome:
    """Upsert the bill and make its child tables equal the file; a re-ingest of the same file is a noop."""
    stamp = run_stamp(ctx)
    origin = "house" if rec.bill_type.startswith("h") else "senate"
    sponsor_pk = (
        member_id(ctx, rec.sponsor, chamber=chamber_of(rec.sponsor.full_name, origin))
        if rec.sponsor
        else None
    )
    current = [c for c in rec.cosponsors if c.withdrawn_date is None]
    values = {
        "bill_type": rec.bill_type,
        "congress": rec.congress,
        "number": rec.number,
        "status_source": rec.schema_name,
        "title": rec.title or bill_label(rec.bill_type, rec.number),
        "summary": rec.summaries[-1].text if rec.summaries else "",
        "actions": "\n".join(a.text for a in rec.actions),
        "origin_chamber": rec.origin_chamber,
        "introduced_date": rec.introduced_date,
        "update_date": rec.update_date,
        "update_date_including_text": rec.update_date_including_text,
        "policy_area": rec.policy_area,
        "sponsor_id": sponsor_pk,
        "sponsor_ref": rec.sponsor.bioguide if rec.sponsor else "",
        "sponsor_name": rec.sponsor.full_name if rec.sponsor else "",
        "sponsor_party": rec.sponsor.party if rec.sponsor else "",
        "sponsor_state": rec.sponsor.state if rec.sponsor else "",
        "sponsor_district": rec.sponsor.district if rec.sponsor else None,
        "sponsor_by_request": bool(rec.sponsor and rec.sponsor.by_request),
        "latest_action_date": rec.latest_action_date,
        "latest_action_text": rec.latest_action_text,
        "constitutional_authority": rec.constitutional_authority,
        "cosponsor_count": len(current),
        "citation_string": bill_citation(rec.bill_type, rec.congress, rec.number),
        "source_url": bill_url(rec.bill_type, rec.congress, rec.number),
        "published_at": rec.introduced_date,
    }
    bill, outcome = upsert(
        Bill, lookup={"bill_id": rec.bill_id}, values=values, stamp={"retrieved_at": stamp}
    )
    for name in rec.unidentified_members:  # older files may name a member with no id: kept as text only
        ctx.warn(rec.source_file, rec.bill_id, f"member without a bioguide id, not linked: {name}")
    is_new = outcome is Outcome.INSERT
    changed = _children(bill.pk, rec, ctx, is_new)
    if _text_versions(bill, rec, stamp, is_new):
        changed = True
        if not is_new:  # a new bill's versions have no text yet, so its body stays empty
            refresh_body(bill)  # BILLSTATUS dates can change which version is the latest
    _named_laws(bill, rec, stamp)
    return combine(outcome, changed)


def _children(bill_pk: int, rec: BillStatusRecord, ctx: LoadContext, is_new: bool) -> bool:
    def sync(model, rows, key) -> bool:
        return sync_children(
            model, parent_field="bill", parent_id=bill_pk, rows=rows, key=key, parent_is_new=is_new
        )

    cosponsors = [
        {
            "legislator_id": member_id(ctx, c, chamber=chamber_of(c.full_name)),
            "member_ref": c.bioguide,
            "display_name": c.full_name,
            "party": c.party,
            "state": c.state,
            "district": c.district,
            "is_original": c.is_original,
            "sponsorship_date": c.sponsorship_date,
            "withdrawn_date": c.withdrawn_date,
        }
        for c in rec.cosponsors
    ]
    votes = [{**v.model_dump(), "roll_call_id": roll_call_pk(ctx, v.vote_id)} for v in rec.votes]
    changed = [
        sync(BillTitle, [t.model_dump() for t in rec.titles], ("seq",)),
        sync(BillCosponsor, cosponsors, ("member_ref", "sponsorship_date")),
        sync(BillAction, [a.model_dump() for a in rec.actions], ("seq",)),
        sync(BillRecordedVote, votes, ("vote_id",)),
        sync(BillCommittee, [c.model_dump() for c in rec.committees], ("system_code",)),
        sync(BillSubject, [{"name": s} for s in rec.subjects], ("name",)),
        sync(BillSummary, [s.model_dump() for s in rec.summaries], ("version_code", "action_date")),
        sync(RelatedBill, [r.model_dump() for r in rec.related], ("related_bill_id",)),
        sync(BillLaw, [law.model_dump() for law in rec.laws], ("law_id",)),
    ]
    return any(changed)


def _text_versions(bill: Bill, rec: BillStatusRecord, stamp, is_new: bool) -> bool:
    """BILLSTATUS names each text version (date, url); the text itself comes from the bill-text plan, so
    these rows are upserted field by field and never deleted here. One read finds them all; a bill new to
    this run has none yet, so its versions are inserted in one statement."""
    wanted = {v.version_code: _version_values(rec, v) for v in rec.text_versions}  # a code listed twice: last
    if is_new:
        BillTextVersion.objects.bulk_create(
            BillTextVersion(bill_id=bill.pk, version_code=code, retrieved_at=stamp, **values)
            for code, values in wanted.items()
        )
        return bool(wanted)
    found = {
        v.version_code: v
        for v in BillTextVersion.objects.filter(bill_id=bill.pk).order_by().defer("text", "sections")
    }
    changed = False
    for code, values in wanted.items():
        _, outcome = upsert(
            BillTextVersion,
            lookup={"bill_id": bill.pk, "version_code": code},
            values=values,
            stamp={"retrieved_at": stamp},
            existing=found.get(code),
        )
        changed |= outcome is not Outcome.NOOP
    return changed


# The action that marks a text version's stage: dates a version BILLSTATUS lists without one. An enrolled
# measure is presented to the President; a concurrent resolution never is, so its last passage dates it.
_STAGE_ACTIONS = {
    "enr": ((("Presented to President",), min), (("Passed/agreed to in", "Resolving differences"), max)),
    "eh": ((("Passed/agreed to in House", "Passed House"), min),),
    "es": ((("Passed/agreed to in Senate", "Passed Senate"), min),),
}


def _stage_date(rec: BillStatusRecord, version_code: str):
    for starts, pick in _STAGE_ACTIONS.get(version_code, ()):
        days = [a.action_date for a in rec.actions if a.action_date and a.text.startswith(starts)]
        if days:
            return pick(days)
    return None


def _version_values(rec: BillStatusRecord, v) -> dict:
    package_id = f"BILLS-{rec.congress}{rec.bill_type}{rec.number}{v.version_code}"
    day = v.date or _stage_date(rec, v.version_code)
    return {
        "version_name": v.version_name,
        "date": day,
        "url": v.url,
        "package_id": package_id,
        "citation_string": text_version_citation(rec.bill_type, rec.congress, rec.number, v.version_name),
        "source_url": bill_text_url(package_id),
        "published_at": day,
    }


def _named_laws(bill: Bill, rec: BillStatusRecord, stamp) -> None:
    """A law BILLSTATUS names gets a PublicLaw record at once (no body), so ``/v1/public-laws/pl:119:7``
    answers "did it become law?" before (or without) the slip-law text; public-laws fills it in later."""
    for law in rec.laws:
        if PublicLaw.objects.filter(law_id=law.law_id).exists():
            continue
        prefix, congress, number = law.law_id.split(":")
        enacted = next(
            (a.action_date for a in reversed(rec.actions) if "Became " in a.text and law.number in a.text),
            None,
        )
        PublicLaw.objects.create(
            law_id=law.law_id,
            kind=PublicLaw.Kind.PRIVATE if prefix == "pvtl" else PublicLaw.Kind.PUBLIC,
            congress=int(congress),
            number=int(number),
            title=rec.title,
            bill_id=rec.bill_id,
            enacted_date=enacted,
            citation_string=law_citation(law.law_id, year=enacted.year if enacted else None),
            source_url=law_url(law.law_id),
            published_at=enacted,
            retrieved_at=stamp,
        )


def link_recorded_votes() -> int:
    """Link recorded votes to roll calls ingested after their bill; returns how many were linked."""
    from apps.registry.models import RollCallVote

    pending = BillRecordedVote.objects.filter(roll_call__isnull=True)
    ids = dict(
        RollCallVote.objects.filter(vote_id__in=pending.values("vote_id")).values_list("vote_id", "pk")
    )
    linked = 0
    for row in pending.filter(vote_id__in=list(ids)):
        row.roll_call_id = ids[row.vote_id]
        row.save(update_fields=["roll_call"])
        linked += 1
    return linked
