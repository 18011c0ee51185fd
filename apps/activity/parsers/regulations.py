"""regulations.gov API v4 responses ({request_path, recorded_at, response}) and the agencies CSV.

``response.data`` is one JSON:API object or a list of them, of type ``dockets``, ``documents``,
``comments`` or ``document-comments-received-counts``. Each becomes one record stamped with the
response's ``recorded_at`` and file name (``observed``): the loader lets the newest observation win.
Record keys include the file name, because the same object is legitimately recorded in several files.
"""

import csv
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from apps.activity.ids import DOCKET_RE, REGDOC_RE, docket_of, docket_public_id, regdoc_public_id
from apps.activity.parsers.common import (
    RecordError,
    http_datetime,
    iso_datetime,
    items,
    obj,
    read_json,
    text,
)
from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input
from apps.core.plans import BadRecord

SITE = "https://www.regulations.gov"
_ACRONYM = re.compile(r"^[A-Z][A-Z0-9&-]{0,19}$")


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class AgencyRecord(_Frozen):
    acronym: str
    name: str

    @property
    def key(self) -> str:
        return f"agency:{self.acronym}"


class DocketRecord(_Frozen):
    public_id: str
    docket_number: str
    observed: str
    values: dict[str, Any]

    @property
    def key(self) -> str:
        return f"{self.public_id}@{self.observed.split(' ', 1)[1]}"


class DocumentRecord(_Frozen):
    public_id: str
    document_number: str
    observed: str
    values: dict[str, Any]

    @property
    def key(self) -> str:
        return f"{self.public_id}@{self.observed.split(' ', 1)[1]}"


class CommentCountRecord(_Frozen):
    public_id: str
    document_number: str
    observed: str
    count: int

    @property
    def key(self) -> str:
        return f"count:{self.public_id}@{self.observed.split(' ', 1)[1]}"


def agency_of(natural_id: str) -> str:
    return re.split(r"[-_]", natural_id, maxsplit=1)[0].upper()


def _date_label(value: datetime | None) -> str:
    return value.date().isoformat() if value else ""


def _docket(item: dict, observed: str) -> DocketRecord:
    natural = text(item.get("id"), "id")
    if not DOCKET_RE.match(natural) or natural.lower().startswith("docket:"):
        raise RecordError(f"not a regulations.gov docket id: {natural!r}")
    natural = natural.upper()
    attrs = obj(item.get("attributes"), "attributes")
    agency = text(attrs.get("agencyId"), "agencyId").upper() or agency_of(natural)
    title = text(attrs.get("title"), "title")
    rin = text(attrs.get("rin"), "rin")
    modified = iso_datetime(attrs.get("modifyDate"), "modifyDate")
    values = {
        "agency_id": agency,
        "docket_type": text(attrs.get("docketType"), "docketType"),
        "title": title,
        "short_title": text(attrs.get("shortTitle"), "shortTitle"),
        "abstract": text(attrs.get("dkAbstract"), "dkAbstract"),
        "rin": "" if rin.lower() == "not assigned" else rin,
        "program": text(attrs.get("program"), "program") or text(attrs.get("generic"), "generic"),
        "keywords": [text(k, "keywords") for k in items(attrs.get("keywords"), "keywords")],
        "modified_at": modified,
        # regulations.gov dates a docket only by its last change (docs/CITATIONS.md)
        "published_at": modified.date() if modified else None,
        "object_id": text(attrs.get("objectId"), "objectId"),
        "citation_string": f"{agency} docket {natural}"
        + (f", {title}" if title else "")
        + " (regulations.gov)",
        "source_url": f"{SITE}/docket/{natural}",
    }
    return DocketRecord(
        public_id=docket_public_id(natural), docket_number=natural, observed=observed, values=values
    )


def _files(attrs: dict) -> list[dict]:
    out = []
    for n, f in enumerate(items(attrs.get("fileFormats"), "fileFormats")):
        f = obj(f, f"fileFormats[{n}]")
        url = text(f.get("fileUrl"), "fileUrl")
        if not url.startswith("http"):
            raise RecordError(f"fileFormats[{n}].fileUrl is not a URL: {url!r}")
        out.append({"format": text(f.get("format"), "format"), "url": url, "size": f.get("size")})
    return out


