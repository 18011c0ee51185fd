"""Citations as readers write them -> what they name: "89 FR 9838", "42 U.S.C. 1983", "Pub. L. 117-58",
"S. Rept. 118-12", "1 C.F.R. § 1.1", "H.R. 1", "HR1 118th", "H.Res. 99 (114th)", "2024-02930", "R47000",
"GAO-24-106".

Parsing only: no database. Forms that are themselves a Josh id in another spelling (a Code section, a law,
a bill of a named Congress, an FR document number, a CRS or GAO report) come back with the canonical id the
id kinds give (apps.core.ids.classify_id). Two forms name a record without being its id, and come back with
their parts for a lookup: an FR page (the document whose page range holds it) and a committee report (its
reference row, named by the bill it reports). A bill without a Congress ("H.R. 1") keeps its parts too: the
lookup takes the latest Congress that has the bill, as the id lookup does.
"""

import re
import unicodedata
from dataclasses import dataclass, field

from apps.core.errors import JoshError
from apps.core.ids import BillRef, bill_label, classify_id, parse_bill_ref

FR_PAGE = "fr_page"
COMMITTEE_REPORT = "committee_report"
BILL = "bill"

# "89 FR 9838", "89 F.R. 9838", "89 Fed. Reg. 9838", "89 FR 9,838"; volume 1 (1936) to the present.
_FR_PAGE_RE = re.compile(
    r"^(\d{1,3})\s*(?:F\.?\s*R\.?|Fed\.?\s*Reg\.?)\s*(?:p(?:age|g)?\.?\s*)?(\d{1,3}(?:,?\d{3})*)$", re.I
)
# "H. Rept. 118-100", "S.Rpt. 118-12", "H. Rep. No. 117-19", "S. Report 118-12"; "E" is an executive report.
_REPORT_RE = re.compile(
    r"^(H|S|E(?:x(?:ec)?)?)\.?\s*(?:Rept|Rpt|Rep|Report)\.?\s*(?:No\.?\s*)?(\d{1,3})\s*[-–—]\s*(\d{1,5})"
    r"(?:\s*,?\s*(?:pt\.?|part)\s*(\d{1,2}))?$",
    re.I,
)
_REPORT_TYPES = {"h": "hrpt", "s": "srpt", "e": "erpt", "ex": "erpt", "exec": "erpt"}
# A bill with its Congress after it: "HR1 118th", "H.Res. 99 (114th)", "S. 2155, 115th Congress".
_BILL_CONGRESS_RE = re.compile(
    r"^(?P<bill>.+?)\s*[,(]?\s*(?P<congress>\d{1,3})(?:st|nd|rd|th)(?:\s+Congress)?\s*\)?$", re.I
)
_MAX_CHARS = 80
# How a reader names each form, for messages ("Josh holds no public law Pub. L. 117-9999").
KIND_NAMES = {
    FR_PAGE: "Federal Register page",
    COMMITTEE_REPORT: "committee report",
    BILL: "bill",
    "public-law": "public law",
    "usc_section": "U.S. Code section",
    "cfr_section": "CFR section",
    "fr_document": "Federal Register document",
    "crs_report": "CRS report",
    "gao_report": "GAO report",
    "executive_order": "executive order",
}


@dataclass(frozen=True)
class Cite:
    """One parsed citation. ``id`` is the canonical id when the form names the record directly."""

    kind: str  # an IdKind name (usc_section, public-law, ...), or FR_PAGE / COMMITTEE_REPORT / BILL
    label: str  # the citation as it is printed: "89 FR 9838", "S. Rept. 118-12"
    resource: str | None = None  # the /v1/<resource> of ``id``
    id: str | None = None
    parts: dict = field(default_factory=dict)  # volume/page, report_type/congress/number, bill parts


def parse_citation(text: str) -> Cite | None:
    """The citation ``text`` is, whole; None when it is not one (words, a fragment, a near miss)."""
    # NFKC: a phone's or an East Asian keyboard's full-width "Ｈ.Ｒ. １" is the same citation as "H.R. 1"
    text = " ".join(unicodedata.normalize("NFKC", text or "").split())
    if not text or len(text) > _MAX_CHARS:
        return None
    for parser in (_fr_page, _committee_report, _bill_with_ordinal, _by_id, _bill_without_congress):
        if cite := parser(text):
            return cite
    return None


