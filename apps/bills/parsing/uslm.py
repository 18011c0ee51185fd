"""USLM (bill text, slip laws, statute compilations) -> readable text that keeps numbering and headings.

Accepts both namespaces (``http://schemas.gpo.gov/xml/uslm`` and ``http://xml.house.gov/schemas/uslm/1.0``)
by matching local names. Hierarchy levels (section, subsection, paragraph, ...) start a new line indented by
depth, with their ``num`` and ``heading`` first; everything inline (refs, quoted text, italics) flows into
the line. Metadata, the preface, tables of contents, page markers and sidenotes are left out of the text.
"""

import re
from datetime import date, datetime

from lxml import etree

LEVELS = frozenset(
    "title subtitle division subdivision chapter subchapter part subpart article section subsection paragraph "
    "subparagraph clause subclause item subitem subsubitem level".split()
)
BLOCKS = frozenset(
    "docTitle officialTitle enactingFormula resolvingClause p continuation proviso quotedContent tr list "
    "listItem preamble recital signature attestation enrolledDateline note caption appropriations".split()
)
SKIP = frozenset(
    "meta amendMeta preface amendPreface toc page sidenote editorialNote endMarker legislativeHistory "
    "notation distributionCode slugLine endorsement".split()
)
_WS = re.compile(r"\s+")


def local(el) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


class _Renderer:
    def __init__(self):
        self.lines: list[str] = []
        self.sections: list[dict] = []

    def flush(self, buf: list[str], depth: int) -> None:
        text = _WS.sub(" ", "".join(buf)).strip()
        buf.clear()
        if text:
            self.lines.append("  " * max(depth - 1, 0) + text)

    def walk(self, el, depth: int, buf: list[str], quoted: bool) -> None:
        buf.append(el.text or "")
        for child in el:
            name = local(child)
            if not name or name in SKIP:
                buf.append(child.tail or "")
                continue
            if name in LEVELS or name in BLOCKS:
                self.flush(buf, depth)
                inner: list[str] = []
                child_depth = depth + 1 if name in LEVELS else depth
                if name == "section" and not quoted:
                    self._section(child)
                self.walk(child, child_depth, inner, quoted or name == "quotedContent")
                self.flush(inner, child_depth)
            else:
                if name in ("td", "th"):
                    buf.append(" | ")
                self.walk(child, depth, buf, quoted)
                if name in ("num", "heading") and not "".join(buf).rstrip().endswith(("—", "-")):
                    buf.append(" ")
            buf.append(child.tail or "")

    def _section(self, el) -> None:
        num = next((c for c in el if local(c) == "num"), None)
        heading = next((c for c in el if local(c) == "heading"), None)
        # A section without num or heading (a resolution's undesignated resolving section, the unnumbered
        # first section of an Act, a repealed one) is still a section: listed in order, with empty fields.
        self.sections.append(
            {
                "num": _WS.sub(" ", inline_text(num)).strip() if num is not None else "",
                "heading": _WS.sub(" ", inline_text(heading)).strip() if heading is not None else "",
                "identifier": el.get("identifier", ""),
            }
        )


def inline_text(el) -> str:
    parts = [el.text or ""]
    for child in el:
        if isinstance(child.tag, str) and local(child) not in SKIP:
            parts.append(inline_text(child))
        parts.append(child.tail or "")
    return "".join(parts)


def render(root) -> tuple[str, list[dict]]:
    """The document's readable text and its (non-quoted) sections ``[{num, heading, identifier}]``."""
    r = _Renderer()
    buf: list[str] = []
    r.walk(root, 0, buf, False)
    r.flush(buf, 0)
    return "\n".join(r.lines), r.sections


def child(root, name: str):
    """First descendant with local name ``name`` (namespace-agnostic)."""
    return next((el for el in root.iter() if local(el) == name), None)


def children_text(parent, name: str) -> list[str]:
    if parent is None:
        return []
    return [_WS.sub(" ", inline_text(el)).strip() for el in parent if local(el) == name]


def meta_element(root):
    return next((el for el in root if local(el) in ("meta", "amendMeta")), None)


_MONTHS = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), start=1)}
_PROSE_DATE = re.compile(r"(?P<month>[A-Za-z]{3})[a-z]*\.?\s+(?P<day>\d{1,2}),\s*(?P<year>\d{4})")


def prose_date(text: str) -> date | None:
    """'February 6, 2019', 'OCT. 10, 2013', 'Sept. 3, 2020' -> date; None when there is none."""
    m = _PROSE_DATE.search(text or "")
    if not m or m.group("month").lower()[:3] not in _MONTHS:
        return None
    try:
        return date(int(m.group("year")), _MONTHS[m.group("month").lower()[:3]], int(m.group("day")))
    except ValueError:
        return None


def iso_or_prose_date(el) -> date | None:
    if el is None:
        return None
    raw = el.get("date", "")
    if raw:
        try:
            return datetime.strptime(raw[:10], "%Y-%m-%d").date()
        except ValueError:
            pass
    return prose_date(inline_text(el))
