"""LD-1 / LD-2 JSON (influence-usa/lobbying_federal_domestic, parsed SOPR forms) -> LdaFilingRecord.

Two spellings of the same form occur in the sample and are both accepted: an LD-2's period is in
``report`` (keys prefixed ``report_``) or ``report_type`` (unprefixed); a lobbyist's former position is
``lobbyist_covered_position`` or ``lobbyist_covered_official_position``.
"""

import re
from collections.abc import Iterator
from datetime import date
from decimal import Decimal
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from apps.activity.ids import lda_public_id
from apps.activity.parsers.common import (
    RecordError,
    flag,
    iso_date,
    items,
    money,
    obj,
    read_json,
    text,
)
from apps.core.errors import SourceFormatError
from apps.core.ids import find_bill_mentions

_ISSUE_CODE = re.compile(r"^[A-Z]{3}$")
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)
FILING_URL = "https://lda.senate.gov/filings/public/filing/{}/print/"


def congress_for_year(year: int) -> int:
    """The Congress in session during most of ``year`` (the 110th: 2007-2008)."""
    return (year - 1789) // 2 + 1


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class LdaActivity(_Frozen):
    seq: int
    issue_code: str
    specific_issues: str = ""
    government_entities: str = ""
    foreign_entity_interest: str = ""


class LdaLobbyist(_Frozen):
    activity_seq: int
    seq: int
    first_name: str
    last_name: str
    suffix: str = ""
    covered_position: str = ""
    is_new: bool | None = None


class LdaBillMention(_Frozen):
    activity_seq: int
    bill_id: str
    issue_code: str = ""


class LdaDocketMention(_Frozen):
    activity_seq: int
    docket_number: str


class LdaFilingRecord(_Frozen):
    public_id: str
    document_id: str
    form: str
    filing_type: str
    senate_id: str
    house_id: str
    registrant_name: str
    registrant_description: str
    registrant_city: str
    registrant_state: str
    registrant_country: str
    client_name: str
    client_description: str
    client_state: str
    client_country: str
    client_self: bool
    year: int
    quarter: int | None
    congress: int
    is_amendment: bool
    is_termination: bool
    no_activity: bool
    effective_date: date | None
    termination_date: date | None
    signed_on: date | None
    signer: str
    income: Decimal | None
    income_under_5000: bool
    expenses: Decimal | None
    expenses_under_5000: bool
    expense_method: str
    issues_detail: str
    affiliated_organizations: list[dict]
    foreign_entities: list[dict]
    registration_update: dict
    activities: list[LdaActivity]
    lobbyists: list[LdaLobbyist]
    bill_mentions: list[LdaBillMention]
    docket_mentions: list[LdaDocketMention]
    citation_string: str
    source_url: str

    @property
    def key(self) -> str:
        return self.public_id


def _lobbyist(raw: dict, *, activity_seq: int, seq: int, where: str) -> LdaLobbyist:
    raw = obj(raw, where)
    position = raw.get("lobbyist_covered_position", raw.get("lobbyist_covered_official_position"))
    is_new = raw.get("lobbyist_is_new")
    first, last = text(raw.get("lobbyist_first_name"), where), text(raw.get("lobbyist_last_name"), where)
    if not first and not last:
        raise RecordError(f"{where} has no name")
    return LdaLobbyist(
        activity_seq=activity_seq,
        seq=seq,
        first_name=first,
        last_name=last,
        suffix=text(raw.get("lobbyist_suffix"), where),
        covered_position=text(position, where),
        is_new=flag(is_new, where) if is_new is not None else None,
    )


def _issue_code(value, where: str) -> str:
    code = text(value, where).upper()
    if not _ISSUE_CODE.match(code):
        raise RecordError(f"'{where}' is not a 3-letter LDA issue code: {value!r}")
    return code


def _entity(raw: dict, prefix: str, where: str) -> dict:
    raw = obj(raw, where)
    name = text(raw.get(f"{prefix}_name"), where)
    if not name:
        raise RecordError(f"{where} has no name")
    out = {"name": name}
    for field in ("city", "state", "country", "ownership_percentage"):
        if value := text(raw.get(f"{prefix}_{field}"), where):
            out[field] = value
    return out


