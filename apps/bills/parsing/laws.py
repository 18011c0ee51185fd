"""USLM slip laws (``pLaw``) and statute compilations (``statuteCompilation``) -> ``PublicLawRecord``.

Slip laws: ``pl:113:44`` from ``<congress>``/``<docNumber>`` and ``publicPrivate``; the Statutes at Large
citation from the ``<citableAs>`` of the form "127 Stat. 555"; the originating bill from the first
``/us/bill/...`` ref in the long title's sidenote; the enactment date from the "PUBLIC LAW 113–44—OCT. 10,
2013" processing instruction (the number uses an en dash). Compilations: ``comps:<fileId>``.
Bill-text roots (enrolled bills kept next to the laws) belong to the bill-text plan: no record.
"""

import re
from datetime import date
from pathlib import Path

from lxml import etree
from pydantic import BaseModel, ConfigDict

from apps.bills.parsing.billtext import LAW_ROOTS, TEXT_ROOTS
from apps.bills.parsing.common import load_xml, parse_date
from apps.bills.parsing.uslm import child, children_text, inline_text, local, meta_element, prose_date, render
from apps.core.errors import SourceFormatError
from apps.core.ids import parse_bill_ref
from apps.core.inputs import as_input

_STAT = re.compile(r"^\d+\s+Stat\.\s+\d+")
_PI_LAW = re.compile(r"(PUBLIC|PRIVATE) LAW \d+[–-]\d+[—-]+(?P<date>.+)$")


class PublicLawRecord(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    law_id: str
    kind: str
    congress: int | None
    number: int | None
    title: str
    short_title: str
    statutes_citation: str
    citable_as: list[str]
    bill_id: str
    enacted_date: date | None
    body: str
    sections: list[dict]
    source_file: str

    @property
    def key(self) -> str:
        return self.law_id


def parse_public_law(path: Path) -> list[PublicLawRecord]:
    root = load_xml(path)
    name = local(root)
    if name in TEXT_ROOTS:
        return []
    if name not in LAW_ROOTS:
        raise SourceFormatError(path, f"not a USLM law (root <{name}>)")
    meta = meta_element(root)
    if meta is None:
        raise SourceFormatError(path, "USLM law has no <meta>")
    body, sections = render(root)
    if name == "statuteCompilation":
        return [_compilation(path, root, meta, body, sections)]
    congress, number = _first(meta, "congress"), _first(meta, "docNumber")
    if not (congress.isdigit() and number.isdigit()):
        raise SourceFormatError(path, f"law number missing: congress {congress!r}, docNumber {number!r}")
    private = _first(meta, "publicPrivate").lower() == "private"
    citable = children_text(meta, "citableAs")
    title = _first(meta, "title")
    return [
        PublicLawRecord(
            law_id=f"{'pvtl' if private else 'pl'}:{int(congress)}:{int(number)}",
            kind="private" if private else "public",
            congress=int(congress),
            number=int(number),
            title=title.split(": ", 1)[1] if ": " in title else title,
            short_title=_short_title(root),
            statutes_citation=next((c for c in citable if _STAT.match(c)), ""),
            citable_as=citable,
            bill_id=_bill(root),
            enacted_date=_enacted(root),
            body=body,
            sections=sections,
            source_file=as_input(path).name,
        )
    ]


def _first(meta, name: str) -> str:
    return (children_text(meta, name) or [""])[0]


def _short_title(root) -> str:
    el = child(root, "shortTitle")
    return " ".join(inline_text(el).split()).strip('“”"') if el is not None else ""


def _bill(root) -> str:
    long_title = child(root, "longTitle")
    for scope in (long_title, root):
        if scope is None:
            continue
        for el in scope.iter():
            if local(el) == "ref" and (el.get("href") or "").startswith("/us/bill/"):
                ref = parse_bill_ref(el.get("href"))
                if ref and ref.congress:
                    return ref.id
    return ""


def _enacted(root) -> date | None:
    for node in root.iter(etree.ProcessingInstruction):
        if m := _PI_LAW.search(node.text or ""):
            return prose_date(m.group("date"))
    return None


def _compilation(path, root, meta, body, sections) -> PublicLawRecord:
    file_id = next(
        (el.text.strip() for el in meta if local(el) == "property" and el.get("role") == "fileId"), ""
    )
    if not file_id.isdigit():
        raise SourceFormatError(path, "statute compilation has no <property role='fileId'>")
    congress, number = _first(meta, "congress"), _first(meta, "docNumber")
    return PublicLawRecord(
        law_id=f"comps:{int(file_id)}",
        kind="compilation",
        congress=int(congress) if congress.isdigit() else None,
        number=int(number) if number.isdigit() else None,
        title=_first(meta, "title"),
        short_title=_first(meta, "containsShortTitle"),
        statutes_citation="",
        citable_as=children_text(meta, "citableAs"),
        bill_id="",
        enacted_date=parse_date(_first(meta, "approvedDate")),
        body=body,
        sections=sections,
        source_file=as_input(path).name,
    )
