"""Per-run helpers shared by the bill-side loaders: one retrieved_at stamp, member and vote crosswalks."""

from datetime import datetime

from django.utils import timezone

from apps.core.plans import LoadContext
from apps.registry.models import Legislator, RollCallVote
from apps.registry.services import legislator_resolve_or_stub


def run_stamp(ctx: LoadContext) -> datetime:
    """One ``retrieved_at`` per run (never compared, so it cannot turn a noop into an update)."""
    return ctx.cached("retrieved_at", timezone.now)


def member_id(ctx: LoadContext, member, *, chamber: str) -> int:
    """Legislator pk for a BILLSTATUS member; unknown bioguide ids become stubs (kept, never dropped)."""
    known: dict[str, int] = ctx.cached(
        "bioguide_to_pk",
        lambda: dict(Legislator.objects.exclude(bioguide_id=None).values_list("bioguide_id", "pk")),
    )
    if member.bioguide not in known:
        legislator = legislator_resolve_or_stub(
            bioguide=member.bioguide,
            first_name=member.first_name,
            last_name=member.last_name,
            full_name=member.full_name,
            party=member.party,
            state=member.state,
            chamber=chamber,
            district=member.district,
        )
        known[member.bioguide] = legislator.pk
    return known[member.bioguide]


def chamber_of(full_name: str, fallback: str = "") -> str:
    if full_name.startswith("Rep.") or full_name.startswith("Del.") or full_name.startswith("Resident"):
        return "house"
    if full_name.startswith("Sen."):
        return "senate"
    return fallback


def roll_call_pk(ctx: LoadContext, vote_id: str) -> int | None:
    votes: dict[str, int] = ctx.cached(
        "vote_id_to_pk", lambda: dict(RollCallVote.objects.values_list("vote_id", "pk"))
    )
    return votes.get(vote_id)
