"""BILLSTATUS sections other than members and actions: titles, committees, subjects, summaries, text
versions, related bills, laws, CBO estimates and committee reports (both schemas)."""

import re
from datetime import date

from apps.bills.parsing.common import clean_html_text, parse_date, parse_datetime, text_of
from apps.bills.parsing.records import (
    CboRec,
    CommitteeRec,
    LawRec,
    RelatedRec,
    ReportRec,
    SummaryRec,
    TextVersionRec,
    TitleRec,
)
from apps.core.ids import parse_bill_ref


def titles(bill) -> list[TitleRec]:
    return [
        TitleRec(
            seq=i,
            title_type=text_of(item, "titleType"),
            title_type_code=text_of(item, "titleTypeCode"),
            title=text_of(item, "title"),
            chamber=text_of(item, "chamberName"),
            version_code=text_of(item, "billTextVersionCode").lower(),
        )
        for i, item in enumerate(bill.findall("titles/item"))
        if text_of(item, "title")
    ]


def _activities(item) -> list[dict]:
    acts = [
        {"name": text_of(a, "name"), "date": text_of(a, "date") or None}
        for a in item.findall("activities/item")
    ]
    return sorted(acts, key=lambda a: a["date"] or "")


def _committee(item, parent_code: str) -> CommitteeRec:
    code = text_of(item, "systemCode").lower()
    thomas = code[:4].upper() + ("" if code[4:] in ("", "00") else code[4:])
    return CommitteeRec(
        system_code=code,
        thomas_id=thomas,
        name=text_of(item, "name"),
        chamber=text_of(item, "chamber"),
        committee_type=text_of(item, "type"),
        parent_code=parent_code,
        activities=_activities(item),
    )


def committees(bill, legacy) -> list[CommitteeRec]:
    out: list[CommitteeRec] = []
    for item in bill.findall("committees/billCommittees/item" if legacy else "committees/item"):
        if not text_of(item, "systemCode"):
            continue
        parent = _committee(item, "")
        out.append(parent)
        for sub in item.findall("subcommittees/item"):
            if text_of(sub, "systemCode"):
                out.append(_committee(sub, parent.system_code))
    seen: dict[str, CommitteeRec] = {}
    for c in out:
        seen.setdefault(c.system_code, c)
    return list(seen.values())


def subjects(bill, legacy) -> list[str]:
    paths = (
        ["subjects/billSubjects/legislativeSubjects/item", "subjects/billSubjects/otherSubjects/item"]
        if legacy
        else ["subjects/legislativeSubjects/item"]
    )
    names: list[str] = []
    for p in paths:
        for item in bill.findall(p):
            name = text_of(item, "name")
            if name and name not in names:
                names.append(name)
    return sorted(names)


def summaries(bill, legacy) -> list[SummaryRec]:
    out: dict[tuple, SummaryRec] = {}
    for item in bill.findall("summaries/billSummaries/item" if legacy else "summaries/summary"):
        rec = SummaryRec(
            version_code=text_of(item, "versionCode"),
            action_date=parse_date(text_of(item, "actionDate")),
            action_desc=text_of(item, "actionDesc"),
            update_date=parse_datetime(text_of(item, "updateDate")),
            text=clean_html_text(text_of(item, "text") or text_of(item, "cdata/text")),
        )
        out[(rec.version_code, rec.action_date)] = rec
    # oldest first; the latest summary is the last one
    return sorted(
        out.values(),
        key=lambda s: (s.action_date or date.min, s.update_date.isoformat() if s.update_date else ""),
    )


# Version names BILLSTATUS gives without a URL -> GovInfo version code.
VERSION_CODES = {
    "introduced in house": "ih",
    "introduced in senate": "is",
    "reported in house": "rh",
    "reported in senate": "rs",
    "engrossed in house": "eh",
    "engrossed in senate": "es",
    "enrolled bill": "enr",
    "received in senate": "rds",
    "received in house": "rhs",
    "referred in senate": "rfs",
    "referred in house": "rfh",
    "placed on calendar senate": "pcs",
    "placed on calendar house": "pch",
    "engrossed amendment house": "eah",
    "engrossed amendment senate": "eas",
    "agreed to senate": "ats",
    "agreed to house": "ath",
    "considered and passed house": "cph",
    "considered and passed senate": "cps",
    "committee discharged house": "cdh",
    "committee discharged senate": "cds",
    "public print": "pp",
    "public law": "pl",
}
_PKG_CODE = re.compile(r"BILLS-\d+[a-z]+\d+(?P<code>[a-z]+)", re.IGNORECASE)


