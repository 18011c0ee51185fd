"""Committee dossier."""

from apps.activity.models import HearingCommittee
from apps.bills.models import Bill, BillCommittee
from apps.bills.selectors._common import bill_brief
from apps.dossiers.schemas import CommitteeDossier, RoleHolder
from apps.dossiers.selectors._common import from_page, linked, list_url, section, section_limit
from apps.registry import selectors as registry
from apps.registry.models import CommitteeMembership
from apps.registry.schemas import MembersParams
from apps.registry.selectors._common import legislator_summary

CHAIR_TITLES = ("Chair", "Chairman", "Chairwoman")
RANKING_TITLES = ("Ranking Member",)


def committee_dossier(*, id: str) -> CommitteeDossier:
    """One committee or subcommittee: its chair and ranking member, roster (latest Congress), subcommittees,
    the bills referred to it and its hearings. Each list is cut to a few items; ``more_url`` pages on."""
    committee = registry.committee_get(id=id)
    cid = committee.id
    seats = CommitteeMembership.objects.filter(committee__thomas_id=cid)
    congress = seats.order_by("-congress").values_list("congress", flat=True).first()
    holders = list(
        seats.filter(congress=congress, title__in=CHAIR_TITLES + RANKING_TITLES)
        .select_related("legislator")
        .order_by("rank", "id")
    )
    bills = Bill.objects.filter(pk__in=BillCommittee.objects.filter(thomas_id=cid).values("bill")).only(
        "bill_id", "bill_type", "number", "title", "introduced_date", "congress"
    )
    return CommitteeDossier(
        id=cid,
        committee=committee,
        congress=congress,
        chair=_holder(holders, CHAIR_TITLES),
        ranking_member=_holder(holders, RANKING_TITLES),
        members=from_page(
            registry.committee_members(id=cid, params=MembersParams(limit=section_limit())),
            more_url=f"/v1/committees/{cid}/members",
        ),
        bills_referred=section(
            bills.order_by("-congress", "-introduced_date", "bill_type", "number"),
            to_item=bill_brief,
            more_url=None,  # /v1/bills has no committee filter yet
        ),
        hearings=linked(
            "hearings",
            {"pk__in": HearingCommittee.objects.filter(thomas_id=cid).values("hearing")},
            more_url=list_url("hearings", committee=cid),
        ),
    )


def _holder(rows: list[CommitteeMembership], titles: tuple[str, ...]) -> RoleHolder | None:
    row = next((r for r in rows if r.title in titles), None)
    if row is None:
        return None
    return RoleHolder(
        member=legislator_summary(row.legislator),
        title=row.title,
        party_side=row.party_side,
        congress=row.congress,
    )
