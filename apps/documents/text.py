"""Small text helpers shared by the document parsers."""

import re
from datetime import date

from apps.core.ids import find_bill_mentions

_WS = re.compile(r"[ \t\r\f\v\u00a0]+")
_BLANKS = re.compile(r"\n\s*\n\s*(\n\s*)+")
_MD_LINK = re.compile(r"!?\[([^\]]*)\]\((?:[^()\s]|\([^()]*\))*\)")


def squash(text: str) -> str:
    """One line: runs of any whitespace become one space."""
    return re.sub(r"\s+", " ", text or "").strip()


def tidy(text: str) -> str:
    """Keep paragraph breaks, drop trailing spaces and runs of blank lines."""
    lines = [_WS.sub(" ", line).strip() for line in (text or "").splitlines()]
    return _BLANKS.sub("\n\n", "\n".join(lines)).strip()


def strip_md_links(text: str) -> str:
    """``[label](url)`` -> ``label`` (images too)."""
    return _MD_LINK.sub(lambda m: m.group(1), text)


def congress_for(day: date | None) -> int | None:
    """The Congress sitting on ``day``: (year - 1789) // 2 + 1, except that a Congress starts on
    January 3 of an odd year (20th Amendment), so January 1-2 of an odd year belong to the previous one."""
    if day is None:
        return None
    year = day.year
    if year % 2 == 1 and day.month == 1 and day.day < 3:
        year -= 1
    return (year - 1789) // 2 + 1


def bill_mentions(text: str, *, congress: int | None) -> list[tuple[str, str]]:
    """``[(bill_id, cited form)]`` for the bills cited in ``text`` (line breaks inside a citation allowed)."""
    if congress is None:
        return []
    flat = squash(text)
    return [(ref.id, _cited(ref)) for ref in find_bill_mentions(flat, congress=congress)]


_TYPE_LABEL = {
    "hr": "H.R.",
    "s": "S.",
    "hjres": "H.J.Res.",
    "sjres": "S.J.Res.",
    "hconres": "H.Con.Res.",
    "sconres": "S.Con.Res.",
    "hres": "H.Res.",
    "sres": "S.Res.",
}


def _cited(ref) -> str:
    return f"{_TYPE_LABEL[ref.bill_type]} {ref.number}"
