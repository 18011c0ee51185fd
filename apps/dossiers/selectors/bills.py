"""Bill and public-law dossiers."""

from django.db.models import Count

from apps.bills import selectors as bills
from apps.bills.models import Bill, BillCosponsor, BillLaw
from apps.core.bill_mentions import citing
from apps.core.vocabulary import PageParams
from apps.dossiers.schemas import AmendmentRef, BillDossier, PublicLawDossier, Section
from apps.dossiers.selectors._common import from_page, linked, list_url, section, section_limit
from apps.registry.models import RollCallVote
from apps.registry.selectors._common import vote_summary


def bill_dossier(*, id: str) -> BillDossier:
    """Everything about one bill in one envelope: the bill (sponsor, committees, subjects, related bills, laws,
    text versions, CBO estimates, committee reports, SAPs), cosponsors with their party split, actions, roll
    calls and amendments voted on, and the CRS/GAO products, Record granules, hearings and lobbying filings
    that cite it. Each list is cut to a few items; ``more_url`` pages through the rest."""
    bill = bills.bill_get(id=id)
    first = PageParams(limit=section_limit())
    bid = bill.id
    votes = RollCallVote.objects.filter(bill_id=bid)
    return BillDossier(
        id=bid,
        bill=bill,
        cosponsors=from_page(
            bills.bill_cosponsors(id=bid, params=first), more_url=f"/v1/bills/{bid}/cosponsors"
        ),
        cosponsor_party_split=_party_split(bid),
        actions=from_page(bills.bill_actions(id=bid, params=first), more_url=f"/v1/bills/{bid}/actions"),
        votes=section(
            votes.order_by("voted_at", "number"),
            to_item=vote_summary,
            more_url=list_url("votes", bill_id=bid),
        ),
        amendments=_amendments(votes, bid),
        crs_reports=_mentioned_in("crs-reports", bid),
        gao_reports=_mentioned_in("gao-reports", bid),
        congressional_record=_mentioned_in("congressional-record", bid),
        hearings=linked(
            "hearings",
            citing("hearings", bid),
            more_url=list_url("hearings", bill_id=bid),
        ),
        lobbying=linked(
            "lda-filings",
            citing("lda-filings", bid),
            more_url=list_url("lda-filings", bill_id=bid),
        ),
    )


def _party_split(bill_id: str) -> dict[str, int]:
    rows = (
        BillCosponsor.objects.filter(bill__bill_id=bill_id, withdrawn_date__isnull=True)
        .values("party")
        .annotate(n=Count("id"))
        .order_by("-n", "party")
    )
    return {row["party"] or "unknown": row["n"] for row in rows}


def _amendments(votes, bill_id: str) -> Section[AmendmentRef]:
    rows = votes.exclude(amendment={}).order_by("voted_at", "number")
    return section(
        rows.only("vote_id", "amendment", "result"),
        to_item=lambda v: AmendmentRef(
            vote_id=v.vote_id,
            author=str(v.amendment.get("author", "")),
            number=v.amendment.get("number"),
            type=str(v.amendment.get("type", "")),
            result=v.result,
        ),
        more_url=list_url("votes", bill_id=bill_id),
    )


def _mentioned_in(slug: str, bill_id: str):
    return linked(slug, citing(slug, bill_id), more_url=list_url(slug, bill_id=bill_id))


def public_law_dossier(*, id: str) -> PublicLawDossier:
    """One public law with its sections and the full dossier of the bill that became it (sponsor,
    cosponsors, actions, votes, reports, SAPs, hearings, lobbying)."""
    law = bills.public_law_get(id=id)
    bill_id = (
        law.bill_id or BillLaw.objects.filter(law_id=law.id).values_list("bill__bill_id", flat=True).first()
    )
    has_bill = bool(bill_id) and Bill.objects.filter(bill_id=bill_id).exists()
    return PublicLawDossier(
        id=law.id,
        law=law.model_dump(exclude={"citable_as", "sections", "body"}),
        sections=section(law.sections, to_item=dict, more_url=f"/v1/public-laws/{law.id}"),
        bill=bill_dossier(id=bill_id) if has_bill else None,
    )
