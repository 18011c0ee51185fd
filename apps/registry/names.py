"""Name forms for the registry's FTS tables (``search_name``): what a noisy query may call a member or a
committee. Kept in one place so the legislators plan, the stub resolver and the committees plan agree."""

import re

STATE_NAMES = {
    "AL": "Alabama", "AK": "Alaska", "AZ": "Arizona", "AR": "Arkansas", "CA": "California",
    "CO": "Colorado", "CT": "Connecticut", "DE": "Delaware", "FL": "Florida", "GA": "Georgia",
    "HI": "Hawaii", "ID": "Idaho", "IL": "Illinois", "IN": "Indiana", "IA": "Iowa", "KS": "Kansas",
    "KY": "Kentucky", "LA": "Louisiana", "ME": "Maine", "MD": "Maryland", "MA": "Massachusetts",
    "MI": "Michigan", "MN": "Minnesota", "MS": "Mississippi", "MO": "Missouri", "MT": "Montana",
    "NE": "Nebraska", "NV": "Nevada", "NH": "New Hampshire", "NJ": "New Jersey", "NM": "New Mexico",
    "NY": "New York", "NC": "North Carolina", "ND": "North Dakota", "OH": "Ohio", "OK": "Oklahoma",
    "OR": "Oregon", "PA": "Pennsylvania", "RI": "Rhode Island", "SC": "South Carolina",
    "SD": "South Dakota", "TN": "Tennessee", "TX": "Texas", "UT": "Utah", "VT": "Vermont",
    "VA": "Virginia", "WA": "Washington", "WV": "West Virginia", "WI": "Wisconsin", "WY": "Wyoming",
    "DC": "District of Columbia", "PR": "Puerto Rico", "GU": "Guam", "VI": "Virgin Islands",
    "AS": "American Samoa", "MP": "Northern Mariana Islands",
}  # fmt: skip

CHAMBER_WORDS = {"senate": "Senator Sen", "house": "Representative Rep Congressman Congresswoman"}
PARTY_LETTERS = {"Democrat": "D", "Republican": "R", "Independent": "I", "Libertarian": "L"}
_WORD = re.compile(r"[^\W_]+", re.UNICODE)


def initials(first: str, last: str) -> str:
    """``Alexandria`` + ``Ocasio-Cortez`` -> ``AOC``: the acronym a query may use for a member."""
    parts = _WORD.findall(first)[:1] + _WORD.findall(last)
    return "".join(p[0] for p in parts).upper() if len(parts) > 1 else ""


def party_letter(party: str) -> str:
    return PARTY_LETTERS.get(party, party[:1].upper() if party else "")


def legislator_search_name(
    *,
    official_full: str = "",
    first: str = "",
    middle: str = "",
    last: str = "",
    nickname: str = "",
    suffix: str = "",
    state: str = "",
    chamber: str = "",
    party: str = "",
) -> str:
    """Every form a member is called by: "Sen. Markey MA", "Bernie Sanders", "AOC", "Jack Reed D-RI"."""
    forms = [
        official_full,
        first,
        middle,
        nickname,
        last,
        suffix,
        initials(nickname or first, last),
        initials(first, last) if nickname else "",
        state,
        STATE_NAMES.get(state, ""),
        CHAMBER_WORDS.get(chamber, ""),
        party,
        party_letter(party),
    ]
    return " ".join(dict.fromkeys(f for f in forms if f))


def committee_search_name(*, name: str, thomas_id: str, chamber: str, parent_name: str = "") -> str:
    """A committee's own name, its thomas id, its chamber, and for a subcommittee its parent's name."""
    forms = [name, parent_name, thomas_id, chamber.capitalize(), "Subcommittee" if parent_name else ""]
    return " ".join(dict.fromkeys(f for f in forms if f))
