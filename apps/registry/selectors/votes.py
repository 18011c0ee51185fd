from collections import Counter
from datetime import timedelta

from django.db.models import Q

from apps.core.errors import InvalidParameter, NotFound
from apps.core.ids import bill_id_param, normalize_for
from apps.core.legislative import day_start
from apps.core.pagination import Page, paginate
from apps.registry.models import RollCallVote
from apps.registry.schemas import PositionOut, VoteListParams, VoteOut, VoteSummary
from apps.registry.vote_refs import VoteRef, parse_vote_ref

from ._common import vote_summary

_NORMALIZED_ORDER = ("yes", "no", "present", "not_voting", "other")
POSITION_FIELDS = (
    "member_ref", "display_name", "party", "state", "position", "normalized",
    "legislator__bioguide_id", "legislator__lis_id", "legislator__is_stub",
)  # fmt: skip


def vote_get(*, id: str) -> VoteOut:
    """One roll-call vote (``senate:119:2025:162``; the upstream ``s162-119.2025`` is accepted) with totals,
    the bill voted on, and every member's position, each with the member's public id."""
    canonical = normalize_for("vote", id)
    row = RollCallVote.objects.filter(vote_id=canonical).first()
    if row is None:
        raise NotFound(
            f"No roll-call vote {canonical}. GET /v1/votes?chamber=&congress= lists the ingested votes.",
            hint={"id": canonical},
        )
    # values() rows, not model instances: a House vote has ~435 positions and this is the hot part.
    positions = sorted(
        row.positions.values(*POSITION_FIELDS),
        key=lambda p: (
            _NORMALIZED_ORDER.index(p["normalized"]),
            p["position"],
            p["display_name"],
            p["member_ref"],
        ),
    )
    normalized = Counter(p["normalized"] for p in positions)
    by_party: dict[str, Counter] = {}
    for p in positions:
        by_party.setdefault(p["party"] or "?", Counter())[p["normalized"]] += 1
    return VoteOut(
        **vote_summary(row).model_dump(),
        vote_type=row.vote_type,
        subject=row.subject,
        requires=row.requires,
        result_text=row.result_text,
        amendment=row.amendment,
        nomination=row.nomination,
        vice_president_position=row.vice_president_position,
        normalized_totals=_ordered(normalized),
        party_totals={party: _ordered(by_party[party]) for party in sorted(by_party)},
        positions=[_position(p) for p in positions],
    )


def _ordered(counts: Counter) -> dict[str, int]:
    return {k: counts[k] for k in _NORMALIZED_ORDER if counts[k]}


def _position(p: dict) -> PositionOut:
    bioguide, lis = p["legislator__bioguide_id"], p["legislator__lis_id"]
    return PositionOut(
        member_id=bioguide or f"lis:{lis}",  # Legislator.public_id
        bioguide_id=bioguide,
        lis_id=lis,
        member_ref=p["member_ref"],
        name=p["display_name"],
        party=p["party"],
        state=p["state"],
        position=p["position"],
        normalized=p["normalized"],
        is_stub=p["legislator__is_stub"],
    )


def vote_queryset(*, params: VoteListParams):
    """The votes a list's filters select (shared by the list and its aggregates)."""
    qs = RollCallVote.objects.all()
    if params.q:
        qs = _named(qs, parse_vote_ref(params.q))
    if params.chamber:
        qs = qs.filter(chamber=params.chamber)
    if params.congress:
        qs = qs.filter(congress=params.congress)
    if params.bill_id:
        qs = qs.filter(bill_id=bill_id_param(params.bill_id, congress=params.congress))
    if params.since:
        qs = qs.filter(voted_at__gte=day_start(params.since))
    if params.until:
        qs = qs.filter(voted_at__lt=day_start(params.until + timedelta(days=1)))
    if params.category:
        qs = qs.filter(category=params.category.lower())
    return qs


def _named(qs, ref: VoteRef):
    """The votes a roll-call reference names (apps.registry.vote_refs)."""
    if ref.vote_id:
        return qs.filter(vote_id=ref.vote_id)
    parts = {k: getattr(ref, k) for k in ("chamber", "congress", "session_year", "number")}
    parts = {k: v for k, v in parts.items() if v is not None}
    if not parts and not ref.words:
        raise InvalidParameter(
            "q",
            "q names no roll call: try 'House roll call 123 of 2025', 'senate vote 45 118th congress 1st "
            "session', an id (house:119:2025:77) or words of the question.",
        )
    qs = qs.filter(**parts)
    for word in ref.words:
        qs = qs.filter(Q(question__icontains=word) | Q(subject__icontains=word))
    return qs


def vote_list(*, params: VoteListParams) -> Page[VoteSummary]:
    """Roll-call votes, newest first, filtered by a roll call as people name it (``q``), chamber, Congress,
    the bill voted on (any bill spelling; ``H.J.Res. 24`` needs ``congress=``), a range of (Eastern) days and
    the category of question."""
    qs = vote_queryset(params=params).order_by("-voted_at", "-number", "id")
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=vote_summary)