def _document(item: dict, kind: str, observed: str) -> DocumentRecord:
    natural = text(item.get("id"), "id")
    if not REGDOC_RE.match(natural) or natural.lower().startswith("regdoc:"):
        raise RecordError(f"not a regulations.gov document id: {natural!r}")
    natural = natural.upper()
    attrs = obj(item.get("attributes"), "attributes")
    docket = text(attrs.get("docketId"), "docketId").upper() or docket_of(natural)
    if not DOCKET_RE.match(docket):
        raise RecordError(f"docketId is not a docket id: {docket!r}")
    title = text(attrs.get("title"), "title")
    doc_type = text(attrs.get("documentType"), "documentType")
    fr_doc = text(attrs.get("frDocNum"), "frDocNum")
    posted = iso_datetime(attrs.get("postedDate"), "postedDate")
    modified = iso_datetime(attrs.get("modifyDate") or attrs.get("lastModifiedDate"), "modifyDate")
    label = "Comment" if kind == "comment" else (doc_type or "Document")
    cite = f"{label} {natural}" + (f", {title}" if title else "") + (f", FR Doc. {fr_doc}" if fr_doc else "")
    cite += " (regulations.gov" + (f", posted {_date_label(posted)})" if posted else ")")
    open_flag, withdrawn = attrs.get("openForComment"), attrs.get("withdrawn")
    for name, value in (("openForComment", open_flag), ("withdrawn", withdrawn)):
        if value is not None and not isinstance(value, bool):
            raise RecordError(f"'{name}' must be true, false or null, got {value!r}")
    values = {
        "kind": kind,
        "docket_number": docket,
        "agency_id": text(attrs.get("agencyId"), "agencyId").upper() or agency_of(natural),
        "document_type": doc_type,
        "subtype": text(attrs.get("subtype"), "subtype"),
        "title": title,
        "fr_doc_num": fr_doc,
        "cfr_part": text(attrs.get("cfrPart"), "cfrPart"),
        "subject": text(attrs.get("subject"), "subject"),
        "topics": [text(t, "topics") for t in items(attrs.get("topics"), "topics")],
        "posted_at": posted,
        # posted, else (a record the API lists unposted) its last change (docs/CITATIONS.md)
        "published_at": (posted or modified).date() if (posted or modified) else None,
        "comment_start_at": iso_datetime(attrs.get("commentStartDate"), "commentStartDate"),
        "comment_end_at": iso_datetime(attrs.get("commentEndDate"), "commentEndDate"),
        "open_for_comment": open_flag,
        "withdrawn": withdrawn,
        "modified_at": modified,
        "object_id": text(attrs.get("objectId"), "objectId"),
        "file_urls": _files(attrs),
        "citation_string": cite,
        "source_url": f"{SITE}/{kind}/{natural}",
    }
    return DocumentRecord(
        public_id=regdoc_public_id(natural), document_number=natural, observed=observed, values=values
    )


def _count(item: dict, observed: str) -> CommentCountRecord:
    natural = text(item.get("id"), "id")
    if not REGDOC_RE.match(natural) or natural.lower().startswith("regdoc:"):
        raise RecordError(f"not a regulations.gov document id: {natural!r}")
    count = obj(item.get("attributes"), "attributes").get("count")
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise RecordError(f"attributes.count must be a non-negative integer, got {count!r}")
    natural = natural.upper()
    return CommentCountRecord(
        public_id=regdoc_public_id(natural), document_number=natural, observed=observed, count=count
    )


_BUILDERS = {
    "dockets": _docket,
    "documents": lambda item, observed: _document(item, "document", observed),
    "comments": lambda item, observed: _document(item, "comment", observed),
    "document-comments-received-counts": _count,
}


def _parse_agencies(path: Path) -> Iterator[AgencyRecord]:
    try:
        with as_input(path).open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
    except (UnicodeDecodeError, csv.Error) as exc:
        raise SourceFormatError(path, f"unreadable CSV: {exc}") from exc
    if not rows or not {"Acronym", "Agency"} <= set(rows[0]):
        raise SourceFormatError(path, "no agencies (expected the header Acronym,Agency and rows)")
    records: dict[str, AgencyRecord] = {}
    bad: list[BadRecord] = []
    for line, row in enumerate(rows, 2):  # a bad row is quarantined; the other agencies load
        acronym, name = (row.get("Acronym") or "").strip().upper(), (row.get("Agency") or "").strip()
        if not _ACRONYM.match(acronym) or not name:
            field = "Agency" if _ACRONYM.match(acronym) else "Acronym"
            bad.append(
                BadRecord(
                    acronym or f"line {line}", field, f"line {line}: expected Acronym,Agency, got {row!r}"
                )
            )
            continue
        records[acronym] = AgencyRecord(acronym=acronym, name=name)
    return iter([*records.values(), *bad])


def parse_regulations_file(
    path: Path,
) -> Iterator[AgencyRecord | DocketRecord | DocumentRecord | CommentCountRecord]:
    """A recorded API response (.json) or the participating-agencies CSV (.csv)."""
    path = as_input(path)
    if path.suffix.lower() == ".csv":
        return _parse_agencies(path)
    wrapper = read_json(path)
    if not isinstance(wrapper, dict) or not isinstance(wrapper.get("response"), dict):
        raise SourceFormatError(path, "expected {request_path, recorded_at, response{data}}")
    try:
        recorded = http_datetime(wrapper.get("recorded_at"), "recorded_at").astimezone(UTC)
    except RecordError as exc:
        raise SourceFormatError(path, str(exc)) from exc
    observed = f"{recorded.strftime('%Y-%m-%dT%H:%M:%SZ')} {path.name}"
    data = wrapper["response"].get("data")
    if data is None:
        raise SourceFormatError(path, "response has no 'data'")
    out = []
    for n, item in enumerate(data if isinstance(data, list) else [data]):
        record = f"data[{n}]"
        try:
            item = obj(item, record)
            record = text(item.get("id"), "id") or record
            kind = text(item.get("type"), "type")
            if kind not in _BUILDERS:
                raise RecordError(
                    f"unknown type {kind!r}; expected one of {', '.join(_BUILDERS)}", field="type"
                )
            out.append(_BUILDERS[kind](item, observed))
        except (RecordError, ValueError) as exc:
            # One bad item of an API page is quarantined; the page's other items load.
            out.append(BadRecord(key=record, field=getattr(exc, "field", ""), message=str(exc)))
    return iter(out)
