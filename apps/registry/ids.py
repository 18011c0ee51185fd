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


def normalize_legislator(text: str) -> str | None:
    """``S000033`` (bioguide) stays as it is (upper case); ``lis:S313`` names a member by Senate LIS id."""
    text = text.strip()
    if BIOGUIDE_RE.match(text):
        return text.upper()
    if text.lower().startswith("lis:") and (m := LIS_RE.match(text)):
        return f"lis:{m.group(1).upper()}"
    return None


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


register_id_kind(IdKind("legislator", "legislators", ("lis",), "S000033", normalize_legislator))
register_id_kind(IdKind("committee", "committees", (), "HSWM", normalize_committee))
register_id_kind(IdKind("vote", "votes", ("house", "senate"), "house:119:2025:77", normalize_vote))
