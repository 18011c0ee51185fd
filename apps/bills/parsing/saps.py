"""SAP metadata YAML (``saps/metadata/<admin>.yaml``) + text (``saps/text/<admin>/<congress>/<stem>.txt``).

One record per statement file. The metadata sometimes lists one PDF twice (re-fetched under another URL
or another bill): those entries are merged (bills united, the first URL kept). Ids come from the file
stem with commas written as underscores: ``2025-04-03_sjres26,sjres33`` -> ``sap:2025-04-03_sjres26_sjres33``.
"""

import re
from datetime import date
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from apps.core.errors import SourceFormatError
from apps.core.ids import parse_bill_ref
from apps.core.inputs import as_input

_CHAMBER = re.compile(r"^\((House|Senate)[^)]*\)\s*$", re.MULTILINE)
_TITLE_BILL = re.compile(r"(?:^|,\s*)((?:H|S)\.\s?(?:[A-Za-z]+\.\s?)*\s?\d{1,5})\s+[–—-]\s")
_POSITIONS = (  # first match wins; checked on the lowercased text
    ("veto", ("recommend that he veto", "recommend that the president veto", "would veto")),
    ("opposes", ("strongly opposes", "opposes")),
    ("supports", ("strongly supports", "supports")),
)


class SapRecord(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    sap_id: str
    title: str
    administration: str
    congress: int | None
    date_issued: date | None
    bill_ids: list[str]
    bills_raw: list[str]
    fetched_from_url: str
    rescinded: bool
    chamber: str
    position: str
    body: str
    text_file: str

    @property
    def key(self) -> str:
        return self.sap_id


def sap_id_for(stem: str) -> str:
    return "sap:" + stem.strip().replace(",", "_")


def parse_sap_metadata(path: Path) -> list[SapRecord]:
    path = as_input(path)
    try:
        entries = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise SourceFormatError(path, f"malformed YAML: {exc}") from None
    if not isinstance(entries, list):
        raise SourceFormatError(path, "expected a list of statements (is this presidents.yaml?)")
    administration = path.stem
    text_dir = path.parent.parent / "text" / administration
    merged: dict[str, dict] = {}
    for i, entry in enumerate(entries):
        if not isinstance(entry, dict) or not entry.get("file"):
            raise SourceFormatError(path, f"entry {i} has no 'file'", record=str(i))
        stem = Path(str(entry["file"])).stem
        sap_id = sap_id_for(stem)
        entry_bills = [str(b) for b in entry.get("bills") or []]
        if sap_id in merged:
            merged[sap_id]["bills"] += [b for b in entry_bills if b not in merged[sap_id]["bills"]]
            continue
        merged[sap_id] = {**entry, "bills": entry_bills, "_stem": stem}
    return [_record(path, sap_id, entry, administration, text_dir) for sap_id, entry in merged.items()]


def _record(path, sap_id, entry, administration, text_dir) -> SapRecord:
    congress = entry.get("congress")
    bills: dict[str, str] = {}  # canonical id -> as written
    for raw in entry["bills"]:
        ref = parse_bill_ref(raw)
        if ref is None:
            raise SourceFormatError(path, f"unrecognised bill {raw!r}", record=sap_id)
        bills.setdefault((ref if ref.congress else ref.with_congress(int(congress))).id, raw)
    for raw in _TITLE_BILL.findall(str(entry.get("document_title") or "")):
        # "H.J. Res. 24 – ..., H.J. Res. 26 – ...": a statement on several bills lists each in its title,
        # even when the metadata names only the first.
        ref = parse_bill_ref(raw)
        if ref is not None and congress is not None:
            bills.setdefault(ref.with_congress(int(congress)).id, raw.strip())
    text_path = text_dir / str(congress) / f"{entry['_stem']}.txt"
    body = text_path.read_text(encoding="utf-8", errors="replace").strip() if text_path.exists() else ""
    chamber = _CHAMBER.search(body[:600])
    try:
        return SapRecord(
            sap_id=sap_id,
            title=" ".join(str(entry.get("document_title") or "").split()),
            administration=administration,
            congress=int(congress) if congress is not None else None,
            date_issued=date.fromisoformat(str(entry["date_issued"])) if entry.get("date_issued") else None,
            bill_ids=list(bills),
            bills_raw=list(bills.values()),
            fetched_from_url=str(entry.get("fetched_from_url") or ""),
            rescinded=bool(entry.get("rescinded")),
            chamber=chamber.group(1) if chamber else "",
            position=_position(body),
            body=body,
            text_file=str(text_path.relative_to(text_dir.parent.parent)) if body else "",
        )
    except (ValidationError, ValueError) as exc:
        raise SourceFormatError(path, f"invalid entry: {exc}", record=sap_id) from None


def _position(body: str) -> str:
    low = " ".join(body.lower().split())
    for position, phrases in _POSITIONS:
        if any(p in low for p in phrases):
            return position
    return ""