def text_versions(bill) -> list[TextVersionRec]:
    out: dict[str, TextVersionRec] = {}
    for item in bill.findall("textVersions/item"):
        name = text_of(item, "type")
        url = next(
            (text_of(f, "url") for f in item.findall("formats/item") if text_of(f, "url").endswith(".xml")),
            "",
        )
        url = url or next((text_of(f, "url") for f in item.findall("formats/item") if text_of(f, "url")), "")
        m = _PKG_CODE.search(url)
        code = m.group("code").lower() if m else VERSION_CODES.get(name.lower(), "")
        if not code:
            continue
        out.setdefault(
            code,
            TextVersionRec(
                version_code=code, version_name=name, date=parse_date(text_of(item, "date")), url=url
            ),
        )
    return list(out.values())


def related(bill) -> list[RelatedRec]:
    out: dict[str, RelatedRec] = {}
    for item in bill.findall("relatedBills/item"):
        ref = parse_bill_ref(f"{text_of(item, 'type')}{text_of(item, 'number')}-{text_of(item, 'congress')}")
        if ref is None or ref.congress is None:
            continue
        rels = [
            {"type": text_of(r, "type"), "identified_by": text_of(r, "identifiedBy")}
            for r in item.findall("relationshipDetails/item")
        ]
        out.setdefault(
            ref.id,
            RelatedRec(
                related_bill_id=ref.id,
                title=text_of(item, "title") or text_of(item, "latestTitle"),
                relationships=rels,
                latest_action_date=parse_date(text_of(item, "latestAction/actionDate")),
                latest_action_text=text_of(item, "latestAction/text"),
            ),
        )
    return list(out.values())


_LAW_NUMBER = re.compile(r"^(?P<congress>\d{1,3})-(?P<number>\d{1,4})$")


def law_id_for(law_type: str, number: str) -> str | None:
    m = _LAW_NUMBER.match(number.strip())
    if not m:
        return None
    prefix = "pvtl" if "private" in law_type.lower() else "pl"
    return f"{prefix}:{int(m.group('congress'))}:{int(m.group('number'))}"


def laws(bill) -> list[LawRec]:
    out = []
    for item in bill.findall("laws/item"):
        law_type, number = text_of(item, "type"), text_of(item, "number")
        law_id = law_id_for(law_type, number)
        if law_id:
            out.append(LawRec(law_type=law_type, number=number, law_id=law_id))
    return out


def cbo(bill) -> list[CboRec]:
    out: dict[str, CboRec] = {}
    for item in bill.findall("cboCostEstimates/item"):
        url = text_of(item, "url") or text_of(item, "rptUrl")
        if url:
            out.setdefault(
                url,
                CboRec(
                    url=url,
                    title=text_of(item, "title") or text_of(item, "rptTitle"),
                    pub_date=parse_date(text_of(item, "pubDate") or text_of(item, "rptPubDate")),
                    description=clean_html_text(text_of(item, "description")),
                ),
            )
    return list(out.values())


_REPORT = re.compile(
    r"^(?P<chamber>H|S|Ex)\.\s*Rept\.\s*(?P<congress>\d+)-(?P<number>\d+)(?:,\s*Part\s*(?P<part>\d+))?", re.I
)


def reports(bill) -> list[ReportRec]:
    out: dict[str, ReportRec] = {}
    for item in bill.findall("committeeReports/committeeReport") + bill.findall("committeeReports/item"):
        citation = text_of(item, "citation")
        if not citation:
            continue
        m = _REPORT.match(citation)
        out.setdefault(
            citation,
            ReportRec(
                citation=citation,
                report_type={"h": "hrpt", "s": "srpt", "ex": "erpt"}[m.group("chamber").lower()] if m else "",
                congress=int(m.group("congress")) if m else None,
                number=int(m.group("number")) if m else None,
                part=int(m.group("part")) if m and m.group("part") else None,
            ),
        )
    return list(out.values())
