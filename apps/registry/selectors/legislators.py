from datetime import timedelta

from django.db.models import Prefetch

from apps.citations.services import citation_for
from apps.core.errors import InvalidParameter, NotFound
from apps.core.ids import bill_id_param, normalize_for
from apps.core.legislative import day_start
from apps.core.pagination import Page, paginate
from apps.registry.ids import normalize_legislator as classify_legislator
from apps.registry.models import (
    CommitteeMembership,
    Legislator,
    LegislatorIdentifier,
    LegislatorSocial,
    VotePosition,
)
from apps.registry.schemas import (
    CommitteeSeat,
    IdentifierOut,
    LegislatorHit,
    LegislatorListParams,
    LegislatorOut,
    MemberVoteOut,
    MemberVotesParams,
    TermOut,
)
from apps.registry.services import PARTY_NAMES
from apps.search.names import search_names

from ._common import legislator_summary, page_window, ranked_page, vote_summary

SPELLED_PARTIES = {name.lower(): name for name in PARTY_NAMES.values()}


def legislator_row(id: str, *, queryset=None, parameter: str = "id") -> Legislator:
    """The legislator named by any crosswalk id: bioguide ``S000033``, LIS ``S313`` / ``lis:S313``, or
    ``<scheme>:<value>`` of the stored identifier crosswalk (govtrack, fec, thomas, icpsr, ...); a bare
    number is looked up across the numeric schemes and must name one member."""
    canonical = normalize_for("legislator", id, parameter=parameter)
    qs = queryset if queryset is not None else Legislator.objects.all()
    scheme, _, value = canonical.rpartition(":")
    if scheme == "lis":
        rows = qs.filter(lis_id=value)
    elif scheme:
        rows = qs.filter(identifiers__scheme=scheme, identifiers__value__iexact=value)
    elif value.isdigit():
        rows = _by_bare_number(qs, value, parameter=parameter)
    else:
        rows = qs.filter(bioguide_id=value)
    row = rows.first()
    if row is None:
        raise NotFound(
            f"No legislator {canonical}. Use GET /v1/legislators?q=<name> to find a member's id.",
            hint={"id": canonical, "parameter": parameter},
        )
    return row


def _by_bare_number(qs, value: str, *, parameter: str):
    matches = list(
        LegislatorIdentifier.objects.filter(value=value)
        .order_by("scheme")
        .values_list("scheme", "legislator")
    )
    if len({pk for _, pk in matches}) > 1:
        spelled = [f"{scheme}:{value}" for scheme, _ in matches]
        raise InvalidParameter(
            parameter,
            f"'{value}' is an id of {len(matches)} members in different schemes; name the scheme: "
            + ", ".join(spelled)
            + ".",
            candidates=spelled,
        )
    return qs.filter(pk__in=[pk for _, pk in matches])


def legislator_get(*, id: str) -> LegislatorOut:
    """One member of Congress by bioguide id (``S000033``) or ``lis:S313``: names, party, state, every term,
    the identifier crosswalk (bioguide, thomas, lis, govtrack, fec, ...) and committee seats."""
    row = legislator_row(
        id,
        queryset=Legislator.objects.select_related("social").prefetch_related(
            "identifiers",
            "terms",
            Prefetch("memberships", queryset=CommitteeMembership.objects.select_related("committee")),
        ),
    )
    seats = sorted(row.memberships.all(), key=lambda m: (-m.congress, m.committee.thomas_id))
    return LegislatorOut(
        **legislator_summary(row).model_dump(),
        first_name=row.first_name,
        middle_name=row.middle_name,
        last_name=row.last_name,
        suffix=row.suffix,
        nickname=row.nickname,
        birthday=row.birthday,
        gender=row.gender,
        identifiers=[
            IdentifierOut(scheme=i.scheme, value=i.value)
            for i in sorted(row.identifiers.all(), key=lambda i: (i.scheme, i.value))
        ],
        terms=[
            TermOut(type=t.term_type, **{f: getattr(t, f) for f in TermOut.model_fields if f != "type"})
            for t in row.terms.all()
        ],
        committees=[
            CommitteeSeat(
                committee_id=m.committee.thomas_id,
                committee_name=m.committee.name,
                congress=m.congress,
                party_side=m.party_side,
                rank=m.rank,
                title=m.title,
            )
            for m in seats
        ],
        social=_social(row),
        citation=citation_for(row),
    )


