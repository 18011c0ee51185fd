"""A Senate LDA REST API page (``GET https://lda.senate.gov/api/v1/filings/``: ``{count, next, previous,
results}``) -> one LdaFilingRecord per filing, the same record the SOPR form JSON gives.

The API names a filing by ``filing_uuid`` (the SOPR ``document_id``), so a filing read from either layout
gets the same public id. Its ``filing_type`` is the Senate's own code (``RR``/``RA`` registrations; ``Q1``,
``1A``, ``1T``, ``1@`` = termination amendment, a trailing ``Y`` = no activity; ``MM``/``YY`` the pre-2008
half-year reports) and is kept as given; the form, amendment, termination and no-activity flags are read off
it by that rule. The SOPR form's signature date is the API's posting time (``dt_posted``, its date) and the
signer its ``posted_by_name``.
"""

import re
from collections.abc import Iterator
from datetime import date

from apps.activity.ids import lda_public_id
from apps.activity.parsers.common import (
    RecordError,
    flag,
    iso_date,
    iso_datetime,
    items,
    money,
    obj,
    text,
)
from apps.activity.parsers.lda.fields import (
    bill_mentions_in,
    citation,
    docket_mentions_in,
    read_issue_code,
)
from apps.activity.parsers.lda.records import LdaActivity, LdaFilingRecord, LdaLobbyist
from apps.core.ids import congress_for_year
from apps.core.plans import BadRecord

_FILING_TYPE = re.compile(r"^(?:R[RA]|Q[1-4]Y?|[1-4MY][AT@]Y?|MMY?|YYY?)$")
_QUARTERS = {"first_quarter": 1, "second_quarter": 2, "third_quarter": 3, "fourth_quarter": 4}
_PERIODS = {*_QUARTERS, "mid_year", "year_end"}  # the last two: half-year reports before 2008
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$", re.IGNORECASE)


def is_api_page(data) -> bool:
    return isinstance(data, dict) and isinstance(data.get("results"), list) and "count" in data


def _filing_type(value) -> tuple[str, dict]:
    code = text(value, "filing_type").upper()
    if not _FILING_TYPE.match(code):
        raise RecordError(f"'filing_type' is not an LDA filing type code: {value!r}", field="filing_type")
    if code.startswith("R"):
        return code, {
            "form": "LD-1",
            "is_amendment": code == "RA",
            "is_termination": False,
            "no_activity": False,
        }
    kind = code[1]  # Q1 -> 1 (report), 1A -> A, 1T -> T, 1@ -> @, MM / YY -> M / Y (half-year report)
    return code, {
        "form": "LD-2",
        "is_amendment": kind in "A@",
        "is_termination": kind in "T@",
        "no_activity": len(code) == 3 and code.endswith("Y"),  # Q1Y, 1AY, MMY, YYY; never YY itself
    }


def _year(value) -> int:
    year = value if isinstance(value, int) and not isinstance(value, bool) else None
    if year is None or not 1995 <= year <= 2100:
        raise RecordError(
            f"'filing_year' must be a year since 1995 (the LDA), got {value!r}", field="filing_year"
        )
    return year


def _lobbyist(raw, *, activity_seq: int, seq: int, where: str) -> LdaLobbyist:
    raw = obj(raw, where)
    person = obj(raw.get("lobbyist"), f"{where}.lobbyist")
    first, last = text(person.get("first_name"), where), text(person.get("last_name"), where)
    if not first and not last:
        raise RecordError(f"{where} has no name", field=where)
    return LdaLobbyist(
        activity_seq=activity_seq,
        seq=seq,
        first_name=first,
        last_name=last,
        suffix=text(person.get("suffix_display") or person.get("suffix"), where),
        covered_position=text(raw.get("covered_position"), f"{where}.covered_position"),
        is_new=flag(raw.get("new"), f"{where}.new") if raw.get("new") is not None else None,
    )


def _entity(raw, where: str) -> dict:
    raw = obj(raw, where)
    name = text(raw.get("name"), where)
    if not name:
        raise RecordError(f"{where} has no name", field=where)
    out = {"name": name}
    for field in ("city", "state", "country", "ownership_percentage"):
        if value := text(raw.get(field), f"{where}.{field}"):
            out[field] = value
    return out


def _party(raw: dict, prefix: str, names: tuple[str, ...]) -> dict:
    """The API's registrant / client fields as the record's ``registrant_*`` / ``client_*`` ones."""
    return {
        f"{prefix}_{name.removeprefix('general_')}": text(raw.get(name), f"{prefix}.{name}") for name in names
    }


