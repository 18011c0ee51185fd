from django.db.models import F, Max

from apps.citations.services import citation_for
from apps.core.errors import NotFound
from apps.core.ids import normalize_for
from apps.core.pagination import Page, paginate
from apps.registry.models import Committee, CommitteeMembership
from apps.registry.schemas import (
    CommitteeHit,
    CommitteeListParams,
    CommitteeMemberOut,
    CommitteeOut,
    MembersParams,
)
from apps.search.names import search_names

from ._common import committee_summary, legislator_summary, page_window, ranked_page


def committee_row(id: str, *, queryset=None) -> Committee:
    canonical = normalize_for("committee", id)
    qs = queryset if queryset is not None else Committee.objects.all()
    row = qs.filter(thomas_id=canonical).first()
    if row is None:
        raise NotFound(
            f"No committee {canonical}. Use GET /v1/committees?q=<name> to find a committee's thomas id.",
            hint={"id": canonical},
        )
    return row


def committee_get(*, id: str) -> CommitteeOut:
    """One committee or subcommittee by thomas id (``HSWM``, ``HSWM01``; ``hswm00`` is accepted): names,
    chamber, parent and subcommittees, contacts, jurisdiction and the Congresses it sat in."""
    row = committee_row(
        id, queryset=Committee.objects.select_related("parent").prefetch_related("subcommittees")
    )
    parent = row.parent
    return CommitteeOut(
        **committee_summary(row, parent_thomas_id=parent.thomas_id if parent else None).model_dump(),
        parent=committee_summary(parent, parent_thomas_id=None) if parent else None,
        subcommittees=[
            committee_summary(sub, parent_thomas_id=row.thomas_id)
            for sub in sorted(row.subcommittees.all(), key=lambda s: s.thomas_id)
        ],
        house_committee_id=row.house_committee_id,
        senate_committee_id=row.senate_committee_id,
        url=row.url,
        minority_url=row.minority_url,
        jurisdiction=row.jurisdiction,
        address=row.address,
        phone=row.phone,
        congresses=row.congresses,
        citation=citation_for(row),
    )


def _hit(row: Committee, score: float | None) -> CommitteeHit:
    summary = committee_summary(row, parent_thomas_id=row.parent.thomas_id if row.parent else None)
    return CommitteeHit(**summary.model_dump(), score=score, citation=citation_for(row))


def committee_list(*, params: CommitteeListParams) -> Page[CommitteeHit]:
    """Committees and subcommittees, optionally by chamber / current; with ``q`` (name words, e.g.
    "ways means health") ranked by name match. A subcommittee matches its parent's name too."""
    filters: dict = {}
    if params.chamber:
        filters["chamber"] = params.chamber
    if params.current is not None:
        filters["is_current"] = params.current
    base = Committee.objects.select_related("parent")
    if not params.q:
        qs = base.filter(**filters).order_by("thomas_id")
        return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=lambda row: _hit(row, None))
    limit, offset = page_window(params.limit, params.cursor)
    matches = search_names(
        fts_table="committees_fts",
        content_table=Committee._meta.db_table,
        q=params.q,
        filters=filters,
        prefer_column="is_current",
        limit=limit,
        offset=offset,
    )
    rows = base.in_bulk([pk for pk, _ in matches.hits])
    return ranked_page(matches.hits, matches.total, rows, limit=limit, offset=offset, to_schema=_hit)


def committee_members(*, id: str, params: MembersParams) -> Page[CommitteeMemberOut]:
    """A committee's roster in one Congress (default: the latest with a roster), majority side first, each
    side by rank, with each member's title (Chair, Ranking Member, ...) and a member summary."""
    committee = committee_row(id)
    congress = params.congress
    if congress is None:
        congress = committee.memberships.aggregate(latest=Max("congress"))["latest"]
    qs = (
        CommitteeMembership.objects.filter(committee=committee, congress=congress)
        .select_related("legislator")
        .order_by("party_side", F("rank").asc(nulls_last=True), "legislator__last_name", "id")
    )

    def to_schema(m: CommitteeMembership) -> CommitteeMemberOut:
        return CommitteeMemberOut(
            member=legislator_summary(m.legislator),
            committee_id=committee.thomas_id,
            congress=m.congress,
            party_side=m.party_side,
            rank=m.rank,
            title=m.title,
            role=m.title or "Member",
            name_as_listed=m.member_name,
            citation=citation_for(m),
        )

    if congress is None:  # no roster ingested for this committee: an empty page, not an error
        qs = qs.none()
    return paginate(qs, limit=params.limit, cursor=params.cursor, to_schema=to_schema)
