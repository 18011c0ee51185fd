"""No dead ends: where a Josh id on a page leads. To the record's explorer page when Josh holds it (a stub
too: its page says it is one); else to the publisher's page for that id (marked external); else nowhere
(the id is shown as text). A page never links to a record Josh does not hold.
"""

import threading
from dataclasses import dataclass

from django.core.signals import request_started

from apps.bills.models import Bill, PublicLaw
from apps.bills.naming import bill_url, law_url
from apps.core.errors import JoshError
from apps.core.ids import classify_id
from apps.documents.plans.ecfr_and_cfr import SECTION_URL as CFR_URL
from apps.documents.plans.us_code import SECTION_URL as USC_URL
from apps.explorer.records import GETTERS, record_path
from apps.registry.models import Committee, Legislator, RollCallVote
from apps.registry.selectors.legislators import legislator_row
from apps.registry.services import BIOGUIDE_URL

REGULATIONS = "https://www.regulations.gov"


@dataclass(frozen=True)
class Link:
    url: str
    external: bool  # the publisher's page: the record is not in Josh


def _exists(kind: str, resource: str, canonical: str) -> bool:
    """One indexed lookup for the kinds a page links by the hundred; the resource's getter for the rest."""
    cheap = {
        "bill": lambda: Bill.objects.filter(bill_id=canonical).exists(),
        "public-law": lambda: PublicLaw.objects.filter(law_id=canonical).exists(),
        "committee": lambda: Committee.objects.filter(thomas_id=canonical).exists(),
        "vote": lambda: RollCallVote.objects.filter(vote_id=canonical).exists(),
        "legislator": lambda: _legislator_exists(canonical),
    }
    try:
        if kind in cheap:
            return cheap[kind]()
        getter = GETTERS.get(resource)
        return getter is not None and bool(getter(id=canonical))
    except JoshError:
        return False


_request = threading.local()


def _forget(**_) -> None:
    _request.__dict__.clear()


request_started.connect(_forget, dispatch_uid="explorer-links-forget")


def _held_members() -> set[str]:
    """Every bioguide id and ``lis:`` id Josh holds, read once per request: a vote page links 435 members,
    and Congress has had about 12,000 (bounded, unlike bills)."""
    if not hasattr(_request, "members"):
        _request.members = set()
        for bioguide, lis in Legislator.objects.values_list("bioguide_id", "lis_id").order_by():
            _request.members.update(x for x in (bioguide, lis and f"lis:{lis}") if x)
    return _request.members


def _legislator_exists(canonical: str) -> bool:
    scheme, _, value = canonical.rpartition(":")
    if scheme in ("", "lis") and not value.isdigit():
        return canonical in _held_members()
    return bool(legislator_row(canonical))  # another crosswalk id: through the crosswalk


def _vote_url(canonical: str) -> str:
    chamber, congress, year, number = canonical.split(":")
    if chamber == "house":
        return f"https://clerk.house.gov/evs/{year}/roll{int(number):03d}.xml"
    session = int(year) - (1789 + 2 * (int(congress) - 1)) + 1
    return (
        "https://www.senate.gov/legislative/LIS/roll_call_votes/"
        f"vote{congress}{session}/vote_{congress}_{session}_{int(number):05d}.xml"
    )


def _bill_url(canonical: str) -> str:
    bill_type, congress, number = canonical.split(":")
    return bill_url(bill_type, int(congress), int(number))


def _after_prefix(canonical: str) -> str:
    return canonical.split(":", 1)[1]


def _cfr_url(canonical: str) -> str:
    title, section = _after_prefix(canonical).split(":", 1)
    return CFR_URL.format(title=title, section=section)


def _usc_url(canonical: str) -> str:
    title, section = _after_prefix(canonical).split(":", 1)
    return USC_URL.format(title=title, section=section)


def _crec_url(granule: str) -> str:
    return f"https://www.govinfo.gov/app/details/{granule.split('-pt')[0]}/{granule}"


def _legislator_url(canonical: str) -> str:
    return BIOGUIDE_URL.format(canonical) if ":" not in canonical else ""


# The publisher's page for an id Josh does not hold, per id kind (the same schemes as apps/citations/rules.py).
PUBLISHER_URLS = {
    "bill": _bill_url,
    "public-law": law_url,
    "vote": _vote_url,
    "legislator": _legislator_url,
    "crs_report": lambda c: f"https://www.congress.gov/crs-product/{_after_prefix(c)}",
    "gao_report": lambda c: f"https://www.gao.gov/products/{_after_prefix(c).lower()}",
    "fr_document": lambda c: f"https://www.federalregister.gov/d/{_after_prefix(c)}",
    "cfr_section": _cfr_url,
    "usc_section": _usc_url,
    "docket": lambda c: f"{REGULATIONS}/docket/{_after_prefix(c)}",
    "regulatory_document": lambda c: f"{REGULATIONS}/document/{_after_prefix(c)}",
    "crec_granule": lambda c: _crec_url(_after_prefix(c)),
    "hearing_transcript": lambda c: f"https://www.govinfo.gov/app/details/{_after_prefix(c)}",
}


def link_for_id(value) -> Link | None:
    """Where ``value`` (a Josh id in any accepted spelling) leads; None when it is not an id or leads nowhere."""
    if not value:
        return None
    try:
        kind, canonical = classify_id(str(value))
    except JoshError:
        return None
    if kind.resource in GETTERS and _exists(kind.name, kind.resource, canonical):
        return Link(record_path(kind.resource, canonical), external=False)
    build = PUBLISHER_URLS.get(kind.name)
    try:
        url = build(canonical) if build else ""
    except ValueError:  # an id whose shape the publisher's scheme cannot take
        url = ""
    return Link(url, external=True) if url else None
