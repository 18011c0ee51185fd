"""Small text helpers shared by the document parsers."""

import re

from apps.core.ids import bill_label, find_bill_mentions

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


_CONGRESS_RE = re.compile(r"\b(\d{2,3})(?:st|nd|rd|th) Congress\b")
_SENTENCE_RE = re.compile(r"(?<=[a-z0-9)\]])[.;]\s+(?=[A-Z(])")
_US_RE = re.compile(r"\bU\.\s?S\.")  # "U.S. 2024" must not read as "S. 2024"


def bill_mentions(text: str, *, congress: int | None) -> list[tuple[str, str]]:
    """``[(bill_id, cited form)]`` for the bills cited in ``text``, in order, de-duplicated.

    The congress is the document's (``congress``), unless the sentence names exactly one other
    ("H.R. 7148 (118th Congress)"), which then wins. Line breaks inside a citation are allowed.
    """
    flat = _US_RE.sub("US", squash(text))
    found: dict[str, str] = {}
    for sentence in _SENTENCE_RE.split(flat):
        named = set(_CONGRESS_RE.findall(sentence))
        here = int(named.pop()) if len(named) == 1 else congress
        if here is None:
            continue
        for ref in find_bill_mentions(sentence, congress=here):
            found.setdefault(ref.id, _cited(ref))
    return list(found.items())


def _cited(ref) -> str:
    return bill_label(ref.bill_type, ref.number)


_CRS_CITE_RE = re.compile(
    r"\bCRS (?:Report|In Focus|Insight|Legal Sidebar|Testimony)\s+(?:No\.\s*)?([A-Z]{1,3}\d{4,5}|\d{2}-\d{2,4}[A-Z]?)\b"
)
_GAO_CITE_RE = re.compile(r"\bGAO-(\d{2})-(\d{1,6})([A-Z]{0,3})\b", re.I)


def crs_citations(text: str, *, own: str) -> list[str]:
    """``crs:`` ids of other CRS products cited as "CRS Report R47447", in order, de-duplicated."""
    found = dict.fromkeys(f"crs:{m.group(1)}" for m in _CRS_CITE_RE.finditer(squash(text)))
    found.pop(own, None)
    return list(found)


def gao_citations(text: str, *, own: str) -> list[str]:
    """``gao:`` ids of GAO products cited as "GAO-05-927", in order, de-duplicated."""
    found = dict.fromkeys(
        f"gao:GAO-{m.group(1)}-{m.group(2)}{m.group(3).upper()}" for m in _GAO_CITE_RE.finditer(text)
    )
    found.pop(own, None)
    return list(found)
