"""A GPO Federal Register daily issue (FR XML) split into its documents."""

import re
from datetime import date, datetime
from pathlib import Path

from lxml import etree
from pydantic import Field

from apps.core.errors import SourceFormatError
from apps.core.plans import record_or_bad
from apps.documents.parsers.base import Record, build, parse_date
from apps.documents.parsers.xmltext import block_text, flat_text

DOC_TAGS = ("RULE", "PRORULE", "NOTICE", "PRESDOCU")
_FRDOC_RE = re.compile(r"FR\s+Doc\.?\s*([A-Z]?\d*-?\d{2,4}-\d+)")
_RIN_RE = re.compile(r"\b(\d{4}-[A-Z]{2}\d{2})\b")
_CFR_RE = re.compile(r"^(\d{1,2})\s+CFR\s+(?:Parts?\s+(?P<parts>.+))?", re.I)
_DOCKET_RE = re.compile(r"\b([A-Z]{2,}(?:-[A-Z0-9]+)*-(?:19|20)?\d{2}-(?:[A-Z]-)?\d{3,5})\b")
_NOT_DOCKET = re.compile(
    r"^(project identifier|amendment|ad |frl-|rtid|omb|release no|file no|sec file|public notice|document identifier)",
    re.I,
)
_DOCKET_LABEL = re.compile(r"^(?:docket\s+(?:no\.?|number|id|nos\.)|doc\.\s*no\.)\s*:?\s*", re.I)
_PAGES_RE = re.compile(r"^(\d+)(?:-(\d+))?$")
FR_DATE_FORMATS = ("%A, %B %d, %Y",)
_MONTH_DATE = r"((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4})"
_NOT_END = r"(?:[^.]|\b[ap]\.m\.)"  # a sentence goes on past "10:30 a.m."
_EFFECTIVE_RE = re.compile(rf"\b(?:effective|applicable)\b{_NOT_END}{{0,80}}?{_MONTH_DATE}", re.I)
_COMMENTS_RE = re.compile(
    rf"\bcomments?\b{_NOT_END}{{0,200}}?\b(?:by|before|until|no later than|due:?)\s+{_NOT_END}{{0,30}}?{_MONTH_DATE}",
    re.I,
)


class FrDocumentRecord(Record):
    document_number: str = Field(pattern=r"^[A-Z]?\d*-?\d{2,4}-\d+$")
    doc_type: str = Field(pattern=r"^(RULE|PRORULE|NOTICE|PRESDOCU)$")
    title: str = Field(min_length=1)
    agency: str
    sub_agency: str
    action: str
    summary: str
    dates_text: str
    effective_on: date | None
    comments_close_on: date | None
    rins: list[str]
    docket_ids: list[str]
    depdoc: str
    cfr_references: list[str]
    cfr_parts: list[tuple[int, str, str]]  # (title, part, citation)
    volume: int = Field(ge=1)
    issue_number: int | None
    start_page: int = Field(ge=1)
    end_page: int = Field(ge=1)
    published_at: date
    body: str = Field(min_length=1)

    @property
    def key(self) -> str:
        return f"fr:{self.document_number}"

    @property
    def citation(self) -> str:
        return f"{self.volume} FR {self.start_page}"


def docket_ids(depdoc: str) -> list[str]:
    """Regulations.gov-style docket ids named in a DEPDOC ("[Docket No. FAA-2024-0224; ...]")."""
    found: list[str] = []
    for part in depdoc.strip("[] ").split(";"):
        part = _DOCKET_LABEL.sub("", part.strip())
        if not part or _NOT_DOCKET.match(part):
            continue
        for m in _DOCKET_RE.finditer(part):
            if m.group(1) not in found:
                found.append(m.group(1))
    return found


def cfr_parts(citation: str) -> list[tuple[int, str, str]]:
    """'40 CFR Parts 52 and 70' -> [(40, '52', ...), (40, '70', ...)]; chapters give nothing."""
    m = _CFR_RE.match(citation.strip())
    if not m or not m.group("parts"):
        return []
    title = int(m.group(1))
    parts = re.findall(r"\d+[A-Za-z]?", m.group("parts"))
    return [(title, p, f"{title} CFR Part {p}") for p in dict.fromkeys(parts)]


def _contents_pages(root) -> dict[str, tuple[int, int]]:
    pages = {}
    for ref in root.iter("FRDOCBP"):
        prev = ref.getprevious()
        if prev is not None and prev.tag == "PGS" and (m := _PAGES_RE.match(flat_text(prev))):
            pages[flat_text(ref)] = (int(m.group(1)), int(m.group(2) or m.group(1)))
    return pages


def _page_numbers(el) -> list[int]:
    return [int(p.get("P")) for p in el.iter("PRTPAGE") if (p.get("P") or "").isdigit()]


