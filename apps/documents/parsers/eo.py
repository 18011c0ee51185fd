"""The executive-order index exported by the federalregister.gov codebase (executive_orders.csv)."""

import csv
import io
import re
from datetime import date
from pathlib import Path

from pydantic import Field

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input
from apps.core.plans import record_or_bad
from apps.documents.parsers.base import Record, build, parse_date, read_text

COLUMNS = ["number", "citation", "signing_date", "document_number", "notes"]
_CITATION_RE = re.compile(r"^(\d+)\s+FR\s+(\d+)$")


class ExecutiveOrderRecord(Record):
    number: int = Field(ge=1)
    fr_citation: str
    fr_volume: int | None
    fr_page: int | None
    signing_date: date | None
    document_number: str
    notes: str

    @property
    def key(self) -> str:
        return f"eo:{self.number}"


def parse(path: Path):
    path = as_input(path)
    reader = csv.DictReader(io.StringIO(read_text(path)))
    if reader.fieldnames is None or [f.strip() for f in reader.fieldnames] != COLUMNS:
        raise SourceFormatError(path, f"header is {reader.fieldnames!r}, expected {COLUMNS}")
    out = []
    for row in reader:  # a bad row is quarantined; the other orders load
        key = f"eo:{(row.get('number') or '').strip() or f'line {reader.line_num}'}"
        out.append(record_or_bad(key, _row, path, row, reader.line_num))
    return out


def _row(path: Path, row: dict, line: int):
    raw = (row.get("number") or "").strip()
    key = f"eo:{raw or f'line {line}'}"
    if not raw.isdigit():
        raise SourceFormatError(
            path, f"line {line}: number {raw!r} is not an EO number", record=key, field="number"
        )
    citation = (row.get("citation") or "").strip()  # has a leading space in the export; may be empty
    m = _CITATION_RE.match(citation)
    if citation and not m:
        raise SourceFormatError(
            path, f"citation {citation!r} is not 'VOL FR PAGE'", record=key, field="citation"
        )
    signed = (row.get("signing_date") or "").strip()
    return build(
        ExecutiveOrderRecord,
        path,
        key,
        number=int(raw),
        fr_citation=citation,
        fr_volume=int(m.group(1)) if m else None,
        fr_page=int(m.group(2)) if m else None,
        signing_date=parse_date(signed, ("%Y-%m-%d",), path=path, record=key, field="signing_date")
        if signed
        else None,
        document_number=(row.get("document_number") or "").strip(),
        notes=(row.get("notes") or "").strip(),
    )