# Filers often drop the dots: "HR 377 - Paycheck Fairness Act". find_bill_mentions wants "H.R. 377".
_UNDOTTED_HR = re.compile(r"\bHR\s?(\d{1,5})\b")


def _mentions(text_: str, *, congress: int, activity_seq: int, issue_code: str) -> list[LdaBillMention]:
    text_ = _UNDOTTED_HR.sub(r"H.R. \1", text_)
    return [
        LdaBillMention(activity_seq=activity_seq, bill_id=ref.id, issue_code=issue_code)
        for ref in find_bill_mentions(text_, congress=congress)
    ]


# "Docket No. FAA-2009-1144", "docket ID EPA-HQ-OAR-2003-0129": a regulations.gov docket id has at
# least two separators, so "Docket No. 12" is never taken for one.
_DOCKET_MENTION = re.compile(
    r"\bdocket\s*(?:no\.?|number|id|#)?\s*:?\s*([A-Z][A-Z0-9]*(?:[-_][A-Z0-9]+){2,})", re.IGNORECASE
)


def _dockets(text_: str, *, activity_seq: int) -> list[LdaDocketMention]:
    found = dict.fromkeys(m.group(1).upper() for m in _DOCKET_MENTION.finditer(text_))
    return [LdaDocketMention(activity_seq=activity_seq, docket_number=d) for d in found]


def _signature(data: dict) -> tuple[date | None, str]:
    sig = obj(data.get("signature"), "signature")
    signer = re.sub(r"^Digitally Signed By:\s*", "", text(sig.get("signature"), "signature.signature"))
    return iso_date(sig.get("signature_date"), "signature.signature_date"), signer


def _ld2_period(data: dict) -> dict:
    """Year, quarter and type from ``report`` (report_* keys) or ``report_type`` (plain keys)."""
    if "report" in data:
        raw = {k.removeprefix("report_"): v for k, v in obj(data["report"], "report").items()}
    elif "report_type" in data:
        raw = obj(data["report_type"], "report_type")
    else:
        raise RecordError("LD-2 has neither 'report' nor 'report_type'")
    year_text = text(raw.get("year"), "report year")
    if not year_text.isdigit() or not 1995 <= int(year_text) <= 2100:
        raise RecordError(f"report year must be a year since 1995 (the LDA), got {raw.get('year')!r}")
    quarters = [
        n
        for n, name in enumerate(("one", "two", "three", "four"), 1)
        if flag(raw.get(f"quarter_{name}"), name)
    ]
    if len(quarters) != 1:
        raise RecordError(f"exactly one report quarter must be ticked, got {len(quarters)}")
    quarter = quarters[0]
    amendment, termination = (
        flag(raw.get("is_amendment"), "is_amendment"),
        flag(raw.get("is_termination"), "t"),
    )
    code = {(False, False): f"Q{quarter}", (True, False): f"{quarter}A", (False, True): f"{quarter}T"}.get(
        (amendment, termination), f"{quarter}@"
    )
    return {
        "year": int(year_text),
        "quarter": quarter,
        "filing_type": code,
        "is_amendment": amendment,
        "is_termination": termination,
        "no_activity": flag(raw.get("no_activity"), "no_activity"),
        "termination_date": iso_date(raw.get("termination_date"), "termination_date"),
    }


