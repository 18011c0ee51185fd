"""CRS products as Markdown (ProfAmiot/crs-reports) and congress.gov catalog CSV exports."""

import csv
import io
import re
from datetime import date
from pathlib import Path

from pydantic import Field

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input
from apps.core.plans import record_or_bad
from apps.documents.parsers.base import Record, build, corpus_relative, parse_date, read_text
from apps.documents.text import strip_md_links, tidy

_HEADER_RE = re.compile(r"^\*\*(?P<k>[^*:]+):\*\*\s*(?P<v>.*)$")
_TABLE_RE = re.compile(r"^\|\s*\*\*(?P<k>[^*:]+):\*\*\s*\|\s*(?P<v>.*?)\s*$")
_NUMBER_RE = re.compile(r"^(?:[A-Z]{1,3}\d{4,5}|\d{2}-\d{1,4}[A-Z]?)$")
_FILE_VERSION_RE = re.compile(r"^[A-Z]*\d+v(\d+)-")
_DISCLAIMER_RE = re.compile(r"^\s*Disclaimer:", re.M)
# EveryCRSReport's skip link under a long report's title line: page chrome, not report text.
_JUMP_RE = re.compile(r"^\[Jump to Main Text of Report\]\([^)]*\)[ \t]*$", re.M)
TYPE_BY_LABEL = {
    "reports": "report",
    "report": "report",
    "in focus": "in_focus",
    "insight": "insight",
    "insights": "insight",
    "legal sidebar": "legal_sidebar",
}
TYPE_BY_PREFIX = {
    "R": "report",
    "RL": "report",
    "RS": "report",
    "IF": "in_focus",
    "IN": "insight",
    "LSB": "legal_sidebar",
}
LABEL_BY_TYPE = {
    "report": "Reports",
    "in_focus": "In Focus",
    "insight": "Insight",
    "legal_sidebar": "Legal Sidebar",
}


class CrsReportRecord(Record):
    product_number: str = Field(pattern=_NUMBER_RE.pattern)
    version: int | None = Field(default=None, ge=1)
    product_type: str
    product_type_label: str = Field(min_length=1)
    title: str = Field(min_length=1)
    published_at: date
    authors: list[str]
    topics: list[str]
    source_url: str = Field(pattern=r"^https://")
    body: str = Field(min_length=1)
    source_file: str

    @property
    def key(self) -> str:
        return f"crs:{self.product_number}"


class CrsCatalogRecord(Record):
    product_number: str = Field(pattern=_NUMBER_RE.pattern)
    catalog_file: str
    title: str = Field(min_length=1)
    url: str
    published_on: date | None
    authors: list[str]
    topics: list[str]

    @property
    def key(self) -> str:
        return f"crs-catalog:{self.catalog_file}:{self.product_number}"


def _split_list(value: str) -> list[str]:
    return [part.strip().strip('"').strip() for part in (value or "").split(";") if part.strip().strip('"')]


def _after_title_line(text: str, number: str) -> str:
    """Drop the '[Listen](...)Title Updated <date> (NUMBER)' lines, the "Jump to Main Text" link under them
    and the rule after them."""
    lines = text.split("\n")
    cut = 1
    for i, line in enumerate(lines[:6]):
        if f"({number})" in line:
            cut = i + 1
            break
    body = _JUMP_RE.sub("", "\n".join(lines[cut:]), count=1).lstrip()
    return body[3:] if body.startswith("---") else body


