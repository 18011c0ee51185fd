"""Congressional Record granules (GPO CREC htm: a <pre> with a bracketed header)."""

import html
import re
from datetime import date
from pathlib import Path

from pydantic import Field

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input
from apps.documents.ids import crec_granule_id
from apps.documents.parsers.base import Record, build, parse_date, read_text
from apps.documents.parsers.turns import TURN_RE, speaker_turns

_NAME_RE = re.compile(r"^CREC-(\d{4}-\d{2}-\d{2})-pt(\d+)-Pg([HSED])(\d*)(-\d+|-[A-Za-z]+)?$", re.I)
_VOLUME_RE = re.compile(
    r"^\[Congressional Record Volume (\d+), Number (\d+) \((?:\w+day, )?([A-Z][a-z]+ \d{1,2}, \d{4})\)\]$",
    re.M,
)
_PAGE_RE = re.compile(r"^\[Pages? ([HSED]\d+(?:-[HSED]?\d+)?)\]$", re.M)
_SECTION_RE = re.compile(r"^\[(Senate|House|Extensions of Remarks|Daily Digest)\]$", re.M)
_SEPARATOR_TAIL = re.compile(r"(\n\s*_{3,}\s*)+$")
CHAMBER_BY_PREFIX = {"S": "senate", "H": "house", "E": "extensions", "D": "digest"}
_SECTION_BY_PREFIX = {"S": "Senate", "H": "House", "E": "Extensions of Remarks", "D": "Daily Digest"}
GRANULE_URL = "https://www.govinfo.gov/app/details/CREC-{date}/{granule}"


class TurnRecord(Record):
    order: int = Field(ge=1)
    speaker: str = Field(min_length=1)
    speaker_name: str = Field(min_length=1)
    speaker_state: str
    text: str
    start_offset: int = Field(ge=0)
    end_offset: int = Field(ge=0)

    @property
    def key(self) -> str:
        return str(self.order)


class CrecGranuleRecord(Record):
    granule_id: str
    chamber: str
    volume: int = Field(ge=1)
    number: int = Field(ge=1)
    published_at: date
    pages: str
    start_page: str
    title: str = Field(min_length=1)
    body: str = Field(min_length=1)
    source_url: str
    turns: list[TurnRecord]

    @property
    def key(self) -> str:
        return f"crec:{self.granule_id}"


def _pre_text(path: Path, key: str) -> str:
    raw = read_text(path)
    m = re.search(r"<pre[^>]*>(.*?)</pre>", raw, re.S | re.I)
    if not m:
        raise SourceFormatError(path, "no <pre> block (expected a GPO CREC granule .htm)", record=key)
    return html.unescape(re.sub(r"<[^>]+>", "", m.group(1))).replace("\r\n", "\n")


_NOT_HEADING = re.compile(  # printed above a granule's heading: page markers, rules, the day's date line
    r"^(?:\[\[Page [HSED]?\d+\]\]|[-_=]{3,}|(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), "
    r"[A-Z][a-z]+ \d{1,2}, \d{4})$"
)
_CENTERED = 10  # GPO centres a heading line in the 72-column text: it opens with many spaces


def _title(text: str) -> str:
    """The granule's first heading: its first block of lines once page markers, rules and the date line are
    passed over, when that block is a heading (centred, or upper case) and not a speaker turn."""
    block: list[str] = []
    for line in text.splitlines():
        if not line.strip() or _NOT_HEADING.match(line.strip()):
            if block:
                break
            continue
        block.append(line)
    if not block or TURN_RE.match("  " + block[0].strip()):
        return ""
    title = " ".join(line.strip() for line in block)
    letters = [c for c in title if c.isalpha()]
    centered = all(len(line) - len(line.lstrip()) >= _CENTERED for line in block)
    if not centered and sum(c.isupper() for c in letters) < 0.8 * len(letters):
        return ""
    # A small-capitals heading comes through the text in lower case ("prayer"); it is printed as capitals.
    return title.upper() if title.islower() else title


def parse(path: Path):
    path = as_input(path)
    m = _NAME_RE.match(path.stem)
    if not m:
        raise SourceFormatError(
            path, "file name is not a CREC granule id (CREC-YYYY-MM-DD-ptN-Pg<H|S|E|D>N[-k])"
        )
    granule = crec_granule_id(*m.groups())
    key = f"crec:{granule}"
    prefix = m.group(3).upper()
    text = _pre_text(path, key)
    head = _VOLUME_RE.search(text)
    page = _PAGE_RE.search(text)
    if not head or not page:
        raise SourceFormatError(
            path, "missing the [Congressional Record Volume ...] or [Page ...] header line", record=key
        )
    day = parse_date(head.group(3), ("%B %d, %Y",), path=path, record=key, field="date")
    if day.isoformat() != m.group(1):
        raise SourceFormatError(path, f"header date {day} does not match the file name", record=key)
    section = _SECTION_RE.search(text)
    if section and section.group(1) != _SECTION_BY_PREFIX[prefix]:
        raise SourceFormatError(path, f"[{section.group(1)}] does not match page prefix {prefix}", record=key)
    body_start = text.find("\n", text.find("From the Congressional Record Online"))
    body = text[body_start + 1 :].strip("\n") if body_start > 0 else text[page.end() :].strip("\n")
    body = _SEPARATOR_TAIL.sub("", "\n".join(line.rstrip() for line in body.splitlines())).strip("\n")
    pages = page.group(1)
    turns = [build(TurnRecord, path, f"{key} turn {t.order}", **t.__dict__) for t in speaker_turns(body)]
    return [
        build(
            CrecGranuleRecord,
            path,
            key,
            granule_id=granule,
            chamber=CHAMBER_BY_PREFIX[prefix],
            volume=int(head.group(1)),
            number=int(head.group(2)),
            published_at=day,
            pages=pages,
            start_page=pages.split("-")[0],
            title=_title(body) or f"{_SECTION_BY_PREFIX[prefix]} {pages}",
            body=body,
            source_url=GRANULE_URL.format(date=m.group(1), granule=granule),
            turns=turns,
        )
    ]
