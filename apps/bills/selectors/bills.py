from django.db.models.functions import Length

from apps.bills.models import Bill, BillAction, BillCosponsor, BillTextVersion
from apps.bills.schemas import (
    ActionOut,
    ActionPage,
    BillListParams,
    BillOut,
    BillSummary,
    BodyOut,
    CosponsorOut,
    CosponsorPage,
    PageParams,
    TextVersionOut,
)
from apps.bills.selectors import _detail as detail
from apps.bills.selectors._common import bill_summary, member_ref
from apps.bills.services.texts import version_order
from apps.citations.services import citation_for
from apps.core.errors import NotFound, UnrecognizedIdFormat
from apps.core.ids import parse_bill_ref
from apps.core.pagination import Page, paginate
from apps.registry.selectors.crosswalk import member_for_filter

_HINT = "Bill ids look like hr:119:103 (also accepted: H.R. 103, HR103, hr103-119, 119-hr-103)."


def bill_resolve_id(raw: str) -> str:
    """Canonical id for any bill spelling. Without a Congress (``H.R. 103``, ``HR103``) it is the most recent
    Congress that has that bill in Josh."""
    ref = parse_bill_ref(raw or "")
    if ref is None:
        raise UnrecognizedIdFormat(
            f"'{raw}' is not a bill id. {_HINT}", hint={"parameter": "id", "expected": "hr:119:103"}
        )
    if ref.congress is not None:
        return ref.id
    congress = (
        Bill.objects.filter(bill_type=ref.bill_type, number=ref.number)
        .order_by("-congress")
        .values_list("congress", flat=True)
        .first()
    )
    if congress is None:
        raise NotFound(
            f"No {ref.bill_type.upper()} {ref.number} in any ingested Congress. Add the Congress (e.g. "
            f"{ref.bill_type}:119:{ref.number}) or search for it.",
            hint={"id": raw},
        )
    return ref.with_congress(congress).id


def _bill(raw: str, queryset=None) -> Bill:
    bill_id = bill_resolve_id(raw)
    bill = (
        (queryset if queryset is not None else Bill.objects.defer("body", "actions"))
        .filter(bill_id=bill_id)
        .first()
    )
    if bill is None:
        raise NotFound(
            f"No bill {bill_id} has been ingested. GET /v1/bills lists them.", hint={"id": bill_id}
        )
    return bill


def bill_queryset(*, params: BillListParams):
    """The bills a list request's filters match (unordered); aggregates reuse it."""
    qs = Bill.objects.defer("body", "actions", "summary", "constitutional_authority")
    if params.congress:
        qs = qs.filter(congress=params.congress)
    if params.type:
        qs = qs.filter(bill_type=params.type)
    if params.sponsor:
        qs = qs.filter(sponsor=member_for_filter("sponsor", params.sponsor))
    if params.subject:
        qs = qs.filter(subjects__name__iexact=_topic_name(params.subject, "subject")).distinct()
    if params.policy_area:
        qs = qs.filter(policy_area__iexact=_topic_name(params.policy_area, "policy-area"))
    if params.updated_since:
        qs = qs.filter(update_date__date__gte=params.updated_since)
    if params.since:
        qs = qs.filter(introduced_date__gte=params.since)
    if params.until:
        qs = qs.filter(introduced_date__lte=params.until)
    return qs


def bill_list(*, params: BillListParams) -> Page[BillSummary]:
    """Bills, newest Congress first, filtered by Congress, type, sponsor, subject, policy area, update date and
    introduction date range."""
    qs = bill_queryset(params=params)
    qs = qs.select_related("sponsor").prefetch_related("laws").order_by("-congress", "bill_type", "number")
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=bill_summary)


def _topic_name(value: str, kind: str) -> str:
    from apps.bills.models import Topic

    if value.lower().startswith("topic:"):
        topic = Topic.objects.filter(topic_id=value.lower(), kind=kind).first()
        return topic.name if topic else value
    return value


