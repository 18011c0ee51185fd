"""BILLSTATUS XML (GovInfo) -> ``BillStatusRecord``, for the current schema (3.x) and the legacy one.

Schema differences handled here (FORMATS.md §2): legacy uses ``billNumber``/``billType``, nests
committees under ``committees/billCommittees``, summaries under ``summaries/billSummaries``, subjects
under ``subjects/billSubjects`` (``otherSubjects``; ``primarySubject`` in place of a policy area),
CBO estimates as ``rptTitle``/``rptUrl``, and puts ``recordedVotes`` at bill level. Sponsors may lack
party/state/district (read from ``fullName`` "[R-AK-At Large]"); district 0 or "At Large" = at-large.
"""

import re
from datetime import date, datetime
from pathlib import Path

from lxml import etree
from pydantic import BaseModel, ConfigDict

from apps.bills.parsing.actions import RawAction, dedupe_actions
from apps.bills.parsing.common import clean_html_text, load_xml, parse_date, parse_datetime, text_of
from apps.core.errors import SourceFormatError
from apps.core.ids import BILL_TYPES, parse_bill_ref


class _Rec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class MemberRec(_Rec):
    bioguide: str
    full_name: str = ""
    first_name: str = ""
    last_name: str = ""
    party: str = ""
    state: str = ""
    district: int | None = None
    by_request: bool = False
    is_original: bool = False
    sponsorship_date: date | None = None
    withdrawn_date: date | None = None


class VoteRec(_Rec):
    vote_id: str
    chamber: str
    congress: int
    session: int | None
    roll_number: int
    voted_at: datetime | None
    url: str
    action_text: str = ""


class ActionRec(_Rec):
    seq: int
    action_date: date | None
    action_time: str
    text: str
    action_type: str
    action_codes: str
    source_systems: str
    committees: list[dict]


class CommitteeRec(_Rec):
    system_code: str
    thomas_id: str
    name: str
    chamber: str
    committee_type: str
    parent_code: str
    activities: list[dict]


class TitleRec(_Rec):
    seq: int
    title_type: str
    title_type_code: str
    title: str
    chamber: str
    version_code: str


class SummaryRec(_Rec):
    version_code: str
    action_date: date | None
    action_desc: str
    update_date: datetime | None
    text: str


class TextVersionRec(_Rec):
    version_code: str
    version_name: str
    date: date | None
    url: str


class RelatedRec(_Rec):
    related_bill_id: str
    title: str
    relationships: list[dict]
    latest_action_date: date | None
    latest_action_text: str


class LawRec(_Rec):
    law_type: str
    number: str
    law_id: str


class CboRec(_Rec):
    url: str
    title: str
    pub_date: date | None
    description: str


class ReportRec(_Rec):
    citation: str
    report_type: str
    congress: int | None
    number: int | None
    part: int | None


class BillStatusRecord(_Rec):
    """Everything one BILLSTATUS file says about one bill, validated."""

    bill_id: str
    bill_type: str
    congress: int
    number: int
    schema_name: str  # "v3" or "legacy-v1"
    source_file: str
    title: str
    origin_chamber: str
    introduced_date: date | None
    update_date: datetime | None
    update_date_including_text: datetime | None
    policy_area: str
    sponsor: MemberRec | None
    cosponsors: list[MemberRec]
    latest_action_date: date | None
    latest_action_text: str
    constitutional_authority: str
    titles: list[TitleRec]
    actions: list[ActionRec]
    votes: list[VoteRec]
    committees: list[CommitteeRec]
    subjects: list[str]
    summaries: list[SummaryRec]
    text_versions: list[TextVersionRec]
    related: list[RelatedRec]
    laws: list[LawRec]
    cbo_estimates: list[CboRec]
    committee_reports: list[ReportRec]

    @property
    def key(self) -> str:
        return self.bill_id