def parse(path: Path):
    path = Path(path)
    try:
        root = etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True)).getroot()
    except etree.XMLSyntaxError as exc:
        raise SourceFormatError(path, f"not well-formed XML: {exc}") from None
    if root.tag != "FEDREG":
        raise SourceFormatError(path, f"root element is <{root.tag}>, expected <FEDREG>")
    vol, issue = flat_text(root.find("VOL")), flat_text(root.find("NO"))
    if not vol.isdigit():
        raise SourceFormatError(path, f"<VOL> {vol!r} is not a volume number")
    published = parse_date(
        flat_text(root.find("DATE")), FR_DATE_FORMATS, path=path, record="FEDREG", field="DATE"
    )
    contents = _contents_pages(root)
    last_page = 0
    out = []
    for el in root.iter(*DOC_TAGS, "PRTPAGE"):
        if el.tag == "PRTPAGE":
            if (el.get("P") or "").isdigit():
                last_page = int(el.get("P"))
            continue
        # One unreadable document is quarantined; the rest of the day's issue loads.
        out.append(
            record_or_bad(
                f"{el.tag} #{len(out) + 1}", _document,
                path, el, int(vol), int(issue) if issue.isdigit() else None, published, contents, last_page,
            )
        )  # fmt: skip
    if not out:
        raise SourceFormatError(path, "no RULE, PRORULE, NOTICE or PRESDOCU documents in the issue")
    return out


def _document(path, el, volume, issue, published, contents, page_before):
    frdoc = flat_text(el.find(".//FRDOC"))
    m = _FRDOC_RE.search(frdoc)
    position = f"{el.tag} #{sum(1 for _ in el.itersiblings(el.tag, preceding=True)) + 1}"
    if not m:
        raise SourceFormatError(
            path, f"no document number in FRDOC {frdoc!r}", record=position, field="FRDOC"
        )
    number = m.group(1)
    key = f"fr:{number}"
    pre = el.find("PREAMB")
    pages = _page_numbers(el)
    start, end = contents.get(number, (None, None))
    if start is None:
        first = pre[0] if pre is not None and len(pre) else None
        start = (
            pages[0]
            if first is not None and first.tag == "PRTPAGE" and pages
            else (page_before or (pages[0] if pages else 0))
        )
        end = max([start, *pages])
    if el.tag == "PRESDOCU":
        title = flat_text(el.find(".//HD")) or flat_text(el.find(".//PROC"))
        agency, sub_agency, action = "Executive Office of the President", "", flat_text(el.find(".//PROC"))
        summary = dates = depdoc = ""
        rins, cfr_refs = [], []
    else:
        if pre is None:
            raise SourceFormatError(path, f"{el.tag} has no PREAMB", record=key)
        title = flat_text(pre.find("SUBJECT"))
        agency, sub_agency = flat_text(pre.find("AGENCY")), flat_text(pre.find("SUBAGY"))
        action = _section(pre, "ACT")
        summary = _section(pre, "SUM")
        dates = _section(pre, "DATES") or _section(pre, "EFFDATE")
        depdoc = " ".join(flat_text(d) for d in pre.findall("DEPDOC"))
        rins = list(dict.fromkeys(_RIN_RE.findall(" ".join(flat_text(r) for r in pre.findall("RIN")))))
        cfr_refs = [flat_text(c) for c in pre.findall("CFR")]
    return build(
        FrDocumentRecord,
        path,
        key,
        document_number=number,
        doc_type=el.tag,
        title=title,
        agency=agency,
        sub_agency=sub_agency,
        action=action,
        summary=summary,
        dates_text=dates,
        effective_on=_date_after(_EFFECTIVE_RE, dates),
        comments_close_on=_date_after(_COMMENTS_RE, dates),
        rins=rins,
        docket_ids=docket_ids(depdoc),
        depdoc=depdoc,
        cfr_references=cfr_refs,
        cfr_parts=[p for ref in cfr_refs for p in cfr_parts(ref)],
        volume=volume,
        issue_number=issue,
        start_page=start,
        end_page=end,
        published_at=published,
        body=block_text(el),
    )


def _date_after(pattern: re.Pattern, text: str) -> date | None:
    m = pattern.search(" ".join(text.split()))
    if not m:
        return None
    try:
        return datetime.strptime(m.group(1), "%B %d, %Y").date()
    except ValueError:
        return None


def _section(pre, tag: str) -> str:
    """A preamble block without its 'SUMMARY:'-style heading."""
    node = pre.find(tag)
    if node is None:
        return ""
    return "\n".join(
        block_text(p, page_markers=False) for p in node if p.tag != "HD" and isinstance(p.tag, str)
    )
