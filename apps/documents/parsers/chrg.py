"""GovInfo CHRG hearing transcripts (htm with a <pre>, or plain .txt); corpus/hearing-transcripts/ has a real one.

Shape (GovInfo ``CHRG-111hhrg61852.htm``): the first lines give the printed title block
("[House Hearing, 111 Congress]", the hearing title -- often over several blank-separated lines -- closed by
a rule of "=" or by "HEARING", then "BEFORE THE", the committee, the date). Printed hearings open each turn
with a four-space indent and a mixed-case name ("    Mr. Koo. ...", "    The Chairman. ...",
"    Chairman Frank. ..."); the floor convention ("  Mr. SMITH. ...") is read too.
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

# "[House Hearing, 111 Congress]"; Senate volumes carry their print number instead: "[Senate Hearing 109-144]".
_CHAMBER_RE = re.compile(r"\[(House|Senate|Joint) Hearing,? (\d+)(?: Congress|-\d+)\]", re.I)
_DATE_RE = re.compile(
    r"\b(?:MONDAY|TUESDAY|WEDNESDAY|THURSDAY|FRIDAY|SATURDAY|SUNDAY),?\s+([A-Z]+ \d{1,2}, \d{4})\b", re.I
)
# A committee name may run onto the next line, never across a blank one (that is the next heading).
_COMMITTEE_RE = re.compile(
    r"^\s*(?:BEFORE THE\s*\n\s*)?((?:SUB)?COMMITTEE ON [^\n]+(?:\n[ \t]+[A-Z ,&]+(?=\n))?)", re.M
)
_TITLE_END_RE = re.compile(r"^(?:=+|HEARINGS?|BEFORE THE)$")
_PRINT_NUMBER_RE = re.compile(r"^S\. ?Hrg\. [\d-]+$")  # "S. Hrg. 109-204" above a Senate title
# "    Mr. Koo.", "    Mrs. Maloney of New York.", "    The Chairman.", "    Chairman Frank.", "    Senator Reed."
_HEARING_TURN_RE = re.compile(
    r"^    (?P<label>(?:Mr|Mrs|Ms|Miss|Dr)\. (?:Mc|Mac|De|Di|La|Le)?[A-Z][A-Za-z'\-]+"
    r"(?: of [A-Z][a-z]+(?: [A-Z][a-z]+)?)?|The Chairman|The Chairwoman|(?:Chairman|Chairwoman|Senator) "
    r"(?:Mc|Mac|De|Di|La|Le)?[A-Z][A-Za-z'\-]+)\. ",
    re.M,
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
            path,
            "no '[House|Senate|Joint Hearing, NNN Congress]' (or '[Senate Hearing NNN-NNN]') line",
            record=canonical,
        )
    blocks = [
        b for b in re.split(r"\n\s*\n", body[head.end() :]) if b.strip() and not b.strip().startswith("[")
    ]
    title_lines = []
    for block in blocks:
        lines = [line.strip() for line in block.splitlines() if line.strip()]
        if _TITLE_END_RE.match(lines[0]):
            break
        title_lines += [line for line in lines if not _PRINT_NUMBER_RE.match(line)]
    title = " ".join(title_lines)
    held = None
    if d := _DATE_RE.search(body[:5000]):
        try:
            held = datetime.strptime(d.group(1).title(), "%B %d, %Y").date()
        except ValueError:
            held = None
    committee = _COMMITTEE_RE.search(body[:5000])
    turns = [(t.start_offset, t.speaker) for t in speaker_turns(body)]
    turns += [(m.start(), m.group("label")) for m in _HEARING_TURN_RE.finditer(body)]
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
            speakers=list(dict.fromkeys(speaker for _, speaker in sorted(turns))),
            source_url=PACKAGE_URL.format(package=package),
        )
    ]
