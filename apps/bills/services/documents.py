"""Load the records BILLSTATUS names for a bill: CBO cost estimates and committee reports; and topics."""

from django.db.models import Count

from apps.bills.models import Bill, BillAction, BillSubject, CboCostEstimate, CommitteeReport, Topic
from apps.bills.naming import report_url
from apps.bills.parsing.billstatus import CboRec, ReportRec
from apps.bills.services.common import run_stamp
from apps.core.errors import SourceFormatError
from apps.core.plans import LoadContext, Outcome
from apps.core.upsert import upsert


def _bill_pk(ctx: LoadContext, bill_id: str, path: str) -> int:
    pks: dict[str, int] = ctx.cached("bill_pks", lambda: dict(Bill.objects.values_list("bill_id", "pk")))
    if bill_id not in pks:
        raise SourceFormatError(
            path, f"bill {bill_id} is not ingested: run the 'bills' plan first", record=bill_id
        )
    return pks[bill_id]


def cbo_estimate_load(*, bill_id: str, source_file: str, rec: CboRec, ctx: LoadContext) -> Outcome:
    date = rec.pub_date.isoformat() if rec.pub_date else "undated"
    _, outcome = upsert(
        CboCostEstimate,
        lookup={"bill_id": _bill_pk(ctx, bill_id, source_file), "url": rec.url},
        values={
            "title": rec.title,
            "description": rec.description,
            "citation_string": f"Congressional Budget Office, Cost Estimate: {rec.title} ({date})",
            "source_url": rec.url,
            "published_at": rec.pub_date,
        },
        stamp={"retrieved_at": run_stamp(ctx)},
    )
    return outcome


_ROMAN = {2: "II", 3: "III", 4: "IV", 5: "V"}


def _report_date(bill_pk: int, rec: ReportRec):
    """BILLSTATUS names a report without its date; the bill's action that files it (``H. Rept. 117-118``,
    ``Report No. 114-123``; ``Part II`` for a later part) carries the day it was filed."""
    if rec.congress is None or rec.number is None:
        return None
    texts = list(
        BillAction.objects.filter(bill_id=bill_pk, text__contains=f"{rec.congress}-{rec.number}")
        .order_by("seq")
        .values_list("action_date", "text")
    )
    if rec.part and rec.part > 1:
        texts = [(d, t) for d, t in texts if f"Part {_ROMAN.get(rec.part, rec.part)}" in t]
    return next((d for d, _ in texts if d), None)


def committee_report_load(*, bill_id: str, source_file: str, rec: ReportRec, ctx: LoadContext) -> Outcome:
    bill_pk = _bill_pk(ctx, bill_id, source_file)
    _, outcome = upsert(
        CommitteeReport,
        lookup={"bill_id": bill_pk, "citation": rec.citation},
        values={
            "published_at": _report_date(bill_pk, rec),
            "report_type": rec.report_type,
            "congress": rec.congress,
            "number": rec.number,
            "part": rec.part,
            "citation_string": rec.citation,
            "source_url": report_url(rec.report_type, rec.congress, rec.number, rec.part),
        },
        stamp={"retrieved_at": run_stamp(ctx)},
    )
    return outcome


TOPIC_URLS = {
    Topic.Kind.POLICY_AREA: "https://www.congress.gov/help/field-values/policy-area",
    Topic.Kind.SUBJECT: "https://www.congress.gov/help/field-values/legislative-subject-terms",
}
TOPIC_LABELS = {Topic.Kind.POLICY_AREA: "CRS policy area", Topic.Kind.SUBJECT: "CRS legislative subject term"}


def topic_ensure(*, kind: str, name: str, topic_id: str, ctx: LoadContext) -> Outcome:
    # Every bill names a dozen terms and most terms many bills: the run reads the topics once (one query, not
    # one per term of every bill) and keeps the rows it writes, so a later bill with the same term finds it.
    known = ctx.cached("topics", lambda: {(t.kind, t.name): t for t in Topic.objects.order_by()})
    topic, outcome = upsert(
        Topic,
        lookup={"kind": kind, "name": name},
        existing=known.get((kind, name)),
        values={
            "topic_id": topic_id,
            "citation_string": f"{TOPIC_LABELS[kind]}: {name}",
            "source_url": TOPIC_URLS[kind],
        },
        stamp={"retrieved_at": run_stamp(ctx)},
    )
    known[(kind, name)] = topic
    return outcome


def topic_counts_refresh() -> int:
    """Recompute every topic's ``bill_count`` from the bills table; returns how many changed."""
    policy = dict(Bill.objects.exclude(policy_area="").values_list("policy_area").annotate(n=Count("pk")))
    subject = dict(BillSubject.objects.values_list("name").annotate(n=Count("bill", distinct=True)))
    changed = []
    for topic in Topic.objects.all():
        counts = policy if topic.kind == Topic.Kind.POLICY_AREA else subject
        n = counts.get(topic.name, 0)
        if topic.bill_count != n:
            topic.bill_count = n
            changed.append(topic)
    Topic.objects.bulk_update(changed, ["bill_count"], batch_size=500)
    return len(changed)
