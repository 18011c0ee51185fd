"""A GPO Federal Register daily issue (FR XML) split into its documents."""

import re
from datetime import date, datetime
from pathlib import Path

from pydantic import Field

from apps.core.errors import SourceFormatError
from apps.core.inputs import as_input, load_xml
from apps.core.plans import record_or_bad
from apps.documents.parsers.base import Record, build, parse_date
from apps.documents.parsers.xmltext import block_text, flat_text

DOC_TAGS = ("RULE", "PRORULE", "NOTICE", "PRESDOCU")
_FRDOC_RE = re.compile(r"FR\s+Doc\.?\s*([A-Z]?\d*-?\d{2,4}-\d+)")
# A Regulation Identifier Number: the agency's 4-digit code and a letter-led sequence, 4 characters in the
# Unified Agenda (1625-AA00) and 5 in NOAA's X-series (0648-XE570).
_RIN_RE = re.compile(r"\b(\d{4}-[A-Z][A-Z0-9]{3,4})\b")
_CFR_RE = re.compile(r"^(\d{1,2})\s+CFR\s+(?:Parts?\s+(?P<parts>.+))?", re.I)
# A regulations.gov docket id: the agency acronym, letter-led sub-agency or program codes before or after the
# year, and a sequence number (FAA-2024-0224, EPA-HQ-OAR-2023-0314, DOD-2016-OS-0041, ED-2016-ICCD-0109,
# FDA-2019-N-1363, FWS-R1-ES-2016-N045, RUS-22-ELECTRIC-0060).
_DOCKET_RE = re.compile(
    r"\b([A-Z]{2,}(?:-[A-Z][A-Z0-9]*)*-(?:19|20)?\d{2}(?:-[A-Z][A-Z0-9]*)*-[A-Z]?\d{3,5})\b"
)
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


def rins(text: str) -> list[str]:
    """The RINs named in a document's <RIN> elements ("RIN 0648-BM78"), each once."""
    return list(dict.fromkeys(_RIN_RE.findall(text)))


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


def _is_running_head(node) -> bool:
    """The "Title 3— The President" head printed atop a Presidential document's first page: ``<TITLE3>`` and the
    ``<PRES>`` right after it (GPO puts that page's PRTPAGE inside this PRES)."""
    while node is not None:
        if node.tag == "TITLE3":
            return True
        if node.tag == "PRES" and (prev := node.getprevious()) is not None and prev.tag == "TITLE3":
            return True
        node = node.getparent()
    return False


def _leading_page(el) -> int | None:
    """The page a document opens: a PRTPAGE (which marks where page P begins) before any of its printed
    text, the Title 3 running head aside; None when the document begins mid-page."""
    for node in el.iter():
        if node.tag == "PRTPAGE":
            return int(node.get("P")) if (node.get("P") or "").isdigit() else None
        if isinstance(node.tag, str) and (node.text or "").strip() and not _is_running_head(node):
            return None
    return None


def _pages(el, listed: tuple[int, int] | None, page_before: int) -> tuple[int, int]:
    """(start, end) page. A document opening with a page break starts on that page (a Presidential document
    on the page after its running head, not the Part's cover page before it); else the issue's contents
    say; else one that begins mid-page starts on the page before its first page break, and one with no
    page break inside on the page current where it begins."""
    pages = _page_numbers(el)
    leading = _leading_page(el)
    if listed is not None:
        start, end = listed
        return (leading, max(end, leading)) if leading is not None else (start, end)
    if leading is not None:
        start = leading
    elif pages:
        start = pages[0] - 1
    else:
        start = page_before
    return start, max([start, *pages])


def parse(path: Path):
    path = as_input(path)
    root = load_xml(path)
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
    start, end = _pages(el, contents.get(number), page_before)
    if el.tag == "PRESDOCU":
        title = flat_text(el.find(".//HD")) or flat_text(el.find(".//PROC"))
        agency, sub_agency, action = "Executive Office of the President", "", flat_text(el.find(".//PROC"))
        summary = dates = depdoc = ""
        rin_list, cfr_refs = [], []
    else:
        if pre is None:
            raise SourceFormatError(path, f"{el.tag} has no PREAMB", record=key)
        title = flat_text(pre.find("SUBJECT"))
        agency, sub_agency = flat_text(pre.find("AGENCY")), flat_text(pre.find("SUBAGY"))
        action = _section(pre, "ACT")
        summary = _section(pre, "SUM")
        dates = _section(pre, "DATES") or _section(pre, "EFFDATE")
        depdoc = " ".join(flat_text(d) for d in pre.findall("DEPDOC"))
        rin_list = rins(" ".join(flat_text(r) for r in pre.findall("RIN")))
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
        rins=rin_list,
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
