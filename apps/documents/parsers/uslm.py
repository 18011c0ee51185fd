"""U.S. Code titles in USLM (both namespaces): one record per section, notes kept apart."""

import re
from datetime import date
from pathlib import Path

from lxml import etree
from pydantic import Field

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input, load_xml
from apps.core.plans import BadRecord
from apps.documents.ids import fold_dashes
from apps.documents.parsers.base import Record, build
from apps.documents.text import squash

NAMESPACES = ("http://schemas.gpo.gov/xml/uslm", "http://xml.house.gov/schemas/uslm/1.0")
_SECTION_ID_RE = re.compile(r"^/us/usc/t(\d+[a-z]?)/s([\w.-]+)$")
_NUM_ONLY = re.compile(r"^\(\w{1,8}\)$")
_LEVELS = {"subsection", "paragraph", "subparagraph", "clause", "subclause", "item", "subitem"}
_BLOCKS = _LEVELS | {"content", "chapeau", "continuation", "p", "heading", "num", "quotedContent"}


class UscSectionRecord(Record):
    identifier: str
    title: int = Field(ge=1)
    section: str = Field(min_length=1)
    chapter: str
    chapter_heading: str
    heading: str
    status: str
    chapeau: str
    body: str
    source_credit: str
    notes: str
    published_at: date | None

    @property
    def key(self) -> str:
        return f"usc:{self.title}:{self.section}"


def _local(el) -> str:
    return etree.QName(el.tag).localname if isinstance(el.tag, str) else ""


def _text(el, *, skip=frozenset({"footnote"})) -> str:
    out: list[str] = []

    def walk(node):
        if node.text:
            out.append(node.text.replace("\n", " "))
        for child in node:
            name = _local(child)
            if name and name not in skip:
                if name in _BLOCKS and name not in ("num", "heading"):
                    out.append("\n")
                walk(child)
                if name == "num":
                    out.append(" ")
                if name in _BLOCKS and name not in ("num",):
                    out.append("\n")
            if child.tail:
                out.append(child.tail.replace("\n", " "))

    walk(el)
    lines = [squash(line) for line in "".join(out).split("\n")]
    merged: list[str] = []
    for line in (line for line in lines if line):
        if merged and _NUM_ONLY.match(merged[-1]):
            merged[-1] = f"{merged[-1]} {line}"
        else:
            merged.append(line)
    return "\n".join(merged)


def parse(path: Path):
    """Every Code section of one title. A title that is not USLM is refused whole; one section that cannot
    be read is yielded as a BadRecord (the runner quarantines it) so the title's other sections still load."""
    path = as_input(path)
    root = load_xml(path)
    ns = etree.QName(root.tag).namespace
    if ns not in NAMESPACES:
        raise SourceFormatError(path, f"namespace {ns!r} is not USLM ({' or '.join(NAMESPACES)})")
    q = lambda name: f"{{{ns}}}{name}"  # noqa: E731
    processed = root.findtext(f".//{q('processedDate')}") or ""
    published = date.fromisoformat(processed[:10]) if re.match(r"^\d{4}-\d{2}-\d{2}", processed) else None
    found = 0
    for n, sec in enumerate(root.iter(q("section")), 1):
        ident = sec.get("identifier") or ""
        if any(_local(a) in ("quotedContent", "notes", "note") for a in sec.iterancestors()):
            continue  # sections quoted inside notes or amendments are not Code sections
        if not ident:
            continue
        found += 1
        m = _SECTION_ID_RE.match(fold_dashes(ident))
        if not m:
            yield BadRecord(
                key=ident,
                field="identifier",
                message=f"section identifier {ident!r} is not /us/usc/t<title>/s<section>",
            )
            continue
        if not m.group(1).isdigit():  # the whole file is an appendix, not one odd section
            raise SourceFormatError(
                path, f"title {m.group(1)!r} is an appendix title; not supported", record=ident
            )
        key = f"usc:{m.group(1)}:{m.group(2)}"
        try:
            yield _section(path, q, sec, ident, m, published)
        except SourceFormatError as exc:
            yield BadRecord.from_error(exc, key)
        except Exception as exc:  # an unforeseen shape in one section must not cost the whole title
            yield BadRecord(
                key=key, field="", message=f"section {n} could not be read: {type(exc).__name__}: {exc}"
            )
    if not found:
        raise SourceFormatError(path, "no /us/usc/t<title>/s<section> sections found")


def _section(path: Path, q, sec, ident: str, m: re.Match, published: date | None) -> UscSectionRecord:
    chapter = next(sec.iterancestors(q("chapter")), None)
    chapeau = sec.find(q("chapeau"))
    credit = sec.find(q("sourceCredit"))
    notes = [n for n in sec if _local(n) in ("notes", "note")]
    body_parts = [c for c in sec if _local(c) not in ("num", "heading", "sourceCredit", "notes", "note")]
    return build(
        UscSectionRecord,
        path,
        f"usc:{m.group(1)}:{m.group(2)}",
        identifier=ident,  # as the source writes it (dashes and all); the key is the normalised form
        title=int(m.group(1)),
        section=m.group(2),
        chapter=(
            chapter.find(q("num")).get("value", "")
            if chapter is not None and chapter.find(q("num")) is not None
            else ""
        ),
        chapter_heading=squash(chapter.findtext(q("heading")) or "") if chapter is not None else "",
        heading=squash("".join(sec.find(q("heading")).itertext()))
        if sec.find(q("heading")) is not None
        else "",
        status=sec.get("status") or "",
        chapeau=_text(chapeau) if chapeau is not None else "",
        body="\n".join(t for t in (_text(c) for c in body_parts) if t),
        source_credit=squash("".join(credit.itertext())) if credit is not None else "",
        notes="\n".join(_text(n) for n in notes),
        published_at=published,
    )
