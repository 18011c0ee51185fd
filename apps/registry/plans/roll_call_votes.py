"""roll-call-votes: House and Senate roll calls with every member's position, from the unitedstates/congress
vote scraper's JSON (``votes/{congress}/{year}/{h|s}{n}.json``, as mirrored by Hear-Ye/congress-data).

A vote's id is ``{chamber}:{congress}:{year}:{number}`` (roll numbers restart each session), e.g.
``senate:119:2025:162``; the upstream ``s162-119.2025`` is kept and accepted as an alias. House files name
members by bioguide id, Senate files by LIS id (mapped through the legislators crosswalk). A member in
neither becomes a stub carrying the vote's name, party and state — a position is never dropped. The raw
option (Yea, Aye, a Speaker candidate's name) is kept next to a normalised yes/no/present/not_voting/other.
"""

from collections import Counter
from datetime import datetime
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from apps.core.errors import SourceFormatError
from apps.core.ids import BILL_TYPES, parse_bill_ref
from apps.core.plans import LoadContext, Outcome, SourcePlan, register
from apps.core.upsert import combine, sync_children, upsert
from apps.registry.ids import CHAMBER_CODES, vote_id
from apps.registry.models import Legislator, RollCallVote, VotePosition
from apps.registry.services import legislator_resolve_or_stub

from ._common import LICENSE, ordinal, read_json, run_stamp, validation_message

NORMALIZED = {
    "yea": "yes", "aye": "yes", "yes": "yes", "guilty": "yes",
    "nay": "no", "no": "no", "not guilty": "no",
    "present": "present",
    "not voting": "not_voting",
}  # fmt: skip
VICE_PRESIDENT = "VP"


