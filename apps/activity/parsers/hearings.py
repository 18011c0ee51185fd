"""House Committee Repository XML (docs.house.gov): ``<committee-meeting>`` and ``<witness-list>`` files.

A meeting file carries the meeting (committees, date, location, title, documents); a witness list carries
only the EventID and the witnesses. When a witness list's meeting was never recorded, the hearing is
created from what its witness document URLs say (``/meetings/GO/GO25/20140522/102266/HHRG-113-…``):
committee, date and congress — marked ``details_from='witness-list'``.
"""

import re
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from apps.activity.ids import hearing_public_id
from apps.activity.parsers.common import RecordError, iso_date, iso_datetime, iso_time
from apps.core.errors import SourceFormatError
from apps.core.ids import find_bill_mentions, parse_bill_ref
from apps.core.inputs import as_input, load_xml

EVENT_URL = "https://docs.house.gov/Committee/Calendar/ByEvent.aspx?EventID={}"
_MEETING_ID = re.compile(r"^([A-Z]{4})?(\d{1,9})$")
_CODE = re.compile(r"^[A-Z]{2}\d{2}$")
_DOC_URL = re.compile(
    r"/meetings/[A-Z]{2}/(?P<code>[A-Z]{2}\d{2})/(?P<date>\d{8})/(?P<event>\d+)/HHRG-(?P<congress>\d{2,3})-"
)


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CommitteeRef(_Frozen):
    code: str
    thomas_id: str
    name: str = ""


class MeetingDocument(_Frozen):
    seq: int
    doc_type: str
    description: str
    legis_num: str
    bill_id: str
    urls: list[str]


class BillRefRow(_Frozen):
    bill_id: str
    found_in: str


class MeetingRecord(_Frozen):
    public_id: str
    event_id: int
    values: dict
    committees: list[CommitteeRef]
    documents: list[MeetingDocument]
    bills: list[BillRefRow]

    @property
    def key(self) -> str:
        return f"{self.public_id}#meeting"


class WitnessRow(_Frozen):
    panel: int
    seq: int
    honorific: str
    first_name: str
    middle_name: str
    last_name: str
    position: str
    organization: str
    witness_type: str
    testified: bool | None
    documents: list[dict]


class WitnessListRecord(_Frozen):
    public_id: str
    event_id: int
    witnesses: list[WitnessRow]
    derived: dict  # hearing fields read from the witness documents' URLs, used only to create the hearing
    committees: list[CommitteeRef]

    @property
    def key(self) -> str:
        return f"{self.public_id}#witnesses"


def thomas_id_for(code: str) -> str:
    """House repository committee code -> full thomas id: RU00 -> HSRU, GO25 -> HSGO25."""
    if not _CODE.match(code):
        raise RecordError(f"committee id must look like RU00 or GO25, got {code!r}")
    return "HS" + code[:2] + ("" if code[2:] == "00" else code[2:])


def _text(el, path: str) -> str:
    found = el.find(path) if el is not None else None
    return " ".join("".join(found.itertext()).split()) if found is not None else ""


def _int_attr(root, name: str, *, required: bool) -> int | None:
    raw = (root.get(name) or "").strip()
    if not raw:
        if required:
            raise RecordError(f"<{root.tag}> has no {name}")
        return None
    if not raw.isdigit():
        raise RecordError(f"{name} must be a number, got {raw!r}")
    return int(raw)


def _event(root) -> tuple[int, str, str]:
    raw = (root.get("meeting-id") or "").strip()
    m = _MEETING_ID.match(raw)
    if not m:
        raise RecordError(f"meeting-id must look like HMTG102252 or 102266, got {raw!r}")
    return int(m.group(2)), raw if m.group(1) else "", m.group(1) or ""


def _bill_id(legis_num: str, congress: int | None) -> str:
    ref = parse_bill_ref(legis_num) if legis_num else None
    if ref is None:
        return ""
    if ref.congress is None:
        if congress is None:
            return ""
        ref = ref.with_congress(congress)
    return ref.id


