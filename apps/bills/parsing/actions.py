"""Action de-duplication for BILLSTATUS.

BILLSTATUS repeats one event under several ``sourceSystem``s: the Library of Congress (code 9, numeric
codes such as 1000/8000/36000), House floor (code 2, ``H11100``), Senate (no code), House committee
actions. The House floor system also repeats a referral once per committee it names. The rule:

    Two action items are the same event when they have the same ``actionDate``, the same text once the
    Library of Congress's category prefix is removed ("Passed/agreed to in Senate: ", "Resolving
    differences -- House actions: ") and whitespace normalised (collapsed, and none kept beside a
    parenthesis: the copies differ in "Consent.(consideration" / "Consent. (consideration"), and actionTimes
    that do not conflict (equal, or one of them missing).

Items with the same date and text but *different* times are distinct events (the House "resumed
consideration" several times a day). A merged action keeps the longest text, the type of its first copy,
the time of any copy that has one, the union of action codes, source systems, committees and recorded
votes. The file lists actions newest first; the result is oldest first (file order reversed).
"""

import re
from dataclasses import dataclass, field

_LOC_PREFIX = re.compile(
    r"^(?:Passed/agreed to in (?:House|Senate)|Resolving differences\s*--\s*(?:House|Senate) actions):\s*",
    re.IGNORECASE,
)
_PAREN_SPACE = re.compile(r"\s*([()])\s*")


@dataclass
class RawAction:
    date: str
    time: str
    text: str
    action_type: str
    code: str
    source_system: str
    committees: list[dict] = field(default_factory=list)
    votes: list[dict] = field(default_factory=list)


def event_text(text: str) -> str:
    return _PAREN_SPACE.sub(r"\1", _LOC_PREFIX.sub("", " ".join(text.split())))


def dedupe_actions(newest_first: list[RawAction]) -> list[RawAction]:
    """Merge copies of the same event (rule in the module docstring); return oldest first."""
    groups: dict[tuple[str, str], list[list[RawAction]]] = {}
    ordered: list[list[RawAction]] = []  # clusters in order of their oldest copy
    for item in reversed(newest_first):
        clusters = groups.setdefault((item.date, event_text(item.text)), [])
        home = next((c for c in clusters if _compatible(c, item)), None)
        if home is None:
            home = [item]
            clusters.append(home)
            ordered.append(home)
        else:
            home.append(item)
    return [_merge(cluster) for cluster in ordered]


def _compatible(cluster: list[RawAction], item: RawAction) -> bool:
    times = {a.time for a in cluster if a.time}
    return not item.time or not times or item.time in times


def _union(values) -> list:
    out: list = []
    for value in values:
        if value and value not in out:
            out.append(value)
    return out


def _merge(cluster: list[RawAction]) -> RawAction:
    first = cluster[0]
    return RawAction(
        date=first.date,
        time=next((a.time for a in cluster if a.time), ""),
        text=max((a.text for a in cluster), key=len),
        action_type=first.action_type,
        code=",".join(_union(a.code for a in cluster)),
        source_system=", ".join(_union(a.source_system for a in cluster)),
        committees=_union(c for a in cluster for c in a.committees),
        votes=_union(v for a in cluster for v in a.votes),
    )