class MemberVote(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str = Field(pattern=r"^[A-Z]\d{3}(\d{3})?$")
    display_name: str = ""
    party: str = ""
    state: str = ""
    first_name: str = ""
    last_name: str = ""


class BillIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    type: str
    number: int
    congress: int
    title: str = ""


class VoteRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    vote_id: str
    chamber: str = Field(pattern="^[hs]$")
    congress: int = Field(ge=1)
    session: str = Field(pattern=r"^\d{4}$")
    number: int = Field(ge=1)
    date: datetime
    category: str = ""
    type: str = ""
    question: str = ""
    subject: str = ""
    requires: str = ""
    result: str = ""
    result_text: str = ""
    source_url: str = ""
    bill: BillIn | None = None
    amendment: dict = {}
    nomination: dict = {}
    votes: dict[str, list[MemberVote]]
    vice_president: str = ""

    @property
    def chamber_name(self) -> str:
        return CHAMBER_CODES[self.chamber]

    @property
    def key(self) -> str:
        return vote_id(
            chamber=self.chamber_name, congress=self.congress, year=int(self.session), number=self.number
        )


def parse(path: Path):
    data = read_json(path)
    key = str(data.get("vote_id") or path.name)
    votes = data.get("votes")
    if not isinstance(votes, dict):
        raise SourceFormatError(path, "'votes' must be an object of option -> members", record=key)
    # The Vice President's tie-breaker is the string "VP" in a Senate option list, not a member.
    vp = [
        option for option, members in votes.items() if isinstance(members, list) and VICE_PRESIDENT in members
    ]
    members = {
        o: [m for m in ms if m != VICE_PRESIDENT] if isinstance(ms, list) else ms for o, ms in votes.items()
    }
    try:
        record = VoteRecord(**{**data, "votes": members, "vice_president": vp[0] if vp else ""})
    except ValidationError as exc:
        raise SourceFormatError(path, validation_message(exc), record=key) from None
    ids = [m.id for ms in record.votes.values() for m in ms]
    if dupes := sorted({i for i in ids if ids.count(i) > 1}):
        raise SourceFormatError(
            path, f"member listed under two options: {', '.join(dupes)}", record=record.key
        )
    yield record


def normalize_position(option: str) -> str:
    return NORMALIZED.get(option.strip().lower(), "other")


def _bill_id(bill: BillIn | None) -> str:
    if bill is None:
        return ""
    if bill.type in BILL_TYPES:
        return f"{bill.type}:{bill.congress}:{bill.number}"
    ref = parse_bill_ref(f"{bill.type}{bill.number}-{bill.congress}")
    return ref.id if ref else ""


def _crosswalk(ctx: LoadContext) -> dict[str, int]:
    """bioguide and LIS id -> legislator pk, for the whole run (stubs are added as they are made)."""

    def build():
        out: dict[str, int] = {}
        for pk, bioguide, lis in Legislator.objects.values_list("pk", "bioguide_id", "lis_id"):
            if bioguide:
                out[bioguide] = pk
            if lis:
                out[lis] = pk
        return out

    return ctx.cached("crosswalk", build)


def _member_pk(ctx: LoadContext, rec: VoteRecord, m: MemberVote) -> int:
    known = _crosswalk(ctx)
    if m.id not in known:
        house = rec.chamber == "h"
        stub = legislator_resolve_or_stub(
            bioguide=m.id if house else None,
            lis=None if house else m.id,
            first_name=m.first_name,
            last_name=m.last_name or m.display_name.split(" (")[0],
            party=m.party,
            state=m.state,
            chamber=rec.chamber_name,
            mentioned_at=rec.source_url.replace("http://", "https://", 1),
        )
        known[m.id] = stub.pk
        ctx.warn(
            rec.source_url or rec.key,
            rec.key,
            f"member {m.id} ({m.display_name}) not in the legislators crosswalk: kept as a stub",
        )
    return known[m.id]


def _citation(rec: VoteRecord) -> str:
    chamber = "House" if rec.chamber == "h" else "Senate"
    return (
        f"U.S. {chamber} Roll Call Vote {rec.number}, {ordinal(rec.congress)} Congress, {rec.session} session "
        f"({rec.date.date().isoformat()}): {rec.question}"
    )[:500]


def load(rec: VoteRecord, ctx: LoadContext) -> Outcome:
    totals = Counter({option: len(members) for option, members in rec.votes.items()})
    values = {
        "upstream_id": rec.vote_id,
        "chamber": rec.chamber_name,
        "congress": rec.congress,
        "session_year": int(rec.session),
        "number": rec.number,
        "voted_at": rec.date,
        "category": rec.category,
        "vote_type": rec.type,
        "question": rec.question,
        "subject": rec.subject,
        "requires": rec.requires,
        "result": rec.result,
        "result_text": rec.result_text,
        "bill_id": _bill_id(rec.bill),
        "amendment": rec.amendment,
        "nomination": rec.nomination,
        "totals": dict(totals),
        "vice_president_position": rec.vice_president,
        "citation_string": _citation(rec),
        "source_url": rec.source_url.replace("http://", "https://", 1),
        "published_at": rec.date.date(),
    }
    vote, outcome = upsert(
        RollCallVote, lookup={"vote_id": rec.key}, values=values, stamp={"retrieved_at": run_stamp(ctx)}
    )
    rows = [
        {
            "legislator_id": _member_pk(ctx, rec, m),
            "position": option,
            "normalized": normalize_position(option),
            "member_ref": m.id,
            "display_name": m.display_name,
            "party": m.party,
            "state": m.state,
        }
        for option, members in rec.votes.items()
        for m in members
    ]
    changed = sync_children(
        VotePosition, parent_field="vote", parent_id=vote.pk, rows=rows, key=("legislator_id",)
    )
    return combine(outcome, changed)


PLAN = register(
    SourcePlan(
        slug="roll-call-votes",
        title="House and Senate roll-call votes",
        publisher="unitedstates/congress vote scraper via Hear-Ye/congress-data (CC0); House Clerk and Senate LIS",
        description=(
            "Roll-call votes with every member's position (raw option and normalised yes/no/present/not_voting/"
            "other), totals, and the bill voted on. GET /v1/votes/{id}, /v1/legislators/{id}/votes."
        ),
        model="registry.RollCallVote",
        resource="votes",
        parse=parse,
        load=load,
        sample_paths=("votes",),
        file_glob="*.json",
        depends_on=("legislators",),
        citation_template="U.S. {chamber} Roll Call Vote {number}, {congress} Congress, {year} session ({date}): {question}",
        license=LICENSE,
        id_example="senate:119:2025:162",
    )
)