def _meeting(root, path: Path) -> MeetingRecord:
    event_id, meeting_id, prefix = _event(root)
    congress = _int_attr(root, "congress-num", required=True)
    details = root.find("meeting-details")
    if details is None:
        raise RecordError("<committee-meeting> has no <meeting-details>")
    committees = []
    for el in details.findall("committees/committee-name"):
        code = (el.get("id") or "").strip()
        committees.append(
            CommitteeRef(code=code, thomas_id=thomas_id_for(code), name=" ".join(el.itertext()).strip())
        )
    if not committees:
        raise RecordError("no <committees/committee-name id=...>")
    title = _text(details, "meeting-title")
    meeting_date = iso_date(_text(details, "meeting-date/calendar-date"), "calendar-date")
    place = details.find("meeting-location")  # e.g. <capitol-complex><room>H-313</room><building>CAPITOL
    location = (
        ", ".join(" ".join(t.split()) for t in place.itertext() if t.strip()) if place is not None else ""
    )
    documents, bills = [], {}
    for seq, doc in enumerate(root.findall("meeting-documents/meeting-document"), 1):
        legis = _text(doc, "legis-num")
        bill_id = _bill_id(legis, congress)
        if legis and not bill_id:
            raise RecordError(f"meeting-document {seq}: legis-num {legis!r} is not a bill citation")
        urls = [f.get("doc-url") for f in doc.findall("files/file") if f.get("doc-url")]
        documents.append(
            MeetingDocument(
                seq=seq,
                doc_type=doc.get("type") or "",
                description=_text(doc, "description"),
                legis_num=legis,
                bill_id=bill_id,
                urls=urls,
            )
        )
        if bill_id:
            bills.setdefault(bill_id, BillRefRow(bill_id=bill_id, found_in="document"))
    for ref in find_bill_mentions(title, congress=congress):
        bills.setdefault(ref.id, BillRefRow(bill_id=ref.id, found_in="title"))
    who = committees[0].name or committees[0].thomas_id
    short = title if len(title) <= 200 else title[:197] + "..."
    cite = f"House {who}, meeting {meeting_id or event_id}" + (f": {short}" if short else "")
    cite += f" ({meeting_date.isoformat()})" if meeting_date else ""
    values = {
        "meeting_id": meeting_id,
        "meeting_type": (root.get("meeting-type") or prefix).strip(),
        "chamber": "house",
        "congress": congress,
        "session": _int_attr(root, "session-num", required=False),
        "title": title,
        "date": meeting_date,
        "start_time": iso_time(_text(details, "meeting-date/start-time"), "start-time"),
        "location": location,
        "status": _text(root, "current-status"),
        "updated_at": iso_datetime(root.get("update-date"), "update-date"),
        "details_from": "meeting",
        "citation_string": cite,
        "source_url": EVENT_URL.format(event_id),
        "published_at": meeting_date,
    }
    return MeetingRecord(
        public_id=hearing_public_id(event_id),
        event_id=event_id,
        values=values,
        committees=committees,
        documents=documents,
        bills=list(bills.values()),
    )


def _yes_no(value: str, where: str) -> bool | None:
    if not value:
        return None
    if value.lower() not in ("yes", "no"):
        raise RecordError(f"{where} must be Yes or No, got {value!r}")
    return value.lower() == "yes"


def _witness_list(root, path: Path) -> WitnessListRecord:
    event_id, _, _ = _event(root)
    witnesses, derived, committees = [], {}, []
    for p_index, panel in enumerate(root.findall("panel"), 1):
        order = (panel.get("sort-order") or "").strip()
        panel_no = int(order) if order.isdigit() else p_index
        for seq, w in enumerate(panel.findall("witness"), 1):
            where = f"panel {panel_no} witness {seq}"
            first, last = _text(w, "firstname"), _text(w, "lastname")
            if not first and not last:
                raise RecordError(f"{where} has no name")
            docs = []
            for d in w.findall("witness-documents/witness-document"):
                urls = [f.get("doc-url") for f in d.findall("files/file") if f.get("doc-url")]
                docs.append({"description": _text(d, "description"), "type": _text(d, "type"), "urls": urls})
                for url in urls:
                    if not derived and (m := _DOC_URL.search(url)) and int(m.group("event")) == event_id:
                        day = datetime.strptime(m.group("date"), "%Y%m%d").date()
                        derived = {"congress": int(m.group("congress")), "date": day, "code": m.group("code")}
            witnesses.append(
                WitnessRow(
                    panel=panel_no,
                    seq=seq,
                    honorific=_text(w, "honorific"),
                    first_name=first,
                    middle_name=_text(w, "middlename"),
                    last_name=last,
                    position=_text(w, "position"),
                    organization=_text(w, "organization"),
                    witness_type=_text(w, "witness-type") or (w.get("witness-type") or ""),
                    testified=_yes_no(
                        _text(w, "testified") or (w.get("testified") or ""), f"{where} testified"
                    ),
                    documents=docs,
                )
            )
    if not witnesses:
        raise RecordError("<witness-list> has no panel/witness")
    values: dict = {
        "details_from": "witness-list",
        "chamber": "house",
        "source_url": EVENT_URL.format(event_id),
    }
    if derived:
        code = derived.pop("code")
        committees = [CommitteeRef(code=code, thomas_id=thomas_id_for(code))]
        values.update(congress=derived["congress"], date=derived["date"], published_at=derived["date"])
        label = (
            f"House committee meeting {event_id} ({thomas_id_for(code)}), witness list ({derived['date']})"
        )
    else:
        label = f"House committee meeting {event_id}, witness list"
    values["citation_string"] = label
    return WitnessListRecord(
        public_id=hearing_public_id(event_id),
        event_id=event_id,
        witnesses=witnesses,
        derived=values,
        committees=committees,
    )


def parse_hearing_file(path: Path) -> Iterator[MeetingRecord | WitnessListRecord]:
    path = as_input(path)
    root = load_xml(path)
    record = (root.get("meeting-id") or "").strip() or None
    try:
        if root.tag == "committee-meeting":
            return iter([_meeting(root, path)])
        if root.tag == "witness-list":
            return iter([_witness_list(root, path)])
        raise RecordError(f"root element <{root.tag}> is neither <committee-meeting> nor <witness-list>")
    except (RecordError, ValueError) as exc:
        raise SourceFormatError(path, str(exc), record=record) from exc