def parse_billstatus(path: Path) -> BillStatusRecord:
    root = load_xml(path)
    if root.tag != "billStatus" or root.find("bill") is None:
        raise SourceFormatError(
            path, f"not a BILLSTATUS file (root <{root.tag}>, expected <billStatus><bill>)"
        )
    bill = root.find("bill")
    legacy = bill.find("billNumber") is not None
    raw_type = text_of(bill, "billType" if legacy else "type").lower()
    raw_number = text_of(bill, "billNumber" if legacy else "number")
    raw_congress = text_of(bill, "congress")
    if raw_type not in BILL_TYPES or not raw_number.isdigit() or not raw_congress.isdigit():
        raise SourceFormatError(
            path,
            f"bill type/number/congress missing or invalid: {raw_type!r} {raw_number!r} {raw_congress!r}",
        )
    congress, number = int(raw_congress), int(raw_number)
    bill_id = f"{raw_type}:{congress}:{number}"
    try:
        return _build(path, bill, legacy, raw_type, congress, number, bill_id)
    except SourceFormatError:
        raise
    except (ValueError, TypeError) as exc:  # bad dates, numbers, pydantic validation
        raise SourceFormatError(path, f"invalid value: {exc}", record=bill_id) from exc


def _build(path, bill, legacy, bill_type, congress, number, bill_id) -> BillStatusRecord:
    actions, votes = _actions(bill, legacy)
    sponsors = [_member(item) for item in bill.findall("sponsors/item")]
    sponsors = [s for s in sponsors if s is not None]
    policy_area = text_of(bill, "policyArea/name") or text_of(
        bill, "subjects/billSubjects/policyArea/name" if legacy else "subjects/policyArea/name"
    )
    if not policy_area and legacy:  # pre-2016 files name the CRS policy area "primarySubject"
        policy_area = text_of(bill, "primarySubject/name") or text_of(
            bill, "subjects/billSubjects/primarySubject/name"
        )
    return BillStatusRecord(
        bill_id=bill_id,
        bill_type=bill_type,
        congress=congress,
        number=number,
        schema_name="legacy-v1" if legacy else "v3",
        source_file=Path(path).name,
        title=text_of(bill, "title"),
        origin_chamber=text_of(bill, "originChamber"),
        introduced_date=parse_date(text_of(bill, "introducedDate")),
        update_date=parse_datetime(text_of(bill, "updateDate")),
        update_date_including_text=parse_datetime(text_of(bill, "updateDateIncludingText")),
        policy_area=policy_area,
        sponsor=sponsors[0] if sponsors else None,
        cosponsors=[m for m in map(_member, bill.findall("cosponsors/item")) if m is not None],
        latest_action_date=parse_date(text_of(bill, "latestAction/actionDate")),
        latest_action_text=text_of(bill, "latestAction/text"),
        constitutional_authority=clean_html_text(
            text_of(bill, "constitutionalAuthorityStatementText")
            or text_of(bill, "cdata/constitutionalAuthorityStatementText")
        ),
        titles=_titles(bill),
        actions=actions,
        votes=votes,
        committees=_committees(bill, legacy),
        subjects=_subjects(bill, legacy),
        summaries=_summaries(bill, legacy),
        text_versions=_text_versions(bill),
        related=_related(bill),
        laws=_laws(bill),
        cbo_estimates=_cbo(bill),
        committee_reports=_reports(bill),
    )


# ---- members -----------------------------------------------------------------------------------------

_BRACKET = re.compile(r"\[(?P<party>[A-Z]{1,3})-(?P<state>[A-Z]{2})(?:-(?P<district>[^\]]+))?\]\s*$")


def _district(raw: str) -> int | None:
    raw = (raw or "").strip()
    if not raw:
        return None
    if raw.lower().replace("-", " ") in ("at large", "atlarge") or raw == "0":
        return 0
    return int(raw) if raw.isdigit() else None


def _member(item: etree._Element) -> MemberRec | None:
    bioguide = text_of(item, "bioguideId") or text_of(item, "identifiers/bioguideId")
    if not bioguide:
        return None  # older files may name a member without an id: nothing to link (FORMATS.md §2 trap 6)
    full_name = text_of(item, "fullName")
    m = _BRACKET.search(full_name)
    first, last = text_of(item, "firstName"), text_of(item, "lastName")
    if not (first or last) and text_of(item, "name"):
        last, _, first = text_of(item, "name").partition(",")
    return MemberRec(
        bioguide=bioguide,
        full_name=full_name,
        first_name=first.strip(),
        last_name=last.strip(),
        party=text_of(item, "party") or (m.group("party") if m else ""),
        state=text_of(item, "state") or (m.group("state") if m else ""),
        district=_district(text_of(item, "district") or (m.group("district") or "" if m else "")),
        by_request=text_of(item, "isByRequest") == "Y" or bool(text_of(item, "byRequestType")),
        is_original=text_of(item, "isOriginalCosponsor").lower() == "true",
        sponsorship_date=parse_date(text_of(item, "sponsorshipDate")),
        withdrawn_date=parse_date(text_of(item, "sponsorshipWithdrawnDate")),
    )


