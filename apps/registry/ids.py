"""Registry id kinds: legislators (``S000033``, alias ``lis:S313``), committees (``HSWM``, ``HSWM01``,
BILLSTATUS ``hswm00``) and roll-call votes (``house:119:2025:77``, alias ``h77-119.2025``).

Registered on import; ``apps/registry/plans/__init__.py`` imports this module so the kinds exist as soon
as the plans are discovered.
"""

import re

from apps.core.ids import IdKind, register_id_kind

BIOGUIDE_RE = re.compile(r"^[A-Za-z]\d{6}$")
LIS_RE = re.compile(r"^(?:lis:)?([A-Za-z]\d{3})$", re.IGNORECASE)
COMMITTEE_RE = re.compile(r"^([HSJ][A-Z]{3})(\d{2})?$", re.IGNORECASE)
VOTE_RE = re.compile(r"^(house|senate):(\d{1,3}):(\d{4}):(\d{1,5})$", re.IGNORECASE)
VOTE_ALIAS_RE = re.compile(r"^([hs])(\d{1,5})-(\d{1,3})\.(\d{4})$", re.IGNORECASE)
CHAMBER_CODES = {"h": "house", "s": "senate"}


# Crosswalk schemes (legislators*.yaml ``id:``) a member may be named by as ``<scheme>:<value>``.
CROSSWALK_SCHEMES = (
    "bioguide", "lis", "thomas", "govtrack", "fec", "icpsr", "opensecrets", "votesmart", "cspan", "maplight",
    "house_history", "pictorial", "wikidata",
)  # fmt: skip
# Bare values whose shape names their scheme: FEC candidate ids (H0AL07086), OpenSecrets (N00000153).
BARE_SCHEMES = (
    ("fec", re.compile(r"^[HSP]\d[A-Z]{2}\d{5}$", re.IGNORECASE)),
    ("opensecrets", re.compile(r"^N\d{8}$", re.IGNORECASE)),
)
NUMERIC_RE = re.compile(r"^\d{1,9}$")  # thomas, govtrack, icpsr, ... (the stored crosswalk tells which)


def normalize_legislator(text: str) -> str | None:
    """A member by any crosswalk id: ``S000033`` (bioguide, upper case); ``S313`` or ``lis:S313`` (Senate
    LIS) -> ``lis:S313``; ``govtrack:400357``, ``fec:H0AL07086``, ``thomas:00091``... -> ``<scheme>:<value>``;
    a bare FEC or OpenSecrets id gets its scheme; bare digits stay bare (any numeric scheme)."""
    text = text.strip()
    scheme, sep, value = text.partition(":")
    scheme = scheme.lower()
    if not sep:
        scheme, value = "", text
    elif scheme not in CROSSWALK_SCHEMES or not value:
        return None
    if scheme in ("", "bioguide") and BIOGUIDE_RE.match(value):
        return value.upper()
    if scheme in ("", "lis") and (m := LIS_RE.match(value)):
        return f"lis:{m.group(1).upper()}"
    if not scheme:
        scheme = next((name for name, pattern in BARE_SCHEMES if pattern.match(value)), "")
        return f"{scheme}:{value.upper()}" if scheme else (value if NUMERIC_RE.match(value) else None)
    if scheme in ("bioguide", "lis") or not re.match(r"^[A-Za-z0-9_-]{1,40}$", value):
        return None
    return f"{scheme}:{value.upper() if not value.isdigit() else value}"


def normalize_committee(text: str) -> str | None:
    """``HSWM`` / ``hswm00`` -> ``HSWM``; ``HSWM01`` / ``hswm01`` -> ``HSWM01`` (00 is BILLSTATUS for 'full')."""
    m = COMMITTEE_RE.match(text.strip())
    if not m:
        return None
    base, sub = m.group(1).upper(), m.group(2)
    return base if sub in (None, "00") else f"{base}{sub}"


def normalize_vote(text: str) -> str | None:
    text = text.strip()
    if m := VOTE_RE.match(text):
        return f"{m.group(1).lower()}:{int(m.group(2))}:{m.group(3)}:{int(m.group(4))}"
    if m := VOTE_ALIAS_RE.match(text):
        chamber = CHAMBER_CODES[m.group(1).lower()]
        return f"{chamber}:{int(m.group(3))}:{m.group(4)}:{int(m.group(2))}"
    return None


def vote_id(*, chamber: str, congress: int, year: int, number: int) -> str:
    return f"{chamber}:{congress}:{year}:{number}"


LEGISLATOR = register_id_kind(
    IdKind("legislator", "legislators", CROSSWALK_SCHEMES, "S000033", normalize_legislator)
)
COMMITTEE = register_id_kind(IdKind("committee", "committees", (), "HSWM", normalize_committee))
VOTE = register_id_kind(IdKind("vote", "votes", ("house", "senate"), "house:119:2025:77", normalize_vote))
