"""The two forms: LD-2 (quarterly report) and LD-1 (registration) -> the fields of one LdaFilingRecord."""

from datetime import date

from apps.activity.parsers.common import (
    RecordError,
    flag,
    items,
    money,
    obj,
    text,
)
from apps.activity.parsers.lda.fields import (
    bill_mentions_in,
    docket_mentions_in,
    optional_date,
    read_entity,
    read_issue_code,
    read_lobbyist,
)
from apps.activity.parsers.lda.records import LdaActivity
from apps.core.ids import congress_for_year


def ld2_period(data: dict, dropped: list[RecordError]) -> dict:
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
        raise RecordError(
            f"exactly one report quarter must be ticked, got {len(quarters)}", field="report_type"
        )
    quarter = quarters[0]
    amendment, termination = (
        flag(raw.get("is_amendment"), "is_amendment"),
        flag(raw.get("is_termination"), "is_termination"),
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
        "termination_date": optional_date(raw.get("termination_date"), "termination_date", dropped),
    }


def ld2_fields(data: dict, dropped: list[RecordError]) -> dict:
    ids = obj(data.get("identifiers"), "identifiers")
    registrant = obj(data.get("registrant"), "registrant")
    client = obj(data.get("client"), "client")
    period = ld2_period(data, dropped)
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
        code = read_issue_code(raw.get("general_issue_area"), f"{where}.general_issue_area")
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
            lobbyists.append(
                read_lobbyist(person, activity_seq=seq, seq=n, where=f"{where}.lobbyists[{n - 1}]")
            )
        mentions += bill_mentions_in(specific, congress=congress, activity_seq=seq, issue_code=code)
        dockets += docket_mentions_in(specific, activity_seq=seq)
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


EFFECTIVE = "datetimes.effective_date"


def ld1_effective(data: dict, signed_on: date | None, dropped: list[RecordError]) -> tuple[date | None, int]:
    """The registration's effective date and year. An unreadable date is dropped like any optional one (see
    ``optional_date`` for why) and the year taken from the signature date instead: a registration is signed
    soon after it takes effect, so that year is right but for filings straddling New Year, and the warning
    says which date was used. With neither date the filing cannot be placed in time and is set aside."""
    raw = obj(data.get("datetimes"), "datetimes").get("effective_date")
    if not text(raw, EFFECTIVE):
        raise RecordError(f"LD-1 has no {EFFECTIVE}", field=EFFECTIVE)
    effective = optional_date(raw, EFFECTIVE, problems := [])
    if effective is not None:
        return effective, effective.year
    if signed_on is None:
        raise RecordError(f"{problems[0]} and there is no signature date to date it by", field=EFFECTIVE)
    dropped.append(
        RecordError(
            f"{problems[0]}; kept empty, the year ({signed_on.year}) is the signature date's", field=EFFECTIVE
        )
    )
    return None, signed_on.year


def ld1_fields(data: dict, *, signed_on: date | None, dropped: list[RecordError]) -> dict:
    ids = obj(data.get("identifiers"), "identifiers")
    registrant = obj(data.get("registrant"), "registrant")
    client = obj(data.get("client"), "client")
    effective, year = ld1_effective(data, signed_on, dropped)
    congress = congress_for_year(year)
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
        LdaActivity(
            seq=n, issue_code=read_issue_code(obj(i, "issue").get("general_issue_area"), f"issue {n}")
        )
        for n, i in enumerate(issues, 1)
    ]
    detail = text(obj(data.get("lobbying_issues_detail"), "detail").get("lobbying_issues_detail"), "detail")
    lobbyists = [
        read_lobbyist(p, activity_seq=0, seq=n, where=f"lobbyists[{n - 1}]")
        for n, p in enumerate(items(obj(data.get("lobbyists"), "lobbyists").get("lobbyists"), "lobbyists"), 1)
    ]
    affiliated = items(
        obj(data.get("affiliated_organizations"), "affiliated").get("affiliated_organizations"), ""
    )
    foreign = items(obj(data.get("foreign_entities"), "foreign_entities").get("foreign_entities"), "")
    return {
        "form": "LD-1",
        "filing_type": "RA" if amendment else "RR",
        "year": year,
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
            read_entity(a, "affiliated_organization", f"affiliated_organizations[{n}]")
            for n, a in enumerate(affiliated)
        ],
        "foreign_entities": [
            read_entity(f, "foreign_entity", f"foreign_entities[{n}]") for n, f in enumerate(foreign)
        ],
        "registration_update": {},
        "activities": activities,
        "lobbyists": lobbyists,
        "bill_mentions": bill_mentions_in(detail, congress=congress, activity_seq=0, issue_code=""),
        "docket_mentions": docket_mentions_in(detail, activity_seq=0),
    }
