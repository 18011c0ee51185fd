"""Text out of GPO-style XML: block elements become lines, page breaks become [[Page N]] markers."""

import re

from lxml import etree

from apps.documents.text import squash

_BLOCKS = {
    "P", "FP", "HD", "AMDPAR", "SECTNO", "SUBJECT", "SECTION", "PART", "EXTRACT", "GPOTABLE", "ROW", "SIG",
    "NAME", "TITLE", "DATED", "FRDOC", "BILCOD", "AGY", "ACT", "SUM", "DATES", "EFFDATE", "ADD", "FURINF",
    "SUPLINF", "REGTEXT", "LSTSUB", "AUTH", "FTNT", "PREAMB", "AGENCY", "SUBAGY", "CFR", "DEPDOC", "RIN",
    "PROC", "PRES", "TITLE3", "PSIG", "PLACE", "GPH", "LI", "TTITLE", "TNOTE", "CITA", "HED", "PSPACE",
    "SOURCE", "EDNOTE", "APPENDIX", "NOTE",
}  # fmt: skip


BREAK = "\x1e"


def local(tag) -> str:
    return etree.QName(tag).localname if isinstance(tag, str) else ""


def block_text(el, *, page_markers: bool = True, skip: frozenset[str] = frozenset()) -> str:
    """Lines of text from ``el``: one per block element, inline markup flattened."""
    out: list[str] = []  # text with source newlines flattened; BREAK marks block boundaries

    def walk(node) -> None:
        if node.text:
            out.append(node.text.replace("\n", " "))
        for child in node:
            name = local(child.tag)
            if name in skip:
                pass
            elif name == "PRTPAGE":
                if page_markers and child.get("P", "").isdigit():
                    out.append(f"{BREAK}[[Page {child.get('P')}]]{BREAK}")
            elif name in _BLOCKS:
                out.append(BREAK)
                walk(child)
                out.append(BREAK)
            elif isinstance(child.tag, str):
                walk(child)
            if child.tail:
                out.append(child.tail.replace("\n", " "))

    walk(el)
    lines = [squash(line) for line in "".join(out).split(BREAK)]
    return re.sub(r"\n{2,}", "\n", "\n".join(line for line in lines if line)).strip()


def flat_text(el) -> str:
    return squash("".join(el.itertext())) if el is not None else ""
