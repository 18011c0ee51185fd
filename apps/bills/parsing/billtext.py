"""USLM bill text -> ``BillTextRecord``: bill id and version code read from the file, never its name.

``<citableAs>116hr1000ih</citableAs>`` gives type, number, congress and version at once. Enrolled bills
in ``public-laws-uslm/`` have no citableAs: the bill type comes from ``dc:type`` ("House Joint
Resolution"), the number from ``docNumber``, the version from ``docStage`` ("ENR" or a stage name).
Files whose root is a law (``pLaw``, ``statuteCompilation``) belong to the public-laws plan: no record.
"""

import re
from datetime import date
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from apps.bills.parsing.billstatus import VERSION_CODES
from apps.bills.parsing.common import load_xml
from apps.bills.parsing.uslm import (
    child,
    children_text,
    inline_text,
    iso_or_prose_date,
    local,
    meta_element,
    render,
)
from apps.core.errors import SourceFormatError
from apps.core.ids import BILL_TYPES
from apps.core.inputs import as_input

TEXT_ROOTS = ("bill", "resolution", "engrossedAmendment", "amendment")
LAW_ROOTS = ("pLaw", "statuteCompilation", "lawDoc")
DC_TYPES = {
    "house bill": "hr",
    "senate bill": "s",
    "house joint resolution": "hjres",
    "senate joint resolution": "sjres",
    "house concurrent resolution": "hconres",
    "senate concurrent resolution": "sconres",
    "house simple resolution": "hres",
    "senate simple resolution": "sres",
    "house resolution": "hres",
    "senate resolution": "sres",
}
_CITABLE = re.compile(
    rf"^(?P<congress>\d{{2,3}})(?P<type>{'|'.join(sorted(BILL_TYPES, key=len, reverse=True))})"
    r"(?P<number>\d{1,5})(?P<version>[a-z]+)$"
)


class BillTextRecord(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    bill_id: str
    bill_type: str
    congress: int
    number: int
    version_code: str
    version_name: str
    title: str
    date: date | None
    text: str
    sections: list[dict]
    source_file: str

    @property
    def key(self) -> str:
        return f"{self.bill_id}/{self.version_code}"

    @property
    def package_id(self) -> str:
        return f"BILLS-{self.congress}{self.bill_type}{self.number}{self.version_code}"


def parse_bill_text(path: Path) -> list[BillTextRecord]:
    root = load_xml(path)
    name = local(root)
    if name in LAW_ROOTS:
        return []
    if name not in TEXT_ROOTS:
        raise SourceFormatError(path, f"not USLM bill text (root <{name}>)")
    meta = meta_element(root)
    if meta is None:
        raise SourceFormatError(path, "USLM file has no <meta>/<amendMeta>: cannot tell which bill it is")
    ident = _identify(path, meta)
    text, sections = render(root)
    if not text.strip():
        raise SourceFormatError(path, "USLM file has no text", record=ident["bill_id"])
    return [
        BillTextRecord(
            **ident,
            title=_title(root, meta),
            date=_version_date(root),
            text=text,
            sections=sections,
            source_file=as_input(path).name,
        )
    ]


def _citable(candidates) -> re.Match | None:
    """The first of ``candidates`` in the citable form "116 HJRES 106 IH" / "116hjres106ih"."""
    return next((m for c in candidates if (m := _CITABLE.match(c.lower().replace(" ", "")))), None)


def _identify(path, meta) -> dict:
    congress_txt = (children_text(meta, "congress") or [""])[0]
    if m := _citable(children_text(meta, "citableAs")):
        bill_type, version = m.group("type"), m.group("version")
        congress, number = int(m.group("congress")), int(m.group("number"))
    else:
        dc_type = (children_text(meta, "type") or [""])[0].lower()
        bill_type = DC_TYPES.get(dc_type, "")
        stage = (children_text(meta, "docStage") or [""])[0]
        version = (
            stage.lower() if stage.isalpha() and len(stage) <= 4 else VERSION_CODES.get(stage.lower(), "")
        )
        number_txt = (children_text(meta, "docNumber") or [""])[0]
        if bill_type and version and number_txt.isdigit() and congress_txt.isdigit():
            congress, number = int(congress_txt), int(number_txt)
        # A stage with no citableAs and no stage code (a "Pre-Introduced" draft) still names its bill and version
        # where GPO always does: the head of dc:title ("116 HR 1000 PIH: To ...") and the file name
        # (BILLS-116hr1000pih.xml).
        elif m := _citable(
            [t.split(":", 1)[0] for t in children_text(meta, "title")]
            + [re.sub(r"^bills-", "", as_input(path).stem, flags=re.I)]
        ):
            bill_type, version = m.group("type"), m.group("version")
            congress, number = int(m.group("congress")), int(m.group("number"))
        else:
            raise SourceFormatError(
                path,
                "cannot identify the bill: no citableAs, docNumber/congress/dc:type/docStage incomplete "
                f"({dc_type!r}, {stage!r}) and neither dc:title nor the file name names it",
            )
    if congress_txt.isdigit() and int(congress_txt) != congress:
        raise SourceFormatError(
            path, f"<congress>{congress_txt}</congress> contradicts <citableAs> ({congress})"
        )
    stage = (children_text(meta, "docStage") or [""])[0]
    return {
        "bill_id": f"{bill_type}:{congress}:{number}",
        "bill_type": bill_type,
        "congress": congress,
        "number": number,
        "version_code": version,
        "version_name": stage
        if len(stage) > 4
        else next((k.title() for k, v in VERSION_CODES.items() if v == version), ""),
    }


def _title(root, meta) -> str:
    """The official title; dc:title ("116 HR 1000 IH: To establish...") when the body has none."""
    official = child(root, "officialTitle")
    if official is not None and inline_text(official).strip():
        return " ".join(inline_text(official).split())
    title = (children_text(meta, "title") or [""])[0]
    return re.sub(r"^\d+ [A-Z]+ \d+ [A-Z]+:\s*", "", title)


def _version_date(root) -> date | None:
    """The latest dated action in the preface (introduction, report...); an enrolled or engrossed text has
    none, so then GPO's ``processedDate`` (the day the publisher produced this file; docs/CITATIONS.md)."""
    preface = next((el for el in root if local(el) in ("preface", "amendPreface")), None)
    dates = (
        [iso_or_prose_date(el) for el in preface.iter() if local(el) == "date"] if preface is not None else []
    )
    dates = [d for d in dates if d]
    if dates:
        return max(dates)
    meta = next((el for el in root if local(el) == "meta"), None)
    processed = next((el for el in meta if local(el) == "processedDate"), None) if meta is not None else None
    try:
        return date.fromisoformat((processed.text or "").strip()[:10]) if processed is not None else None
    except ValueError:
        return None