def _social(row: Legislator) -> dict[str, str]:
    try:
        return row.social.accounts
    except LegislatorSocial.DoesNotExist:
        return {}


def _party(value: str, *, parameter: str = "party") -> str:
    spelled = PARTY_NAMES.get(value.upper()) or SPELLED_PARTIES.get(value.lower())
    if spelled is None:
        raise InvalidParameter(
            parameter,
            f"{parameter}={value!r} is not a party; use D, R, I or the spelled-out name (Democrat, ...).",
            valid=sorted({*PARTY_NAMES, *PARTY_NAMES.values()}),
        )
    return spelled


def _filters(params: LegislatorListParams) -> dict:
    filters: dict = {}
    if params.state:
        filters["state"] = params.state.upper()
    if params.chamber:
        filters["chamber"] = params.chamber
    if params.party:
        filters["party"] = _party(params.party)
    if params.caucus:
        filters["caucus"] = _party(params.caucus, parameter="caucus")
    if params.current is not None:
        filters["is_current"] = params.current
    if not params.include_stubs:
        filters["is_stub"] = False
    return filters


def _hit(row: Legislator, score: float | None) -> LegislatorHit:
    return LegislatorHit(**legislator_summary(row).model_dump(), score=score, citation=citation_for(row))


def legislator_queryset(*, params: LegislatorListParams):
    """The legislators a list's filters select, before any name ranking (shared with the aggregates)."""
    return Legislator.objects.filter(**_filters(params))


def legislator_list(*, params: LegislatorListParams) -> Page[LegislatorHit]:
    """Members of Congress, filtered by state / chamber / party / current. With ``q`` (a noisy name such as
    "Sen. Markey MA", "AOC" or "Jack Reed D-RI") the results are ranked by name match, best first."""
    filters = _filters(params)
    if not params.q:
        qs = legislator_queryset(params=params).order_by("last_name", "first_name", "id")
        return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=lambda row: _hit(row, None))
    if (exact := _by_crosswalk_id(params.q, legislator_queryset(params=params))) is not None:
        return paginate([exact], limit=params.limit, cursor=params.cursor, to_schema=lambda r: _hit(r, None))
    limit, offset = page_window(params.limit, params.cursor)
    matches = search_names(
        fts_table="legislators_fts",
        content_table=Legislator._meta.db_table,
        q=params.q,
        filters=filters,
        prefer_column="is_current",
        limit=limit,
        offset=offset,
    )
    rows = Legislator.objects.in_bulk([pk for pk, _ in matches.hits])
    return ranked_page(matches.hits, matches.total, rows, limit=limit, offset=offset, to_schema=_hit)


def _by_crosswalk_id(q: str, queryset) -> Legislator | None:
    """The member a ``q`` that is an id of the crosswalk (S000033, S429, govtrack:400357...) names, if any."""
    if classify_legislator(q) is None:
        return None
    try:
        return legislator_row(q, queryset=queryset, parameter="q")
    except (NotFound, InvalidParameter):
        return None


def legislator_votes(*, id: str, params: MemberVotesParams) -> Page[MemberVoteOut]:
    """How one member voted, newest roll call first: each vote's summary with the member's position;
    narrowed by Congress, chamber, date range, one roll call, the bill voted on, or the position taken."""
    row = legislator_row(id)
    qs = VotePosition.objects.filter(legislator=row)
    if params.congress:
        qs = qs.filter(vote__congress=params.congress)
    if params.chamber:
        qs = qs.filter(vote__chamber=params.chamber)
    if params.since:
        qs = qs.filter(vote__voted_at__gte=day_start(params.since))
    if params.until:
        qs = qs.filter(vote__voted_at__lt=day_start(params.until + timedelta(days=1)))
    if params.vote:
        qs = qs.filter(vote__vote_id=normalize_for("vote", params.vote, parameter="vote"))
    if params.bill_id:
        qs = qs.filter(vote__bill_id=bill_id_param(params.bill_id, congress=params.congress))
    if params.position:
        qs = qs.filter(normalized=params.position)
    return paginate(
        qs.select_related("vote").order_by("-vote__voted_at", "-vote__number", "vote_id"),
        limit=params.limit,
        cursor=params.cursor,
        to_schema=lambda p: MemberVoteOut(
            vote=vote_summary(p.vote), position=p.position, normalized=p.normalized
        ),
    )
