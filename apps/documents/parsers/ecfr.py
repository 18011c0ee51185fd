"""eCFR title XML (DIV1 title > DIV3 chapter > DIV4 subchapter > DIV5 part > DIV6 subpart > DIV8 section)."""

import re
from datetime import date
from pathlib import Path

from pydantic import Field

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input, load_xml
from apps.core.plans import record_or_bad
from apps.documents.parsers.base import Record, build, parse_date
from apps.documents.parsers.xmltext import block_text, flat_text

_SECTION_HEAD_RE = re.compile(r"^§+\s*([\w.-]+)\s*(.*)$")
_LEVELS = {"CHAPTER": "chapter", "SUBCHAP": "subchapter", "PART": "part", "SUBPART": "subpart"}


class CfrSectionRecord(Record):
    title: int = Field(ge=1, le=50)
    title_name: str
    chapter: str
    chapter_heading: str
    subchapter: str
    part: str = Field(min_length=1)
    part_heading: str
    subpart: str
    section: str = Field(pattern=r"^\d+[A-Za-z]?\.[\w.-]+$")
    heading: str
    body: str
    source_citation: str
    authority: str
    part_source: str
    published_at: date | None

    @property
    def key(self) -> str:
        return f"cfr:{self.title}:{self.section}"


def _head(div) -> str:
    return flat_text(div.find("HEAD"))


def _strip_label(head: str) -> str:
    """'PART 1—DEFINITIONS' -> 'DEFINITIONS'."""
    return re.split(r"[—–-]", head, maxsplit=1)[-1].strip() if "—" in head or "–" in head else head


def parse(path: Path):
    path = as_input(path)
    root = load_xml(path)
    title_div = next(root.iter("DIV1"), None)
    if title_div is None or title_div.get("TYPE") != "TITLE" or not (title_div.get("N") or "").isdigit():
        raise SourceFormatError(path, "no <DIV1 TYPE='TITLE' N='<number>'> element")
    title = int(title_div.get("N"))
    title_name = re.sub(r"--Volume.*$", "", _head(title_div)).strip()
    amd = flat_text(root.find(".//AMDDATE"))
    amd = re.sub(r"\(.*\)$", "", amd).strip()
    published = (
        parse_date(amd, ("%b. %d, %Y", "%B %d, %Y"), path=path, record="AMDDATE", field="AMDDATE")
        if amd
        else None
    )
    out = []
    for sec in title_div.iter("DIV8"):
        if sec.get("TYPE") != "SECTION":
            continue
        # One unreadable section is quarantined; the title's other sections load.
        key = f"cfr:{title}:{(sec.get('N') or '').replace('§', '').strip() or sec.get('NODE')}"
        out.append(record_or_bad(key, _section, path, sec, title, title_name, published))
    return out


def _section(path: Path, sec, title: int, title_name: str, published):
    head = _head(sec)
    m = _SECTION_HEAD_RE.match(head) or _SECTION_HEAD_RE.match(sec.get("N") or "")
    number = (sec.get("N") or "").replace("§", "").strip() or (m.group(1) if m else "")
    key = f"cfr:{title}:{number or sec.get('NODE')}"
    if not number:
        raise SourceFormatError(path, "section has no N attribute or § number", record=key, field="N")
    levels = {v: "" for v in _LEVELS.values()}
    heads = {}
    part_div = None
    for anc in sec.iterancestors("DIV3", "DIV4", "DIV5", "DIV6"):
        level = _LEVELS.get(anc.get("TYPE", ""))
        if level:
            levels[level] = anc.get("N", "")
            heads[level] = _strip_label(_head(anc))
            if level == "part":
                part_div = anc
    if part_div is None:
        raise SourceFormatError(path, "section is not inside a PART", record=key, field="PART")
    heading = m.group(2).strip() if m and m.group(1).rstrip(".") == number.rstrip(".") else head
    return build(
        CfrSectionRecord,
        path,
        key,
        title=title,
        title_name=title_name,
        chapter=levels["chapter"],
        chapter_heading=heads.get("chapter", ""),
        subchapter=levels["subchapter"],
        part=levels["part"],
        part_heading=heads.get("part", ""),
        subpart=levels["subpart"],
        section=number,
        heading=heading,
        body=block_text(sec, skip=frozenset({"HEAD", "CITA"})),
        source_citation=flat_text(sec.find("CITA")),
        authority=_note(part_div, "AUTH"),
        part_source=_note(part_div, "SOURCE"),
        published_at=published,
    )


def _note(div, tag: str) -> str:
    node = div.find(tag)
    return (
        flat_text(node.find("PSPACE"))
        if node is not None and node.find("PSPACE") is not None
        else flat_text(node)
    )
