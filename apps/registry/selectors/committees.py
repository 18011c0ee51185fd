from django.db.models import Count, F, Subquery, Window

from apps.citations.schemas import Citation
from apps.citations.services import citation_for
from apps.core.errors import NotFound
from apps.core.ids import normalize_for
from apps.core.pagination import Page, Pagination, encode_cursor, paginate
from apps.core.plans import plan_for_model
from apps.registry.models import Committee, CommitteeMembership
from apps.registry.schemas import (
    CommitteeHit,
    CommitteeListParams,
    CommitteeMemberOut,
    CommitteeOut,
    LegislatorSummary,
    MembershipListParams,
    MembersParams,
)
from apps.search.names import search_names

from ._common import committee_summary, page_window, ranked_page

# A subcommittee's search name repeats its parent's name, so "intelligence" would rank every Intelligence
# subcommittee above the committee itself; full committees score 1.25x (observed margins in the tests).
FULL_COMMITTEE_BOOST = 1.25


def _membership_source() -> str:
    """The slug of the plan that loads memberships (looked up, so the slug is written once, in the plan)."""
    plan = plan_for_model(CommitteeMembership)
    if plan is None:
        raise LookupError("no registered plan loads CommitteeMembership")
    return plan.slug


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
        boost_null=("parent_id", FULL_COMMITTEE_BOOST),
        limit=limit,
        offset=offset,
    )
    rows = base.in_bulk([pk for pk, _ in matches.hits])
    return ranked_page(matches.hits, matches.total, rows, limit=limit, offset=offset, to_schema=_hit)


ROSTER_FIELDS = (
    "congress", "party_side", "rank", "title", "member_name",
    "citation_string", "source_url", "published_at", "retrieved_at",
    *(f"legislator__{f}" for f in (
        "bioguide_id", "lis_id", "official_full", "first_name", "last_name", "party", "caucus", "state",
        "district",
        "chamber", "is_current", "is_stub",
    )),
)  # fmt: skip


SUMMARY_FIELDS = (
    "bioguide_id",
    "lis_id",
    "party",
    "caucus",
    "state",
    "district",
    "chamber",
    "is_current",
    "is_stub",
)


def _roster_row(row: dict, *, committee_id: str, source: str) -> CommitteeMemberOut:
    member = {f: row[f"legislator__{f}"] for f in SUMMARY_FIELDS}
    name = (
        row["legislator__official_full"] or f"{row['legislator__first_name']} {row['legislator__last_name']}"
    )
    return CommitteeMemberOut(
        member=LegislatorSummary(
            id=member["bioguide_id"] or f"lis:{member['lis_id']}", name=name.strip(), **member
        ),
        committee_id=committee_id,
        congress=row["congress"],
        party_side=row["party_side"],
        rank=row["rank"],
        title=row["title"],
        role=row["title"] or "Member",
        name_as_listed=row["member_name"],
        # The same fields citation_for(membership) reads, taken from the row without building a model.
        citation=Citation(
            citation_string=row["citation_string"],
            url=row["source_url"],
            published_at=row["published_at"],
            source=source,
            retrieved_at=row["retrieved_at"],
        ),
    )


def committee_members(*, id: str, params: MembersParams) -> Page[CommitteeMemberOut]:
    """A committee's roster in one Congress (default: the latest with a roster), majority side first, each
    side by rank, with each member's title (Chair, Ranking Member, ...) and a member summary."""
    canonical = normalize_for("committee", id)
    limit, offset = page_window(params.limit, params.cursor)
    roster = CommitteeMembership.objects.filter(committee__thomas_id=canonical)
    # One query on the hot path: the latest Congress is a subquery and the total a window count.
    congress = params.congress or Subquery(roster.order_by("-congress").values("congress")[:1])
    rows = list(
        roster.filter(congress=congress)
        .annotate(total=Window(Count("id")))
        .order_by("party_side", F("rank").asc(nulls_last=True), "legislator__last_name", "id")
        .values(*ROSTER_FIELDS, "total")[offset : offset + limit]
    )
    if rows:
        total = rows[0]["total"]
    else:  # an empty page: tell "no such committee" (404) from "no roster for that Congress" (empty)
        committee_row(canonical)
        total = roster.filter(congress=congress).count() if offset else 0
    source = _membership_source()
    next_cursor = encode_cursor(offset + limit) if offset + limit < total else None
    return Page(
        results=[_roster_row(row, committee_id=canonical, source=source) for row in rows],
        pagination=Pagination(limit=limit, total=total, next_cursor=next_cursor),
    )


def membership_queryset(*, params: MembershipListParams):
    """The committee seats a list's filters select (shared by the list and its aggregates)."""
    from .legislators import legislator_row

    qs = CommitteeMembership.objects.all()
    if params.congress:
        qs = qs.filter(congress=params.congress)
    if params.committee:
        qs = qs.filter(
            committee__thomas_id=normalize_for("committee", params.committee, parameter="committee")
        )
    if params.chamber:
        qs = qs.filter(committee__chamber=params.chamber)
    if params.member:
        qs = qs.filter(legislator=legislator_row(params.member, parameter="member"))
    return qs


def membership_list(*, params: MembershipListParams) -> Page[CommitteeMemberOut]:
    """Committee and subcommittee seats across committees, newest Congress first, then by committee, party
    side and rank; narrowed by Congress, committee, chamber or member."""
    qs = membership_queryset(params=params).order_by(
        "-congress", "committee__thomas_id", "party_side", F("rank").asc(nulls_last=True), "id"
    )
    source = _membership_source()
    return paginate(
        qs.values(*ROSTER_FIELDS, "committee__thomas_id"),
        limit=params.limit,
        cursor=params.cursor,
        to_schema=lambda row: _roster_row(row, committee_id=row["committee__thomas_id"], source=source),
    )