def _activities(filing: dict, congress: int) -> dict:
    activities, lobbyists, mentions, dockets = [], [], [], []
    for seq, raw in enumerate(items(filing.get("lobbying_activities"), "lobbying_activities"), 1):
        where = f"lobbying_activities[{seq - 1}]"
        raw = obj(raw, where)
        code = read_issue_code(raw.get("general_issue_code"), f"{where}.general_issue_code")
        specific = text(raw.get("description"), f"{where}.description")
        entities = [
            text(obj(e, f"{where}.government_entities").get("name"), f"{where}.government_entities")
            for e in items(raw.get("government_entities"), f"{where}.government_entities")
        ]
        activities.append(
            LdaActivity(
                seq=seq,
                issue_code=code,
                specific_issues=specific,
                government_entities="; ".join(e for e in entities if e),
                foreign_entity_interest=text(
                    raw.get("foreign_entity_issues"), f"{where}.foreign_entity_issues"
                ),
            )
        )
        lobbyists += [
            _lobbyist(p, activity_seq=seq, seq=n, where=f"{where}.lobbyists[{n - 1}]")
            for n, p in enumerate(items(raw.get("lobbyists"), f"{where}.lobbyists"), 1)
        ]
        mentions += bill_mentions_in(specific, congress=congress, activity_seq=seq, issue_code=code)
        dockets += docket_mentions_in(specific, activity_seq=seq)
    return {
        "activities": activities,
        "lobbyists": lobbyists,
        "bill_mentions": mentions,
        "docket_mentions": dockets,
    }


def api_filing(filing: dict) -> LdaFilingRecord:
    """One ``results`` entry -> the record; a RecordError names the field that is wrong."""
    uuid = text(filing.get("filing_uuid"), "filing_uuid")
    if not _UUID.match(uuid):
        raise RecordError(
            f"'filing_uuid' must be a UUID, got {filing.get('filing_uuid')!r}", field="filing_uuid"
        )
    code, kind = _filing_type(filing.get("filing_type"))
    year = _year(filing.get("filing_year"))
    period = text(filing.get("filing_period"), "filing_period")
    if period not in _PERIODS:
        raise RecordError(f"'filing_period' is not an LDA period: {period!r}", field="filing_period")
    registrant, client = obj(filing.get("registrant"), "registrant"), obj(filing.get("client"), "client")
    registrant_id, client_id = (
        text(registrant.get("id"), "registrant.id"),
        text(client.get("client_id"), "client.client_id"),
    )
    posted = iso_datetime(filing.get("dt_posted"), "dt_posted")
    congress = congress_for_year(year)
    effective = (
        iso_date(client.get("effective_date"), "client.effective_date") if kind["form"] == "LD-1" else None
    )
    method = text(filing.get("expenses_method"), "expenses_method").lower()
    fields = {
        **kind,
        "filing_type": code,
        "year": year,
        "quarter": _QUARTERS.get(period) if kind["form"] == "LD-2" else None,
        "congress": congress,
        # The Senate ID is registrant id and client id joined by a hyphen, as the SOPR forms print it. The
        # House ID of the forms (the House registrant id followed by the client's House number) has no
        # client half in the API, so it is left empty rather than half-filled.
        "senate_id": f"{registrant_id}-{client_id}" if registrant_id and client_id else "",
        "house_id": "",
        **_party(registrant, "registrant", ("name", "description", "city", "state", "country")),
        **_party(client, "client", ("name", "general_description", "state", "country")),
        "client_self": flag(client.get("client_self_select"), "client.client_self_select"),
        "effective_date": effective,
        "termination_date": iso_date(filing.get("termination_date"), "termination_date"),
        "income": money(filing.get("income"), "income"),
        "income_under_5000": False,
        "expenses": money(filing.get("expenses"), "expenses"),
        "expenses_under_5000": False,
        "expense_method": method if method in ("a", "b", "c") else "",
        "issues_detail": "",
        "affiliated_organizations": [
            _entity(a, f"affiliated_organizations[{n}]")
            for n, a in enumerate(items(filing.get("affiliated_organizations"), "affiliated_organizations"))
        ],
        "foreign_entities": [
            _entity(f, f"foreign_entities[{n}]")
            for n, f in enumerate(items(filing.get("foreign_entities"), "foreign_entities"))
        ],
        "registration_update": {},
        **_activities(filing, congress),
    }
    for required in ("senate_id", "registrant_name", "client_name"):
        if not fields[required]:
            raise RecordError(f"missing {required.replace('_', ' ')}", field=required)
    signed_on: date | None = posted.date() if posted else None
    return LdaFilingRecord(
        public_id=lda_public_id(fields["form"].replace("-", ""), uuid),
        document_id=uuid,
        signed_on=signed_on,
        signer=text(filing.get("posted_by_name"), "posted_by_name"),
        citation_string=citation(fields),
        source_url=text(filing.get("filing_document_url"), "filing_document_url")
        or f"https://lda.senate.gov/filings/public/filing/{uuid.lower()}/print/",
        **fields,
    )


def parse_api_page(data: dict) -> Iterator[LdaFilingRecord | BadRecord]:
    """Every filing of the page; one that cannot be read is a BadRecord named by its uuid (or its place on
    the page) and field, and the others still load."""
    for n, filing in enumerate(data["results"]):
        key = (
            str(filing.get("filing_uuid") or f"results[{n}]") if isinstance(filing, dict) else f"results[{n}]"
        )
        try:
            if not isinstance(filing, dict):
                raise RecordError(f"results[{n}] must be an object, got {type(filing).__name__}")
            yield api_filing(filing)
        except (RecordError, ValueError) as exc:
            yield BadRecord(key=key, field=getattr(exc, "field", ""), message=str(exc))
