"""A roll call as people name it → the filters that find it: "House roll call 123 of 2025", "senate vote 45
118th congress 1st session", "roll call 77 119th", an id (house:119:2025:77, s162-119.2025), or the words of
its question ("Hegseth nomination"). Backs ``GET /v1/votes?q=`` and so ``resolve_entity`` over votes.

Roll numbers restart each session, so a number is matched with whatever else the text gives (chamber, a year,
or a Congress and its session: the nth Congress's first session is the year 1787 + 2n)."""

import re
from dataclasses import dataclass, field

from apps.registry.ids import normalize_vote

_CHAMBER = re.compile(r"\b(house|senate)\b")
_CONGRESS = re.compile(
    r"\b(\d{1,3})(?:st|nd|rd|th)?\s+congress\b|\bcongress\s+(\d{1,3})\b|\b(\d{2,3})(?:st|nd|rd|th)\b(?!\s+session)"
)
_SESSION = re.compile(r"\b(1st|2nd|first|second|1|2)\s+session\b|\bsession\s+(1|2)\b")
_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
_NUMBER = re.compile(r"(?:\broll\s*call|\bvote|\bno\.?|\bnumber|#)\s*(\d{1,4})\b")
_BARE = re.compile(r"\b(\d{1,4})\b")
_WORD = re.compile(r"[^\W_]+")
# words that say "a roll call" rather than what it was about
_NOISE = {
    "roll", "call", "rollcall", "vote", "votes", "voted", "no", "number", "on", "the", "of", "in", "a", "an",
    "to", "for", "and", "st", "nd", "rd", "th", "session", "congress", "first", "second",
}  # fmt: skip


@dataclass
class VoteRef:
    vote_id: str | None = None
    chamber: str | None = None
    congress: int | None = None
    session_year: int | None = None
    number: int | None = None
    words: list[str] = field(default_factory=list)  # each must occur in the question or subject


def first_session_year(congress: int) -> int:
    return 1787 + 2 * congress


def parse_vote_ref(text: str) -> VoteRef:
    if vote_id := normalize_vote(text):
        return VoteRef(vote_id=vote_id)
    rest = text.lower()
    ref = VoteRef()

    def take(pattern: re.Pattern) -> re.Match | None:
        nonlocal rest
        m = pattern.search(rest)
        if m:
            rest = rest[: m.start()] + " " + rest[m.end() :]
        return m

    if m := take(_CHAMBER):
        ref.chamber = m.group(1)
    if m := take(_CONGRESS):
        ref.congress = int(m.group(1) or m.group(2) or m.group(3))
    session = take(_SESSION)
    if m := take(_YEAR):
        ref.session_year = int(m.group(1))
    elif session and ref.congress:
        second = (session.group(1) or session.group(2)) in ("2nd", "second", "2")
        ref.session_year = first_session_year(ref.congress) + second
    if m := take(_NUMBER) or take(_BARE):
        ref.number = int(m.group(1))
    ref.words = [w for w in _WORD.findall(rest) if len(w) > 2 and w not in _NOISE and not w.isdigit()]
    return ref
