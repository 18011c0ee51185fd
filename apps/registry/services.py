"""Writes to the registry that other sources share."""

from django.utils import timezone

from apps.registry.models import Legislator
from apps.registry.names import legislator_search_name

BIOGUIDE_URL = "https://bioguide.congress.gov/search/bio/{}"
PARTY_NAMES = {
    "D": "Democrat",
    "R": "Republican",
    "I": "Independent",
    "ID": "Independent",
    "L": "Libertarian",
}


def legislator_resolve_or_stub(
    *,
    bioguide: str | None = None,
    lis: str | None = None,
    first_name: str = "",
    last_name: str = "",
    full_name: str = "",
    party: str = "",
    state: str = "",
    chamber: str = "",
    district: int | None = None,
    mentioned_at: str = "",
) -> Legislator:
    """The legislator with this bioguide (preferred) or LIS id; if unknown, a stub carrying what the
    mentioning source says (name, party, state), so no vote position or cosponsorship is ever dropped.

    A stub is later upgraded in place when the legislators file names the same bioguide (or LIS) id.
    Its URL is the member's Biographical Directory page; a Senate-only stub (an LIS id, no bioguide) gets
    ``mentioned_at``, the publisher's page of the record that names it (the Senate roll call).
    """
    if not bioguide and not lis:
        raise ValueError("a member reference needs a bioguide or LIS id")
    found = None
    if bioguide:
        found = Legislator.objects.filter(bioguide_id=bioguide).first()
    if found is None and lis:
        found = Legislator.objects.filter(lis_id=lis).first()
    if found is not None:
        return found
    party = PARTY_NAMES.get(party.upper(), party) if len(party) <= 2 else party
    display = full_name or " ".join(p for p in (first_name, last_name) if p)
    return Legislator.objects.create(
        bioguide_id=bioguide or None,
        lis_id=lis or None,
        first_name=first_name,
        last_name=last_name,
        official_full=display,
        search_name=legislator_search_name(
            official_full=display,
            first=first_name,
            last=last_name,
            state=state,
            chamber=chamber,
            party=party,
        ),
        party=party,
        state=state,
        chamber=chamber,
        district=district,
        is_stub=True,
        citation_string=f"{display or bioguide or lis} (unresolved member reference)",
        source_url=BIOGUIDE_URL.format(bioguide) if bioguide else mentioned_at,
        retrieved_at=timezone.now(),
    )


def legislator_merge_stub(*, stub: Legislator, into: Legislator) -> None:
    """Point every row that references ``stub`` (vote positions, memberships, other apps' mentions) at
    ``into`` and delete the stub: two stubs for one person (one by LIS id, one by bioguide) become one."""
    if not stub.is_stub or stub.pk == into.pk:
        raise ValueError("only a stub can be merged into another legislator")
    for rel in Legislator._meta.related_objects:
        if rel.one_to_many and rel.field.concrete:
            rel.related_model._base_manager.filter(**{rel.field.name: stub}).update(**{rel.field.name: into})
    stub.delete()
