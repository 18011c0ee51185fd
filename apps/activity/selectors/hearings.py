from django.db.models import Prefetch

from apps.activity.ids import hearing_canonical
from apps.activity.models import Hearing, HearingCommittee
from apps.activity.schemas import (
    HearingBillOut,
    HearingCommitteeOut,
    HearingDocumentOut,
    HearingHit,
    HearingListParams,
    HearingOut,
    WitnessOut,
)
from apps.activity.selectors._names import no_other_filters, ranked_page
from apps.citations.services import citation_for
from apps.core.bill_mentions import citing
from apps.core.errors import NotFound
from apps.core.ids import bill_id_param
from apps.core.pagination import Page, paginate

_COMMITTEES = Prefetch("committees", queryset=HearingCommittee.objects.order_by("code"))


def _summary(row: Hearing) -> dict:
    return {
        "id": row.public_id,
        "meeting_id": row.meeting_id,
        "chamber": row.chamber,
        "congress": row.congress,
        "date": row.date,
        "title": row.title,
        "committee_ids": [c.thomas_id for c in row.committees.all()],
        "citation": citation_for(row),
    }


def hearing_get(*, id: str) -> HearingOut:
    """One House committee meeting with its committees, documents, bills taken up and witnesses."""
    canonical = hearing_canonical(id)
    row = (
        Hearing.objects.prefetch_related(_COMMITTEES, "documents", "bills", "witnesses")
        .filter(public_id=canonical)
        .first()
    )
    if row is None:
        raise NotFound(
            f"No committee meeting {canonical}. Ids are docs.house.gov EventIDs: hearing:102252 "
            "(HMTG102252 is accepted); GET /v1/hearings lists them.",
            hint={"id": canonical},
        )
    return HearingOut(
        **_summary(row),
        event_id=row.event_id,
        meeting_type=row.meeting_type,
        session=row.session,
        start_time=row.start_time,
        location=row.location,
        status=row.status,
        details_from=row.details_from,
        committees=[
            HearingCommitteeOut(committee_id=c.thomas_id, code=c.code, name=c.name)
            for c in row.committees.all()
        ],
        documents=[
            HearingDocumentOut(
                doc_type=d.doc_type,
                description=d.description,
                legis_num=d.legis_num,
                bill_id=d.bill_id or None,
                urls=d.urls,
            )
            for d in row.documents.all()
        ],
        bills=[HearingBillOut(bill_id=b.bill_id, found_in=b.found_in) for b in row.bills.all()],
        witnesses=[
            WitnessOut(
                panel=w.panel,
                name=w.name,
                honorific=w.honorific,
                first_name=w.first_name,
                middle_name=w.middle_name,
                last_name=w.last_name,
                position=w.position,
                organization=w.organization,
                witness_type=w.witness_type,
                testified=w.testified,
                documents=w.documents,
            )
            for w in row.witnesses.all()
        ],
    )


def hearing_list(*, params: HearingListParams) -> Page[HearingHit]:
    """Committee meetings, newest first, by congress, committee thomas id or bill taken up; or, with
    ``q``, ranked by title match."""
    if params.q:
        no_other_filters(committee=params.committee, bill_id=params.bill_id)
        return ranked_page(
            queryset=Hearing.objects.prefetch_related(_COMMITTEES),
            fts_table="hearings_fts",
            q=params.q,
            filters={"congress": params.congress} if params.congress is not None else {},
            limit=params.limit,
            cursor=params.cursor,
            to_schema=lambda row, score: HearingHit(**_summary(row), score=score),
        )
    qs = hearing_queryset(params=params).order_by("-date", "event_id").prefetch_related(_COMMITTEES)
    return paginate(
        qs,
        limit=params.limit,
        cursor=params.cursor,
        to_schema=lambda r: HearingHit(**_summary(r), score=None),
    )


def hearing_queryset(*, params: HearingListParams):
    """The meetings a list request's filters match, ``q`` aside (unordered); aggregates reuse it."""
    qs = Hearing.objects.all()
    if params.congress is not None:
        qs = qs.filter(congress=params.congress)
    if params.committee:
        qs = qs.filter(
            pk__in=HearingCommittee.objects.filter(thomas_id=params.committee.upper()).values("hearing")
        )
    if params.bill_id:
        qs = qs.filter(**citing("hearings", bill_id_param(params.bill_id)))
    return qs
