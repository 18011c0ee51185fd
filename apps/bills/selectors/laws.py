import re

from django.db.models import Case, Prefetch, Value, When

from apps.bills.models import Bill, PublicLaw, Sap, SapBill, Topic
from apps.bills.schemas import (
    PublicLawListParams,
    PublicLawOut,
    PublicLawSummary,
    SapListParams,
    SapOut,
    SapSummary,
    TopicListParams,
    TopicOut,
    TopicSummary,
)
from apps.bills.selectors._common import bill_brief, public_law_summary, sap_summary, topic_summary
from apps.core.errors import InvalidParameter, NotFound
from apps.core.ids import bill_id_param, normalize_for
from apps.core.pagination import Page, paginate

_WORD = re.compile(r"[^\W_]+")

TOPIC_BILLS_MAX = 250


def public_law_get(*, id: str) -> PublicLawOut:
    """One public law (``pl:119:7``; also ``Public Law 119-7``, ``PLAW-119publ7``) or statute compilation
    (``comps:339``): Statutes at Large citation, originating bill, sections and full text when ingested."""
    law_id = normalize_for("public-law", id)
    law = PublicLaw.objects.filter(law_id=law_id).first()
    if law is None:
        raise NotFound(
            f"No public law {law_id} has been ingested. GET /v1/public-laws lists them.", hint={"id": law_id}
        )
    return PublicLawOut(
        **public_law_summary(law).model_dump(),
        citable_as=law.citable_as,
        sections=law.sections,
        body=law.body,
    )


def public_law_queryset(*, params: PublicLawListParams):
    """The laws a list request's filters match (unordered); aggregates reuse it."""
    qs = PublicLaw.objects.defer("body", "sections")
    if params.congress:
        qs = qs.filter(congress=params.congress)
    if params.kind:
        qs = qs.filter(kind=params.kind)
    if params.bill:
        qs = qs.filter(bill_id=bill_id_param(params.bill, parameter="bill", congress=params.congress))
    return qs


def public_law_list(*, params: PublicLawListParams) -> Page[PublicLawSummary]:
    """Public laws and compilations, newest first; filter by Congress, kind, originating bill."""
    return paginate(
        public_law_queryset(params=params).order_by("-congress", "-number", "law_id"),
        limit=params.limit,
        cursor=params.cursor,
        to_schema=public_law_summary,
    )


# A statement's bills in their model's order (["sap", "id"]) less the leading foreign key: sorting by it
# joined bills_sap to sort by each statement's date, for rows the prefetch hands out per statement anyway.
SAP_BILLS = Prefetch("bills", queryset=SapBill.objects.order_by("id"))


def sap_get(*, id: str) -> SapOut:
    """One Statement of Administration Policy (``sap:2025-03-27_hjres24``) with every bill it covers."""
    sap_id = normalize_for("sap", id)
    sap = Sap.objects.filter(sap_id=sap_id).prefetch_related(SAP_BILLS).first()
    if sap is None:
        raise NotFound(
            f"No statement {sap_id} has been ingested. GET /v1/saps lists them.", hint={"id": sap_id}
        )
    return SapOut(**sap_summary(sap).model_dump(), body=sap.body)


def sap_queryset(*, params: SapListParams):
    """The statements a list request's filters match (unordered); aggregates reuse it."""
    qs = Sap.objects.defer("body")
    if params.congress:
        qs = qs.filter(congress=params.congress)
    if params.bill:
        bill_id = bill_id_param(params.bill, parameter="bill", congress=params.congress)
        qs = qs.filter(pk__in=SapBill.objects.filter(bill_id=bill_id).values("sap_id"))
    if params.position:
        qs = qs.filter(position=params.position)
    if params.administration:
        qs = qs.filter(administration__iexact=params.administration)
    if params.since:
        qs = qs.filter(date_issued__gte=params.since)
    if params.until:
        qs = qs.filter(date_issued__lte=params.until)
    return qs


def sap_list(*, params: SapListParams) -> Page[SapSummary]:
    """Statements of Administration Policy, newest first; filter by Congress, bill, position, administration,
    issue date range."""
    qs = sap_queryset(params=params).prefetch_related(SAP_BILLS).order_by("-date_issued", "sap_id")
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=sap_summary)


def topic_get(*, id: str) -> TopicOut:
    """One policy area or legislative subject term with its bills (newest Congress first, up to 250)."""
    topic_id = normalize_for("topic", id)
    topic = Topic.objects.filter(topic_id=topic_id).first()
    if topic is None:
        raise NotFound(f"No topic {topic_id}. GET /v1/topics?q= finds topics by name.", hint={"id": topic_id})
    bills = Bill.objects.only("bill_id", "bill_type", "number", "title", "introduced_date", "congress")
    if topic.kind == Topic.Kind.POLICY_AREA:
        bills = bills.filter(policy_area=topic.name)
    else:
        bills = bills.filter(subjects__name=topic.name)
    bills = bills.order_by("-congress", "bill_type", "number")[:TOPIC_BILLS_MAX]
    return TopicOut(**topic_summary(topic).model_dump(), bills=[bill_brief(b) for b in bills])


def topic_list(*, params: TopicListParams) -> Page[TopicSummary]:
    """Policy areas and subject terms, most bills first; ``q``: names holding each of its words (any order,
    any part of a word), the name equal to it first (``resolve_entity`` over topics)."""
    qs = Topic.objects.all()
    order = ["-bill_count", "name"]
    if params.kind:
        qs = qs.filter(kind=params.kind)
    if params.q and not (words := _WORD.findall(params.q)):
        # Not "no filter": every topic would come back, and resolve_entity would rank one of them first.
        raise InvalidParameter(
            "q", f"q={params.q!r} has no letters or digits to look up; give a name, e.g. q=energy."
        )
    if params.q:
        for word in words:
            qs = qs.filter(name__icontains=word)
        exact = Case(When(name__iexact=params.q.strip(), then=Value(0)), default=Value(1))
        order = [exact, *order]
    return paginate(qs.order_by(*order), limit=params.limit, cursor=params.cursor, to_schema=topic_summary)
