"""GAO products as Markdown (gao-reports-reader) with the sibling catalog.json."""

import json
import re
from datetime import date
from pathlib import Path

from pydantic import Field

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input
from apps.documents.parsers.base import Record, build, corpus_relative, parse_date, read_text
from apps.documents.text import strip_md_links, tidy

_HEADER_RE = re.compile(
    r"^\*\*Report:\*\*\s*(?P<number>GAO-[\w-]+)\s*\|\s*\*\*Published:\*\*\s*(?P<date>[\d-]+)"
    r"(?:\s*\|\s*\*\*Source:\*\*\s*(?:\[[^\]]*\]\((?P<url>[^)]+)\)?|(?P<bare>\S+)))?",
    re.M,
)
_NUMBER_RE = r"^GAO-\d{2}-\d{1,6}[A-Z]{0,3}$"
_PAGE_HEADER_RE = re.compile(
    r"^Page [0-9ivxlc]+ +GAO-\d{2}-\d+[A-Z]* .*$\n?", re.M | re.I
)  # PDF running heads
_RECOMMENDS_RE = re.compile(r"^#+\s*What GAO Recommends\s*$", re.M | re.I)


class GaoReportRecord(Record):
    report_number: str = Field(pattern=_NUMBER_RE)
    title: str = Field(min_length=1)
    published_at: date
    source_url: str = Field(pattern=r"^https://")
    highlights: str
    recommendations: str
    body: str = Field(min_length=1)
    is_testimony: bool
    source_file: str

    @property
    def key(self) -> str:
        return f"gao:{self.report_number}"


def _catalog(path: Path) -> dict[str, dict]:
    catalog = as_input(path).parent / "catalog.json"
    if not catalog.exists():
        return {}
    try:
        rows = json.loads(read_text(catalog))
        return {str(row["report_id"]).upper(): row for row in rows}
    except (ValueError, KeyError, TypeError) as exc:
        raise SourceFormatError(
            catalog, f"catalog is not a list of {{report_id, ...}} objects: {exc}"
        ) from None


def parse(path: Path):
    path = as_input(path)
    text = read_text(path).replace("\r\n", "\n")
    m = _HEADER_RE.search(text[:2000])
    if not m:
        raise SourceFormatError(path, "no '**Report:** GAO-... | **Published:** YYYY-MM-DD' header line")
    number = m["number"].upper()
    key = f"gao:{number}"
    first = text.splitlines()[0] if text else ""
    title = first[2:].strip() if first.startswith("# ") else ""
    published = parse_date(m["date"], ("%Y-%m-%d",), path=path, record=key, field="Published")
    entry = _catalog(path).get(number, {})
    title = title or entry.get("title", "")
    url = (
        m["url"] or m["bare"] or entry.get("url") or f"https://www.gao.gov/products/{number.lower()}"
    ).rstrip(")")
    rest = text[m.end() :]
    rest = rest.split("\n---\n", 1)[1] if "\n---\n" in rest[:400] else rest
    highlights, body = "", rest
    hl = re.match(r"\s*##\s*Highlights\s*\n", rest)
    if hl:
        end = rest.find("\n---\n", hl.end())
        highlights, body = (rest[hl.end() : end], rest[end + 5 :]) if end >= 0 else ("", rest)
    recommendations = ""
    if rec := _RECOMMENDS_RE.search(highlights):
        recommendations = re.split(r"\n#+\s", highlights[rec.end() :], maxsplit=1)[0]
    return [
        build(
            GaoReportRecord,
            path,
            key,
            report_number=number,
            title=title,
            published_at=published,
            source_url=url,
            highlights=tidy(strip_md_links(highlights)),
            recommendations=tidy(strip_md_links(recommendations)),
            body=tidy(strip_md_links(_PAGE_HEADER_RE.sub("", body))),
            is_testimony=number.endswith("T"),
            source_file=corpus_relative(path),
        )
    ]