def bill_get(*, id: str) -> BillOut:
    """One bill: titles, sponsor, committees, subjects, CRS summaries, recorded votes, related bills, laws,
    text versions, CBO estimates, committee reports and SAPs. Actions, cosponsors and text have their own
    endpoints. Accepts sloppy ids (``H.R. 103`` = the latest Congress with that bill)."""
    bill = _bill(id, detail.detail_queryset())
    summary = bill_summary(bill)
    laws = detail.law_refs(bill)
    return BillOut(
        **summary.model_dump(exclude={"laws"}),
        laws=[law.id for law in laws],
        summary=bill.summary,
        sponsor_by_request=bill.sponsor_by_request,
        constitutional_authority=bill.constitutional_authority,
        titles=detail.titles(bill),
        committees=detail.committees(bill),
        subjects=[s.name for s in bill.subjects.all()],
        summaries=detail.summaries(bill),
        recorded_votes=detail.recorded_votes(bill),
        related_bills=detail.related_bills(bill),
        law_refs=laws,
        text_versions=detail.text_versions(bill),
        body_version=bill.body_version,
        saps=detail.saps(bill),
        **detail.documents(bill),
        **detail.counts(bill),
    )


def bill_cosponsors(*, id: str, params: PageParams) -> CosponsorPage:
    """A bill's cosponsors in sponsorship order; withdrawn ones are listed, flagged, and not counted."""
    bill = _bill(id)
    qs = (
        BillCosponsor.objects.filter(bill=bill)
        .select_related("legislator")
        .order_by("sponsorship_date", "id")
    )
    page = paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=_cosponsor)
    counts = detail.cosponsor_counts(bill)
    return CosponsorPage(
        **page.model_dump(),
        bill_id=bill.bill_id,
        citation=citation_for(bill),
        count=page.pagination.total - counts["withdrawn"],
        original_count=counts["original"],
        withdrawn_count=counts["withdrawn"],
    )


def _cosponsor(row: BillCosponsor) -> CosponsorOut:
    return CosponsorOut(
        member=member_ref(
            row.legislator, name=row.display_name, party=row.party, state=row.state, district=row.district
        ),
        is_original=row.is_original,
        sponsorship_date=row.sponsorship_date,
        withdrawn_date=row.withdrawn_date,
        withdrawn=row.withdrawn_date is not None,
    )


def bill_actions(*, id: str, params: PageParams) -> ActionPage:
    """A bill's actions oldest first, copies from different source systems merged into one event."""
    bill = _bill(id)
    votes: dict[str, list[str]] = {}
    for vote_id, text in bill.recorded_votes.values_list("vote_id", "action_text"):
        votes.setdefault(" ".join(text.split()), []).append(vote_id)
    qs = BillAction.objects.filter(bill=bill).order_by("seq")
    page = paginate(
        qs,
        limit=params.limit,
        cursor=params.cursor,
        to_schema=lambda a: ActionOut(
            seq=a.seq,
            date=a.action_date,
            time=a.action_time,
            text=a.text,
            type=a.action_type,
            action_codes=[c for c in a.action_codes.split(",") if c],
            source_systems=[s for s in a.source_systems.split(", ") if s],
            committees=a.committees,
            recorded_votes=votes.get(a.text, []),
        ),
    )
    return ActionPage(**page.model_dump(), bill_id=bill.bill_id, citation=citation_for(bill))


def bill_text_versions(*, id: str, params: PageParams) -> Page[TextVersionOut]:
    """Every known text version of a bill, oldest stage first; ``has_text`` says whether Josh holds its text."""
    bill = _bill(id)
    versions = sorted(
        BillTextVersion.objects.filter(bill=bill).defer("text").annotate(char_count=Length("text")),
        key=lambda v: version_order(v.version_code, v.date),
    )
    return paginate(versions, limit=params.limit, cursor=params.cursor, to_schema=_version_out)


def _version_out(v: BillTextVersion) -> TextVersionOut:
    return TextVersionOut(
        version_code=v.version_code,
        version_name=v.version_name,
        date=v.date,
        package_id=v.package_id,
        url=v.url,
        title=v.title,
        has_text=bool(v.source_file),
        char_count=v.char_count,
        sections=v.sections,
        citation=citation_for(v),
    )


def bill_body(*, id: str, version: str | None = None) -> BodyOut:
    """The bill's text: its latest version (or ``version``, e.g. ``ih``), with sections and a citation."""
    bill = _bill(id)
    code = (version or bill.body_version or "").lower()
    row = (
        BillTextVersion.objects.filter(bill=bill, version_code=code).exclude(text="").first()
        if code
        else None
    )
    if row is None:
        raise NotFound(
            f"No text{f' version {code}' if version else ''} of {bill.bill_id} has been ingested. "
            f"GET /v1/bills/{bill.bill_id}/text lists its versions.",
            hint={"id": bill.bill_id, "version": code or None},
        )
    return BodyOut(
        bill_id=bill.bill_id,
        version_code=row.version_code,
        version_name=row.version_name,
        date=row.date,
        text=row.text,
        sections=row.sections,
        citation=citation_for(row),
    )
