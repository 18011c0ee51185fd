"""Congressional staff directories: a documented CSV or JSON input (no public sample ships with Josh).

Input: ``*.csv`` with a header row, or ``*.json`` holding a list of objects, with these fields:

=================  =========  ===========================================================
field              required   meaning
=================  =========  ===========================================================
name               yes        staffer's name as listed
office             yes        office as listed: "Office of Rep. Jane Doe", "Committee on Agriculture"
chamber            yes        house | senate | joint
title              no         job title, e.g. "Legislative Director"
member_bioguide    no         bioguide id of the member whose office it is (S000033)
committee_id       no         committee thomas id (HSAG, SSAF13)
email, phone       no
source_url         no         where the directory was published
as_of              no         directory date, YYYY-MM-DD (becomes published_at)
=================  =========  ===========================================================

The id is ``staff:<chamber>-<office key>-<name slug>``, the office key being the bioguide id, else the
committee id, else the office name (``staff:house-s000033-jane-doe``).
"""

import csv
from collections.abc import Iterator
from datetime import date
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from apps.activity.ids import staff_public_id
from apps.activity.parsers.common import read_json
from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input
from apps.core.plans import BadRecord

FIELDS = (
    "name",
    "office",
    "chamber",
    "title",
    "member_bioguide",
    "committee_id",
    "email",
    "phone",
    "source_url",
    "as_of",
)


class StaffRow(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)

    name: str = Field(min_length=1, max_length=200)
    office: str = Field(min_length=1, max_length=300)
    chamber: str
    title: str = ""
    member_bioguide: str = Field(default="", pattern=r"^([A-Z]\d{6})?$")
    committee_id: str = Field(default="", pattern=r"^([HSJ][A-Z]{3}(\d{2})?)?$")
    email: str = ""
    phone: str = ""
    source_url: str = Field(default="", pattern=r"^(https?://\S+)?$")
    as_of: date | None = None

    @field_validator("chamber")
    @classmethod
    def _chamber(cls, value: str) -> str:
        if value.lower() not in ("house", "senate", "joint"):
            raise ValueError("chamber must be house, senate or joint")
        return value.lower()

    @field_validator("as_of", mode="before")
    @classmethod
    def _blank_date(cls, value):
        return None if value == "" else value


class StaffRecord(BaseModel):
    model_config = ConfigDict(frozen=True)

    public_id: str
    row: StaffRow
    citation_string: str

    @property
    def key(self) -> str:
        return self.public_id


def _record(row: StaffRow) -> StaffRecord:
    office_key = row.member_bioguide or row.committee_id or row.office
    public_id = staff_public_id(chamber=row.chamber, office=office_key, name=row.name)
    cite = ", ".join(p for p in (row.name, row.title, row.office) if p)
    cite += f" ({row.chamber.title()} staff directory" + (
        f", as of {row.as_of.isoformat()})" if row.as_of else ")"
    )
    return StaffRecord(public_id=public_id, row=row, citation_string=cite)


def _rows(path: Path) -> list[dict]:
    if path.suffix.lower() == ".csv":
        try:
            with path.open(encoding="utf-8-sig", newline="") as fh:
                reader = csv.DictReader(fh)
                missing = {"name", "office", "chamber"} - set(reader.fieldnames or ())
                if missing:
                    raise SourceFormatError(path, f"CSV header lacks {', '.join(sorted(missing))}")
                return [{k: v for k, v in r.items() if k in FIELDS or v} for r in reader]
        except (UnicodeDecodeError, csv.Error) as exc:
            raise SourceFormatError(path, f"unreadable CSV: {exc}") from exc
    data = read_json(path)
    if isinstance(data, dict) and isinstance(data.get("staff"), list):
        data = data["staff"]
    if not isinstance(data, list) or not all(isinstance(r, dict) for r in data):
        raise SourceFormatError(path, 'expected a list of staff objects (or {"staff": [...]})')
    return data


def parse_staff_directory(path: Path) -> Iterator[StaffRecord]:
    path = as_input(path)
    records: dict[str, StaffRecord] = {}
    bad: list[BadRecord] = []
    rows = _rows(path)
    if not rows:
        raise SourceFormatError(path, "no staff rows")
    # A bad row is quarantined, named by row and field; the directory's other rows load.
    for n, raw in enumerate(rows, 1):
        label = str(raw.get("name") or f"row {n}")
        try:
            record = _record(StaffRow.model_validate({k: ("" if v is None else v) for k, v in raw.items()}))
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first["loc"]) or "row"
            bad.append(BadRecord(key=label, field=where, message=f"row {n}: {where}: {first['msg']}"))
            continue
        if record.public_id in records:
            bad.append(
                BadRecord(key=record.public_id, field="", message=f"row {n}: listed twice in this file")
            )
            continue
        records[record.public_id] = record
    return iter([*records.values(), *bad])
