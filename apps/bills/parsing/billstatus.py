"""BILLSTATUS XML (GovInfo) -> ``BillStatusRecord``, for the current schema (3.x) and the legacy one.

Schema differences handled here: legacy uses ``billNumber``/``billType``, nests
committees under ``committees/billCommittees``, summaries under ``summaries/billSummaries``, subjects
under ``subjects/billSubjects`` (``otherSubjects``; ``primarySubject`` in place of a policy area),
CBO estimates as ``rptTitle``/``rptUrl``, and puts ``recordedVotes`` at bill level. Sponsors may lack
party/state/district (read from ``fullName`` "[R-AK-At Large]"); district 0 or "At Large" = at-large.
"""

import os
import re
from collections import OrderedDict
from pathlib import Path

from lxml import etree

from apps.bills.parsing import billstatus_parts as parts
from apps.bills.parsing.actions import RawAction, dedupe_actions
from apps.bills.parsing.billstatus_parts import VERSION_CODES, law_id_for
from apps.bills.parsing.common import clean_html_text, load_xml, parse_date, parse_datetime, text_of
from apps.bills.parsing.records import ActionRec, BillStatusRecord, CboRec, MemberRec, ReportRec, VoteRec
from apps.core.errors import SourceFormatError
from apps.core.ids import BILL_TYPES
from apps.core.inputs import as_input

# A BILLSTATUS file as GovInfo names it (in its bulk ZIPs too) and as the unitedstates/congress scraper stores it
# (data/119/bills/hr/hr1/fdsys_billstatus.xml).
BILLSTATUS_FILES = ("BILLSTATUS-*.xml", "fdsys_billstatus.xml")

__all__ = [
    "BILLSTATUS_FILES",
    "VERSION_CODES",
    "BillStatusRecord",
    "CboRec",
    "ReportRec",
    "billstatus_digest",
    "law_id_for",
    "parse_billstatus",
]

# What the plans that read BILLSTATUS after ``bills`` (CBO estimates, committee reports, topics) need of a
# file, kept from the ``bills`` pass so that ``ingest all`` parses each file once. Small (no actions, no
# members, no summaries): a congress's worth is a few MB. Keyed by the file's identity and version.
DIGEST_FIELDS = ("bill_id", "policy_area", "subjects", "cbo_estimates", "committee_reports")
_DIGESTS: OrderedDict[tuple, dict] = OrderedDict()
_DIGESTS_KEPT = 100_000


def _file_version(path: Path) -> tuple | None:
    try:
        stat = os.stat(path)
    except (OSError, TypeError, ValueError):
        return None  # not a plain file on disk: nothing to key a digest on
    return (os.path.realpath(path), stat.st_mtime_ns, stat.st_size)


def billstatus_digest(path: Path) -> dict:
    """``DIGEST_FIELDS`` of ``path``'s record: from the parse ``bills`` already made of this unchanged file,
    else parsed now (so a follower plan run alone still works, and still rejects a bad file)."""
    version = _file_version(path)
    digest = _DIGESTS.get(version) if version else None
    if digest is None:
        rec = parse_billstatus(path)
        digest = {name: getattr(rec, name) for name in DIGEST_FIELDS}
    return digest


def _remember(path: Path, rec: BillStatusRecord) -> BillStatusRecord:
    version = _file_version(path)
    if version:
        _DIGESTS[version] = {name: getattr(rec, name) for name in DIGEST_FIELDS}
        while len(_DIGESTS) > _DIGESTS_KEPT:
            _DIGESTS.popitem(last=False)
    return rec


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
        return _remember(path, _build(path, bill, legacy, raw_type, congress, number, bill_id))
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
        source_file=as_input(path).name,
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
        titles=parts.titles(bill),
        actions=actions,
        votes=votes,
        committees=parts.committees(bill, legacy),
        subjects=parts.subjects(bill, legacy),
        summaries=parts.summaries(bill, legacy),
        text_versions=parts.text_versions(bill),
        related=parts.related(bill),
        laws=parts.laws(bill),
        cbo_estimates=parts.cbo(bill),
        committee_reports=parts.reports(bill),
        unidentified_members=[
            text_of(item, "fullName") or text_of(item, "name") or "(no name)"
            for item in bill.findall("sponsors/item") + bill.findall("cosponsors/item")
            if not (text_of(item, "bioguideId") or text_of(item, "identifiers/bioguideId"))
        ],
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
        return None  # older files may name a member without an id: nothing to link
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