# ---- actions and votes -------------------------------------------------------------------------------


def session_year(congress: int, session: int) -> int:
    """First session of the 117th Congress = 2021 (sessions start in odd years: 1789 + 2 * (N - 1))."""
    return 1789 + 2 * (congress - 1) + (session - 1)


def _vote(el: etree._Element, action_text: str) -> dict:
    chamber = text_of(el, "chamber").lower()
    congress = int(text_of(el, "congress"))
    session = int(text_of(el, "sessionNumber")) if text_of(el, "sessionNumber").isdigit() else None
    voted_at = parse_datetime(text_of(el, "date"))
    year = session_year(congress, session) if session else voted_at.year if voted_at else 0
    roll = int(text_of(el, "rollNumber"))
    if chamber not in ("house", "senate"):
        raise ValueError(f"recorded vote chamber {chamber!r}")
    return {
        "vote_id": f"{chamber}:{congress}:{year}:{roll}",
        "chamber": chamber,
        "congress": congress,
        "session": session,
        "roll_number": roll,
        "voted_at": voted_at,
        "url": text_of(el, "url"),
        "action_text": action_text or text_of(el, "fullActionName"),
    }


def _actions(bill, legacy) -> tuple[list[ActionRec], list[VoteRec]]:
    raw: list[RawAction] = []
    for item in bill.findall("actions/item"):
        committees = [
            {"system_code": text_of(c, "systemCode"), "name": text_of(c, "name")}
            for c in item.findall("committees/item") + item.findall("committee")
            if text_of(c, "systemCode")
        ]
        text = " ".join(text_of(item, "text").split())
        raw.append(
            RawAction(
                date=text_of(item, "actionDate"),
                time=text_of(item, "actionTime"),
                text=text,
                action_type=text_of(item, "type"),
                code=text_of(item, "actionCode"),
                source_system=text_of(item, "sourceSystem/name"),
                committees=committees,
                votes=[_vote(v, text) for v in item.findall("recordedVotes/recordedVote")],
            )
        )
    merged = dedupe_actions(raw)
    actions = [
        ActionRec(
            seq=i,
            action_date=parse_date(a.date),
            action_time=a.time,
            text=a.text,
            action_type=a.action_type,
            action_codes=a.code,
            source_systems=a.source_system,
            committees=a.committees,
        )
        for i, a in enumerate(merged)
    ]
    votes: dict[str, dict] = {}
    for a in merged:
        for v in a.votes:  # the merged action's text, so a vote can be found from its action
            votes.setdefault(v["vote_id"], {**v, "action_text": a.text})
    for v in bill.findall("recordedVotes/recordedVote"):  # legacy: bill level
        vote = _vote(v, "")
        votes.setdefault(vote["vote_id"], vote)
    return actions, [VoteRec(**v) for v in votes.values()]


# ---- the rest ----------------------------------------------------------------------------------------


def _titles(bill) -> list[TitleRec]:
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


def _committees(bill, legacy) -> list[CommitteeRec]:
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


def _subjects(bill, legacy) -> list[str]:
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


def _summaries(bill, legacy) -> list[SummaryRec]:
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


def _text_versions(bill) -> list[TextVersionRec]:
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


def _related(bill) -> list[RelatedRec]:
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


def _laws(bill) -> list[LawRec]:
    out = []
    for item in bill.findall("laws/item"):
        law_type, number = text_of(item, "type"), text_of(item, "number")
        law_id = law_id_for(law_type, number)
        if law_id:
            out.append(LawRec(law_type=law_type, number=number, law_id=law_id))
    return out


def _cbo(bill) -> list[CboRec]:
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


def _reports(bill) -> list[ReportRec]:
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
