"""Field-level readers shared by the LD-1 and LD-2 forms: lobbyists, issue codes, entities, cross-links."""

import re
from datetime import date

from apps.activity.parsers.common import (
    RecordError,
    flag,
    iso_date,
    obj,
    text,
)
from apps.activity.parsers.lda.records import (
    LdaBillMention,
    LdaDocketMention,
    LdaLobbyist,
)
from apps.core.ids import find_bill_mentions

_ISSUE_CODE = re.compile(r"^[A-Z]{3}$")


def read_lobbyist(raw: dict, *, activity_seq: int, seq: int, where: str) -> LdaLobbyist:
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


def read_issue_code(value, where: str) -> str:
    code = text(value, where).upper()
    if not _ISSUE_CODE.match(code):
        raise RecordError(f"'{where}' is not a 3-letter LDA issue code: {value!r}")
    return code


def read_entity(raw: dict, prefix: str, where: str) -> dict:
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


def bill_mentions_in(
    text_: str, *, congress: int, activity_seq: int, issue_code: str
) -> list[LdaBillMention]:
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


def docket_mentions_in(text_: str, *, activity_seq: int) -> list[LdaDocketMention]:
    found = dict.fromkeys(m.group(1).upper() for m in _DOCKET_MENTION.finditer(text_))
    return [LdaDocketMention(activity_seq=activity_seq, docket_number=d) for d in found]


def optional_date(value, where: str, dropped: list[RecordError]) -> date | None:
    """A date the filing stands without. Unreadable (upstream has e.g. '03/031/2008') -> None, with the
    problem added to ``dropped`` for the run's warnings.

    Why not refuse the filing: a data user looking up a registrant, client or lobbyist wants the filing,
    whose parties, lobbyists and issues are intact; one mistyped date should not hide them. Why not repair
    the date: a guessed day would put a wrong fact on the record, so it is left empty and the run names it.
    """
    try:
        return iso_date(value, where)
    except RecordError as exc:
        dropped.append(exc)
        return None


def read_signature(data: dict, dropped: list[RecordError]) -> tuple[date | None, str]:
    sig = obj(data.get("signature"), "signature")
    signer = re.sub(r"^Digitally Signed By:\s*", "", text(sig.get("signature"), "signature.signature"))
    return optional_date(sig.get("signature_date"), "signature.signature_date", dropped), signer


def citation(fields: dict) -> str:
    """'LD-2 report, <registrant> for <client>, <year> Q<n> (amendment) (Senate ID <id>)' or the LD-1 form's
    'LD-1 registration, ..., effective <date>'; a half-year report (before 2008) has no quarter."""
    who = f"{fields['registrant_name']} for {fields['client_name']}"
    if fields["form"] == "LD-1":
        kind = "LD-1 registration amendment" if fields["is_amendment"] else "LD-1 registration"
        effective = fields["effective_date"]
        when = f"effective {effective.isoformat()}" if effective else f"{fields['year']}"
    else:
        kind = "LD-2 report"
        notes = [
            n
            for n, on in (("amendment", fields["is_amendment"]), ("termination", fields["is_termination"]))
            if on
        ]
        quarter = f" Q{fields['quarter']}" if fields["quarter"] else ""
        when = f"{fields['year']}{quarter}" + (f" ({', '.join(notes)})" if notes else "")
    return f"{kind}, {who}, {when} (Senate ID {fields['senate_id']})"