def _parse_ld2(data: dict) -> dict:
    ids = obj(data.get("identifiers"), "identifiers")
    registrant = obj(data.get("registrant"), "registrant")
    client = obj(data.get("client"), "client")
    period = _ld2_period(data)
    congress = congress_for_year(period["year"])
    income, expenses = obj(data.get("income"), "income"), obj(data.get("expenses"), "expenses")
    method = next((m for m in "abc" if flag(expenses.get(f"expense_method_{m}"), "expense_method")), "")
    activities, lobbyists, mentions, dockets = [], [], [], []
    raw_activities = items(
        obj(data.get("lobbying_activities"), "lobbying_activities").get("lobbying_activities"), ""
    )
    for seq, raw in enumerate(raw_activities, 1):
        where = f"lobbying_activities[{seq - 1}]"
        raw = obj(raw, where)
        code = _issue_code(raw.get("general_issue_area"), f"{where}.general_issue_area")
        specific = text(raw.get("specific_issues"), f"{where}.specific_issues")
        activities.append(
            LdaActivity(
                seq=seq,
                issue_code=code,
                specific_issues=specific,
                government_entities=text(raw.get("houses_and_agencies"), where),
                foreign_entity_interest=text(raw.get("foreign_entity_interest"), where),
            )
        )
        for n, person in enumerate(items(raw.get("lobbyists"), f"{where}.lobbyists"), 1):
            lobbyists.append(_lobbyist(person, activity_seq=seq, seq=n, where=f"{where}.lobbyists[{n - 1}]"))
        mentions += _mentions(specific, congress=congress, activity_seq=seq, issue_code=code)
        dockets += _dockets(specific, activity_seq=seq)
    update = {k: v for k, v in obj(data.get("registration_update"), "registration_update").items() if v}
    return {
        "form": "LD-2",
        **period,
        "congress": congress,
        "senate_id": text(ids.get("client_registrant_senate_id"), "identifiers.client_registrant_senate_id"),
        "house_id": text(ids.get("client_registrant_house_id"), "identifiers.client_registrant_house_id"),
        "registrant_name": text(registrant.get("registrant_name"), "registrant.registrant_name"),
        "registrant_description": "",
        "registrant_city": text(registrant.get("registrant_city"), "registrant_city"),
        "registrant_state": text(registrant.get("registrant_state"), "registrant_state"),
        "registrant_country": text(registrant.get("registrant_country"), "registrant_country"),
        "client_name": text(client.get("client_name"), "client.client_name"),
        "client_description": "",
        "client_state": "",
        "client_country": "",
        "client_self": flag(client.get("client_self"), "client.client_self"),
        "effective_date": None,
        "income": money(income.get("income_amount"), "income.income_amount"),
        "income_under_5000": flag(income.get("income_less_than_five_thousand"), "income"),
        "expenses": money(expenses.get("expense_amount"), "expenses.expense_amount"),
        "expenses_under_5000": flag(expenses.get("expense_less_than_five_thousand"), "expenses"),
        "expense_method": method,
        "issues_detail": "",
        "affiliated_organizations": [],
        "foreign_entities": [],
        "registration_update": update,
        "activities": activities,
        "lobbyists": lobbyists,
        "bill_mentions": mentions,
        "docket_mentions": dockets,
    }