def parse_report(path: Path):
    text = read_text(path).replace("\r\n", "\n")
    head, sep, rest = text.partition("\n---\n")
    if not sep:
        raise SourceFormatError(path, "no '---' line ends the header block")
    lines = head.splitlines()
    title = lines[0][2:].strip() if lines and lines[0].startswith("# ") else ""
    fields = {m["k"].strip().lower(): m["v"].strip() for ln in lines if (m := _HEADER_RE.match(ln.strip()))}
    number = fields.get("report no.", "")
    key = f"crs:{number or as_input(path).stem}"
    rest = "\n" + rest
    listen = rest.find("\n[Listen](")
    if listen < 0:
        raise SourceFormatError(
            path, "no '[Listen](...)' line marks where the report text starts", record=key
        )
    chrome = {
        m["k"].strip().lower(): m["v"].strip()
        for ln in rest[:listen].splitlines()
        if (m := _TABLE_RE.match(ln.strip()))
    }
    number = number or chrome.get("crs product number", "")
    key = f"crs:{number or as_input(path).stem}"
    if not number:
        raise SourceFormatError(
            path, "no Report No. in the header or CRS Product Number in the page", record=key
        )
    label = fields.get("product type") or chrome.get("crs product type", "")
    prefix = re.match(r"^[A-Z]*", number).group(0)
    ptype = TYPE_BY_LABEL.get(label.lower()) or TYPE_BY_PREFIX.get(prefix, "report" if not prefix else "")
    if not ptype:
        raise SourceFormatError(path, f"unknown CRS product type {label!r}", record=key)
    when = fields.get("publication date") or chrome.get("publication date", "")
    published = parse_date(when, ("%m/%d/%Y",), path=path, record=key, field="Publication Date")
    version = fields.get("version") or (
        m.group(1) if (m := _FILE_VERSION_RE.match(as_input(path).name)) else None
    )
    if version is not None and not str(version).isdigit():
        raise SourceFormatError(path, f"Version {version!r} is not a number", record=key)
    authors = fields.get("author(s)") or chrome.get("authors") or chrome.get("author", "")
    topics = fields.get("topics") or chrome.get("topics", "")
    body = _after_title_line(rest[listen + 1 :], number)
    if m := list(_DISCLAIMER_RE.finditer(body)):
        body = body[: m[-1].start()]
    return [
        build(
            CrsReportRecord,
            path,
            key,
            product_number=number,
            version=int(version) if version else None,
            product_type=ptype,
            product_type_label=label or LABEL_BY_TYPE[ptype],
            title=title,
            published_at=published,
            authors=_split_list(authors),
            topics=_split_list(topics),
            source_url=(fields.get("source") or f"https://www.congress.gov/crs-product/{number}").split("?")[
                0
            ],
            body=tidy(strip_md_links(body)),
            source_file=corpus_relative(path),
        )
    ]


_CATALOG_COLUMNS = ["Product Number", "Title", "URL", "Publication Date", "Author(s)", "Topic(s)"]


def parse_catalog(path: Path):
    """A congress.gov export: optional 'Downloaded on' / 'Search URL' preamble, optional header, rows."""
    name = as_input(path).name
    rows = list(csv.reader(io.StringIO(read_text(path))))
    out = []
    for lineno, row in enumerate(rows, start=1):
        cells = [c.strip() for c in row]
        if not any(cells) or cells[0] in ("Downloaded on", "Search URL", "Product Number"):
            continue
        if len(cells) < 4:
            raise SourceFormatError(
                path, f"line {lineno}: expected {len(_CATALOG_COLUMNS)} columns, got {len(cells)}"
            )
        cells += [""] * (6 - len(cells))
        # a bad row is quarantined; the rest of the catalog loads
        out.append(record_or_bad(f"crs-catalog:{name}:{cells[0]}", _catalog_row, path, name, cells))
    return out


def _catalog_row(path: Path, name: str, cells: list[str]):
    key = f"crs-catalog:{name}:{cells[0]}"
    published = (
        parse_date(cells[3], ("%m/%d/%Y",), path=path, record=key, field="Publication Date")
        if cells[3]
        else None
    )
    return build(
        CrsCatalogRecord,
        path,
        key,
        product_number=cells[0],
        catalog_file=name,
        title=cells[1],
        url=cells[2],
        published_on=published,
        authors=_split_list(cells[4]),
        topics=_split_list(cells[5]),
    )


def parse(path: Path):
    path = as_input(path)
    if path.suffix.lower() == ".csv":
        return parse_catalog(path)
    if path.suffix.lower() == ".md":
        return parse_report(path)
    raise SourceFormatError(path, "expected a CRS .md report or a catalog .csv")
