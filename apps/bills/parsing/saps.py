"""SAP metadata YAML (``saps/metadata/<admin>.yaml``) + text (``saps/text/<admin>/<congress>/<stem>.txt``).

One record per statement file. The metadata sometimes lists one PDF twice (re-fetched under another URL
or another bill): those entries are merged (bills united, the first URL kept). Ids come from the file
stem with commas written as underscores: ``2025-04-03_sjres26,sjres33`` -> ``sap:2025-04-03_sjres26_sjres33``.
"""

import re
from datetime import date
from functools import lru_cache
from pathlib import Path

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from apps.core.errors import SourceFormatError
from apps.core.ids import congress_for_date, parse_bill_ref
from apps.core.inputs import as_input
from apps.core.inputs_yaml import load_yaml

_CHAMBER = re.compile(r"^\((House|Senate)[^)]*\)\s*$", re.MULTILINE)
_TITLE_BILL = re.compile(r"(?:^|,\s*)((?:H|S)\.\s?(?:[A-Za-z]+\.\s?)*\s?\d{1,5})\s+[–—-]\s")
_POSITIONS = (  # first match wins; checked on the lowercased text with its whitespace folded
    # OMB's veto threat: "his advisors would recommend [that] he veto", "... that the President veto it".
    ("veto", re.compile(r"recommend(?:s|ed)? (?:that )?(?:he|she|the president) veto|would veto")),
    ("opposes", re.compile(r"\bopposes\b")),
    ("strongly_supports", re.compile(r"\bstrongly supports\b")),
    ("supports", re.compile(r"\bsupports\b")),
)
POSITIONS = tuple(position for position, _ in _POSITIONS)
_DATE_STEM = re.compile(r"^(?P<date>\d{4}-\d{2}-\d{2})_(?P<bills>[a-z]+\d+(?:,[a-z]+\d+)*)$")
_BILL_LINE = re.compile(r"^((?:H|S)\.\s?(?:[A-Za-z]+\.\s?)*\s?\d{1,5}\s+[–—-]\s.*)$", re.MULTILINE)
_ADMINISTRATION = re.compile(r"^\d{1,2}-[A-Z][A-Za-z]+$")


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
        entries = load_yaml(path.read_text(encoding="utf-8"))
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


def _record(path, sap_id, entry, administration, text_dir, *, text_only: bool = False) -> SapRecord:
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
    text_path = path if text_only else text_dir / str(congress) / f"{entry['_stem']}.txt"
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
            text_file=_relative(text_path) if body else "",
        )
    except (ValidationError, ValueError) as exc:
        raise SourceFormatError(path, f"invalid entry: {exc}", record=sap_id) from None


def _relative(text_path) -> str:
    """``text/<admin>/<congress>/<stem>.txt`` as the archive lays it out."""
    parts = str(text_path).split("/")
    return "/".join(parts[-4:]) if len(parts) >= 4 else str(text_path)


def _position(body: str) -> str:
    low = " ".join(body.lower().split())
    return next((position for position, pattern in _POSITIONS if pattern.search(low)), "")


@lru_cache(maxsize=16)
def _listed_stems(metadata: str, mtime: float) -> frozenset[str]:
    entries = load_yaml(Path(metadata).read_text(encoding="utf-8"))
    return frozenset(Path(str(e.get("file") or "")).stem for e in entries or [] if isinstance(e, dict))


def _in_metadata(path) -> bool:
    """Whether the archive's metadata (``saps/metadata/<admin>.yaml`` beside ``saps/text/<admin>/<congress>/``)
    lists this text: then the statement is the metadata's record, read from there."""
    if not isinstance(path, Path):
        return False
    metadata = path.parent.parent.parent.parent / "metadata" / f"{path.parent.parent.name}.yaml"
    try:
        return path.stem in _listed_stems(str(metadata), metadata.stat().st_mtime)
    except (OSError, yaml.YAMLError):
        return False


def parse_sap_text(path: Path) -> list[SapRecord]:
    """A statement given as its text alone (no metadata entry): OMB's text names its date in the file name
    (``2025-06-10_sjres54``) and the header, and its bills in the file name and the bill line
    ("S.J. Res. 54 – Providing for ..."), which is also its title."""
    path = as_input(path)
    if _in_metadata(path):
        return []
    m = _DATE_STEM.match(path.stem)
    if not m:
        raise SourceFormatError(
            path, "not a statement text: the file name is not <YYYY-MM-DD>_<bill>[,<bill>].txt"
        )
    body = path.read_text(encoding="utf-8", errors="replace").strip()
    sap_id = sap_id_for(path.stem)
    if "STATEMENT OF ADMINISTRATION POLICY" not in body[:600].upper():
        raise SourceFormatError(path, "no 'STATEMENT OF ADMINISTRATION POLICY' header", record=sap_id)
    bill_line = _BILL_LINE.search(body)
    title_lines = []
    if bill_line:  # the title runs on until the sponsor line "(Sen. Murphy, D-CT, ...)" or a blank line
        for line in body[bill_line.start() :].splitlines():
            if not line.strip() or (title_lines and line.lstrip().startswith("(")):
                break
            title_lines.append(line.strip())
    issued = date.fromisoformat(m.group("date"))
    folder, parent = path.parent.name, path.parent.parent.name
    entry = {
        "_stem": path.stem,
        "bills": m.group("bills").split(","),
        "congress": int(folder) if folder.isdigit() else congress_for_date(issued),
        "date_issued": m.group("date"),
        "document_title": " ".join(title_lines),
    }
    administration = parent if _ADMINISTRATION.match(parent) else ""
    return [_record(path, sap_id, entry, administration, path.parent.parent, text_only=True)]


# The archive's layouts: metadata/<admin>.yaml (with text/<admin>/<congress>/<stem>.txt beside it), or a text alone.
SAP_FILES = ("[0-9]*-*.yaml", "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]_*.txt")


def parse_sap(path: Path) -> list[SapRecord]:
    path = as_input(path)
    return parse_sap_text(path) if path.suffix.lower() == ".txt" else parse_sap_metadata(path)
