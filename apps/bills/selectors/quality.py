"""The bills data-quality report: what a curator should look at after an ingest."""

from django.db.models import Count, Exists, OuterRef, Q
from pydantic import BaseModel, Field

from apps.bills.models import Bill, BillAction, BillRecordedVote, BillTextVersion
from apps.registry.models import Legislator


class UnresolvedMember(BaseModel):
    id: str = Field(description="Legislator public id of the stub (bioguide).")
    name: str
    party: str
    state: str
    bills_sponsored: list[str]
    bills_cosponsored: int


class DataQualityReport(BaseModel):
    bills: int
    missing_sponsor: list[str] = Field(description="Bill ids with no sponsor (USLM-only bills included).")
    missing_actions: list[str]
    missing_text: list[str] = Field(description="Bills with no ingested text version (empty body).")
    text_only: list[str] = Field(description="Bills known only from their text (no BILLSTATUS file yet).")
    unlinked_votes: list[str] = Field(description="Recorded-vote ids whose roll call is not ingested.")
    unresolved_members: list[UnresolvedMember] = Field(
        description="Stub legislators (not in the legislators file) that bills reference."
    )


def bills_data_quality() -> DataQualityReport:
    """Bills missing a sponsor, actions or text; BILLSTATUS member ids that could not be resolved."""
    has_actions = Exists(BillAction.objects.filter(bill=OuterRef("pk")))
    has_text = Exists(BillTextVersion.objects.filter(bill=OuterRef("pk")).exclude(text=""))
    rows = list(
        Bill.objects.annotate(has_actions=has_actions, has_text=has_text)
        .values_list("bill_id", "sponsor_id", "has_actions", "has_text", "status_source")
        .order_by("-congress", "bill_type", "number")
    )
    stubs = (
        Legislator.objects.filter(is_stub=True)
        .filter(Q(sponsored_bills__isnull=False) | Q(cosponsorships__isnull=False))
        .annotate(cosponsored=Count("cosponsorships", distinct=True))
        .prefetch_related("sponsored_bills")
        .distinct()
        .order_by("last_name", "first_name")
    )
    return DataQualityReport(
        bills=len(rows),
        missing_sponsor=[r[0] for r in rows if r[1] is None],
        missing_actions=[r[0] for r in rows if not r[2]],
        missing_text=[r[0] for r in rows if not r[3]],
        text_only=[r[0] for r in rows if r[4] == Bill.StatusSource.USLM],
        unlinked_votes=sorted(
            set(BillRecordedVote.objects.filter(roll_call__isnull=True).values_list("vote_id", flat=True))
        ),
        unresolved_members=[
            UnresolvedMember(
                id=s.public_id,
                name=s.official_full,
                party=s.party,
                state=s.state,
                bills_sponsored=[b.bill_id for b in s.sponsored_bills.all()],
                bills_cosponsored=s.cosponsored,
            )
            for s in stubs
        ],
    )
