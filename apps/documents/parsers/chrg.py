"""GovInfo CHRG hearing transcripts (htm with a <pre>, or plain .txt). No sample ships with Josh.

Expected shape (GovInfo ``CHRG-118hhrg12345.htm``): the first lines give the printed title block
("[House Hearing, 118 Congress]", the hearing title, "HEARING", "BEFORE THE", the committee, the date);
speaker turns follow the floor convention ("  Mr. SMITH. ...").
"""

import html
import re
from datetime import date, datetime
from pathlib import Path

from pydantic import Field

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input
from apps.documents.ids import normalize_chrg
from apps.documents.parsers.base import Record, build, read_text
from apps.documents.parsers.turns import speaker_turns

_CHAMBER_RE = re.compile(r"\[(House|Senate|Joint) Hearing, (\d+) Congress\]", re.I)
_DATE_RE = re.compile(
    r"\b(?:MONDAY|TUESDAY|WEDNESDAY|THURSDAY|FRIDAY|SATURDAY|SUNDAY),?\s+([A-Z]+ \d{1,2}, \d{4})\b", re.I
)
_COMMITTEE_RE = re.compile(
    r"^\s*(?:BEFORE THE\s*\n\s*)?((?:SUB)?COMMITTEE ON [^\n]+(?:\n\s+[A-Z ,&]+)?)", re.M
)
PACKAGE_URL = "https://www.govinfo.gov/app/details/{package}"


class HearingTranscriptRecord(Record):
    package_id: str = Field(pattern=r"^CHRG-\d{2,3}[a-z]+\d+$")
    congress: int = Field(ge=1)
    chamber: str
    title: str = Field(min_length=1)
    committee: str
    held_on: date | None
    body: str = Field(min_length=1)
    speakers: list[str]
    source_url: str

    @property
    def key(self) -> str:
        return f"chrg:{self.package_id}"


def parse(path: Path):
    path = as_input(path)
    canonical = normalize_chrg(path.stem)
    if not canonical:
        raise SourceFormatError(path, "file name is not a GovInfo CHRG package id (CHRG-118hhrg12345)")
    package = canonical.split(":", 1)[1]
    raw = read_text(path)
    if m := re.search(r"<pre[^>]*>(.*?)</pre>", raw, re.S | re.I):
        raw = html.unescape(re.sub(r"<[^>]+>", "", m.group(1)))
    body = raw.replace("\r\n", "\n").strip("\n")
    head = _CHAMBER_RE.search(body[:3000])
    if not head:
        raise SourceFormatError(
            path, "no '[House|Senate|Joint Hearing, NNN Congress]' line", record=canonical
        )
    blocks = [
        b for b in re.split(r"\n\s*\n", body[head.end() :]) if b.strip() and not b.strip().startswith("[")
    ]
    title = " ".join(line.strip() for line in (blocks[0] if blocks else "").splitlines() if line.strip())
    held = None
    if d := _DATE_RE.search(body[:5000]):
        try:
            held = datetime.strptime(d.group(1).title(), "%B %d, %Y").date()
        except ValueError:
            held = None
    committee = _COMMITTEE_RE.search(body[:5000])
    turns = speaker_turns(body)
    return [
        build(
            HearingTranscriptRecord,
            path,
            canonical,
            package_id=package,
            congress=int(head.group(2)),
            chamber=head.group(1).lower(),
            title=title,
            committee=" ".join(committee.group(1).split()).title() if committee else "",
            held_on=held,
            body=body,
            speakers=list(dict.fromkeys(t.speaker for t in turns)),
            source_url=PACKAGE_URL.format(package=package),
        )
    ]
