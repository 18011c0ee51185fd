"""Any id of the legislator crosswalk names one member: bioguide (``B000740``), Senate LIS (``S270`` or
``lis:S270``), thomas, govtrack, FEC, opensecrets, icpsr, ... — bare, or as ``scheme:value`` when a bare
number is shared by two schemes. Filters that take a member (``sponsor``, ...) go through
``member_for_filter`` so a name or a typo is a 400 saying what is wanted, never an empty page."""

from apps.core.errors import InvalidParameter
from apps.registry.ids import BIOGUIDE_RE
from apps.registry.models import Legislator, LegislatorIdentifier

# The crosswalk's id schemes (congress-legislators ``id:`` keys); wikipedia and ballotpedia hold names,
# which GET /v1/legislators?q= ranks instead. Listed so a lookup uses the (scheme, value) index.
ID_SCHEMES = (
    "bioguide",
    "bioguide_previous",
    "lis",
    "thomas",
    "govtrack",
    "opensecrets",
    "votesmart",
    "fec",
    "cspan",
    "icpsr",
    "maplight",
    "house_history",
    "wikidata",
    "google_entity_id",
    "pictorial",
)


class NotAMemberId(InvalidParameter):
    code = "not_a_member_id"


class AmbiguousMemberId(InvalidParameter):
    code = "ambiguous_member_id"


def crosswalk_matches(text: str) -> dict[str, Legislator]:
    """Every member whose crosswalk id equals ``text``, keyed ``scheme:value`` (``lis:S270``)."""
    scheme, _, value = text.strip().rpartition(":")
    if scheme and scheme.lower() in ID_SCHEMES:
        schemes: tuple[str, ...] = (scheme.lower(),)
    else:
        schemes, value = ID_SCHEMES, text.strip()
    if not value:
        return {}
    spellings = {value, value.upper()}
    matches: dict[str, Legislator] = {}
    # Stubs (members known only from a bill or vote file) carry their id on the row, not in the crosswalk.
    columns = {"bioguide": "bioguide_id", "lis": "lis_id"}
    for name, column in columns.items():
        if name in schemes:
            for row in Legislator.objects.filter(**{f"{column}__in": spellings}):
                matches[f"{name}:{getattr(row, column)}"] = row
    rows = LegislatorIdentifier.objects.filter(scheme__in=schemes, value__in=spellings).select_related(
        "legislator"
    )
    for ident in rows:
        matches.setdefault(f"{ident.scheme}:{ident.value}", ident.legislator)
    return matches


def member_for_filter(parameter: str, value: str) -> Legislator:
    """The one member ``value`` names, or a 400 naming ``parameter`` that says how to find an id."""
    matches = crosswalk_matches(value)
    members = {row.pk: row for row in matches.values()}
    if len(members) == 1:
        return next(iter(members.values()))
    lookup = f"/v1/legislators?q={value.strip()}"
    if not members:
        raise NotAMemberId(
            parameter,
            f"{parameter}={value!r} is not a member id. It takes an id of the legislator crosswalk: bioguide "
            f"(B000740), Senate LIS (S270), thomas, govtrack, FEC, ...; find a member's id with GET {lookup} "
            "(MCP: resolve_entity).",
            lookup=lookup,
        )
    candidates = [{"id": key, "member": row.public_id} for key, row in sorted(matches.items())]
    raise AmbiguousMemberId(
        parameter,
        f"{parameter}={value!r} is an id of more than one member in different schemes; send it as "
        f"scheme:value, e.g. {candidates[0]['id']}.",
        candidates=candidates,
    )


def bioguide_for_filter(parameter: str, value: str) -> str:
    """A filter on a stored bioguide id (staff directories): a bioguide-shaped value is used as given (the
    directory may name a member the registry lacks); any other crosswalk id is translated."""
    if BIOGUIDE_RE.match(value.strip()):
        return value.strip().upper()
    return member_for_filter(parameter, value).public_id