def kind_name(kind: str) -> str:
    return KIND_NAMES.get(kind) or kind.replace("_", " ").replace("-", " ")


def _fr_page(text: str) -> Cite | None:
    m = _FR_PAGE_RE.match(text)
    if not m:
        return None
    volume, page = int(m.group(1)), int(m.group(2).replace(",", ""))
    if volume < 1 or page < 1:
        return None
    return Cite(FR_PAGE, f"{volume} FR {page}", parts={"volume": volume, "page": page})


def _committee_report(text: str) -> Cite | None:
    m = _REPORT_RE.match(text)
    if not m:
        return None
    report_type = _REPORT_TYPES[m.group(1).lower()]
    congress, number = int(m.group(2)), int(m.group(3))
    if not congress or not number:
        return None
    prefix = {"hrpt": "H.", "srpt": "S.", "erpt": "Exec."}[report_type]
    parts = {"report_type": report_type, "congress": congress, "number": number}
    if m.group(4):
        parts["part"] = int(m.group(4))
    return Cite(COMMITTEE_REPORT, f"{prefix} Rept. {congress}-{number}", parts=parts)


def _bill_cite(ref: BillRef) -> Cite:
    parts = {"bill_type": ref.bill_type, "number": ref.number, "congress": ref.congress}
    if ref.congress is None:
        return Cite(BILL, _bill_label(ref), resource="bills", parts=parts)
    return Cite(BILL, f"{_bill_label(ref)} ({_ordinal(ref.congress)})", "bills", ref.id, parts)


def _bill_with_ordinal(text: str) -> Cite | None:
    m = _BILL_CONGRESS_RE.match(text)
    if not m:
        return None
    ref = parse_bill_ref(m.group("bill"))
    if ref is None or ref.congress is not None:
        return None
    return _bill_cite(ref.with_congress(int(m.group("congress"))))


def _by_id(text: str) -> Cite | None:
    """Any id spelling a registered id kind accepts ("42 USC § 1983", "P.L. 117-58", "GAO-24-106")."""
    try:
        kind, canonical = classify_id(text)
    except JoshError:
        return None
    if kind.name == "bill":
        return _bill_cite(parse_bill_ref(canonical))
    if kind.name == "committee" and not any(c.isdigit() for c in text):
        return None  # "snap" or "hswm" is a well-formed committee code, but as a citation it is a word
    if kind.name == "legislator":
        return None  # a member's id is not a citation: the member cards find members
    return Cite(kind.name, _label(kind.name, canonical), kind.resource, canonical)


def _bill_without_congress(text: str) -> Cite | None:
    if len(re.findall(r"\d+", text)) != 1:  # "HR1 118" squashes to H.R. 1118: two numbers are no bill
        return None
    ref = parse_bill_ref(text)
    return _bill_cite(ref) if ref is not None and ref.congress is None else None


def _bill_label(ref: BillRef) -> str:
    return bill_label(ref.bill_type, ref.number)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _label(kind: str, canonical: str) -> str:
    """The printed form of a canonical id (``usc:42:1983`` -> "42 U.S.C. 1983")."""
    _, _, rest = canonical.partition(":")
    head, _, tail = rest.partition(":")
    printed = {
        "usc_section": lambda: f"{head} U.S.C. {tail}",
        "cfr_section": lambda: f"{head} CFR {tail}",
        "public-law": lambda: (
            (f"Pub. L. {head}-{tail}" if canonical.startswith("pl:") else f"Priv. L. {head}-{tail}")
            if tail
            else canonical
        ),
        "fr_document": lambda: f"FR Doc. {rest}",
        "crs_report": lambda: f"CRS {rest}",
        "gao_report": lambda: rest,
        "executive_order": lambda: f"E.O. {rest}",
    }
    return printed[kind]() if kind in printed else canonical