def _parse_ld1(data: dict) -> dict:
    ids = obj(data.get("identifiers"), "identifiers")
    registrant = obj(data.get("registrant"), "registrant")
    client = obj(data.get("client"), "client")
    effective = iso_date(obj(data.get("datetimes"), "datetimes").get("effective_date"), "effective_date")
    if effective is None:
        raise RecordError("LD-1 has no datetimes.effective_date")
    congress = congress_for_year(effective.year)
    amendment = flag(
        obj(data.get("registration_type"), "registration_type").get("is_amendment"), "is_amendment"
    )
    name = text(registrant.get("registrant_org_name"), "registrant.registrant_org_name")
    if not name:
        first = text(registrant.get("registrant_individual_firstname"), "registrant_individual_firstname")
        last = text(registrant.get("registrant_individual_lastname"), "registrant_individual_lastname")
        name = " ".join(p for p in (first, last) if p)
    issues = items(
        obj(data.get("lobbying_issues"), "lobbying_issues").get("lobbying_issues"), "lobbying_issues"
    )
    activities = [
        LdaActivity(seq=n, issue_code=_issue_code(obj(i, "issue").get("general_issue_area"), f"issue {n}"))
        for n, i in enumerate(issues, 1)
    ]
    detail = text(obj(data.get("lobbying_issues_detail"), "detail").get("lobbying_issues_detail"), "detail")
    lobbyists = [
        _lobbyist(p, activity_seq=0, seq=n, where=f"lobbyists[{n - 1}]")
        for n, p in enumerate(items(obj(data.get("lobbyists"), "lobbyists").get("lobbyists"), "lobbyists"), 1)
    ]
    affiliated = items(
        obj(data.get("affiliated_organizations"), "affiliated").get("affiliated_organizations"), ""
    )
    foreign = items(obj(data.get("foreign_entities"), "foreign_entities").get("foreign_entities"), "")
    return {
        "form": "LD-1",
        "filing_type": "RA" if amendment else "RR",
        "year": effective.year,
        "quarter": None,
        "congress": congress,
        "is_amendment": amendment,
        "is_termination": False,
        "no_activity": False,
        "termination_date": None,
        "senate_id": text(ids.get("registrant_senate_id"), "identifiers.registrant_senate_id"),
        "house_id": text(ids.get("registrant_house_id"), "identifiers.registrant_house_id"),
        "registrant_name": name,
        "registrant_description": text(registrant.get("registrant_general_description"), "registrant"),
        "registrant_city": text(registrant.get("registrant_city"), "registrant_city"),
        "registrant_state": text(registrant.get("registrant_state"), "registrant_state"),
        "registrant_country": text(registrant.get("registrant_country"), "registrant_country"),
        "client_name": text(client.get("client_name"), "client.client_name"),
        "client_description": text(client.get("client_general_description"), "client"),
        "client_state": text(client.get("client_state"), "client_state"),
        "client_country": text(client.get("client_country"), "client_country"),
        "client_self": flag(client.get("client_self"), "client.client_self"),
        "effective_date": effective,
        "income": None,
        "income_under_5000": False,
        "expenses": None,
        "expenses_under_5000": False,
        "expense_method": "",
        "issues_detail": detail,
        "affiliated_organizations": [
            _entity(a, "affiliated_organization", f"affiliated_organizations[{n}]")
            for n, a in enumerate(affiliated)
        ],
        "foreign_entities": [
            _entity(f, "foreign_entity", f"foreign_entities[{n}]") for n, f in enumerate(foreign)
        ],
        "registration_update": {},
        "activities": activities,
        "lobbyists": lobbyists,
        "bill_mentions": _mentions(detail, congress=congress, activity_seq=0, issue_code=""),
        "docket_mentions": _dockets(detail, activity_seq=0),
    }


def _citation(fields: dict) -> str:
    who = f"{fields['registrant_name']} for {fields['client_name']}"
    if fields["form"] == "LD-1":
        kind = "LD-1 registration amendment" if fields["is_amendment"] else "LD-1 registration"
        when = f"effective {fields['effective_date'].isoformat()}"
    else:
        kind = "LD-2 report"
        notes = [
            n
            for n, on in (("amendment", fields["is_amendment"]), ("termination", fields["is_termination"]))
            if on
        ]
        when = f"{fields['year']} Q{fields['quarter']}" + (f" ({', '.join(notes)})" if notes else "")
    return f"{kind}, {who}, {when} (Senate ID {fields['senate_id']})"


def parse_lda_filing(path: Path) -> Iterator[LdaFilingRecord]:
    """One JSON file = one LD-1 or LD-2 filing."""
    data = read_json(path)
    if not isinstance(data, dict):
        raise SourceFormatError(path, "expected one filing object at the top level")
    document_id = data.get("document_id")
    record = str(document_id or "")
    try:
        document_id = text(document_id, "document_id")
        if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}", document_id):
            raise RecordError(f"document_id must be a SOPR document id, got {data.get('document_id')!r}")
        if "lobbying_activities" in data:
            fields = _parse_ld2(data)
        elif "lobbying_issues" in data or "registration_type" in data:
            fields = _parse_ld1(data)
        else:
            raise RecordError("neither an LD-1 (lobbying_issues) nor an LD-2 (lobbying_activities)")
        for required in ("senate_id", "registrant_name", "client_name"):
            if not fields[required]:
                raise RecordError(f"missing {required.replace('_', ' ')}")
        signed_on, signer = _signature(data)
        public_id = lda_public_id(fields["form"].replace("-", ""), document_id)
        record = public_id
        return iter(
            [
                LdaFilingRecord(
                    public_id=public_id,
                    document_id=document_id,
                    signed_on=signed_on,
                    signer=signer,
                    citation_string=_citation(fields),
                    source_url=FILING_URL.format(document_id.lower()) if _UUID.match(document_id) else "",
                    **fields,
                )
            ]
        )
    except (RecordError, ValueError) as exc:
        raise SourceFormatError(path, str(exc), record=record or None) from exc
