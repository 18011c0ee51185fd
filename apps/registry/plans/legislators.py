"""legislators: current Members of Congress from unitedstates/congress-legislators
``legislators-current.yaml`` — names, every term (party, state, district, chamber), and the whole
identifier crosswalk (bioguide, thomas, lis, govtrack, icpsr, every fec id, opensecrets, ...).

A member first seen as a stub (a vote or bill mentioned them) is upgraded in place when this file names
their bioguide (or LIS) id, so the rows that point at the stub keep pointing at the real member.
"""

from datetime import date
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from apps.core.plans import BadRecord, LoadContext, Outcome, SourcePlan, register
from apps.core.upsert import UNKNOWN, combine, sync_children, upsert
from apps.registry.models import Legislator, LegislatorIdentifier, Term
from apps.registry.names import legislator_search_name
from apps.registry.services import BIOGUIDE_URL, legislator_merge_stub

from ._common import LICENSE, PUBLISHER, read_yaml, run_stamp, validation_field, validation_message

CHAMBER_OF_TERM = {"rep": "house", "sen": "senate"}


class TermIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    type: str = Field(pattern="^(rep|sen)$")
    start: date
    end: date | None = None
    state: str = Field(pattern="^[A-Z]{2}$")
    district: int | None = Field(default=None, ge=0)
    senate_class: int | None = Field(default=None, alias="class")
    state_rank: str = ""
    party: str = ""
    caucus: str = ""
    url: str = ""
    phone: str = ""
    office: str = ""
    contact_form: str = ""


class NameIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    first: str
    middle: str = ""
    last: str
    suffix: str = ""
    nickname: str = ""
    official_full: str = ""


class LegislatorRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    ids: dict[str, list[str]]
    name: NameIn
    birthday: date | None = None
    gender: str = ""
    terms: list[TermIn] = Field(min_length=1)

    @field_validator("ids")
    @classmethod
    def _needs_bioguide(cls, ids):
        if not ids.get("bioguide"):
            raise ValueError("id.bioguide is required")
        return ids

    @property
    def key(self) -> str:
        return self.bioguide

    @property
    def bioguide(self) -> str:
        return self.ids["bioguide"][0]

    @property
    def lis(self) -> str | None:
        return (self.ids.get("lis") or [None])[0]


def _ids(raw: dict) -> dict[str, list[str]]:
    """Every id scheme as a list of strings (fec is a list upstream; govtrack, icpsr, ... are ints)."""
    out: dict[str, list[str]] = {}
    for scheme, value in (raw or {}).items():
        values = value if isinstance(value, list) else [value]
        out[scheme] = [str(v) for v in values if v not in (None, "")]
    return out


def parse(path: Path):
    people = read_yaml(path, expect=list)
    for index, person in enumerate(people):
        ids = (person.get("id") if isinstance(person, dict) else None) or {}
        key = str(ids.get("bioguide") or f"#{index}") if isinstance(ids, dict) else f"#{index}"
        if not isinstance(person, dict):  # one bad entry is quarantined; the rest of the file loads
            yield BadRecord(key, "", "each entry must be a mapping")
            continue
        try:
            yield LegislatorRecord(
                ids=_ids(person.get("id")),
                name=person.get("name") or {},
                birthday=(person.get("bio") or {}).get("birthday"),
                gender=(person.get("bio") or {}).get("gender", ""),
                terms=person.get("terms") or [],
            )
        except ValidationError as exc:
            yield BadRecord(key, validation_field(exc), validation_message(exc))


def _values(rec: LegislatorRecord) -> dict:
    last_term = rec.terms[-1]
    chamber = CHAMBER_OF_TERM[last_term.type]
    name = rec.name
    official = name.official_full or " ".join(p for p in (name.first, name.last) if p)
    return {
        "lis_id": rec.lis,
        "first_name": name.first,
        "middle_name": name.middle,
        "last_name": name.last,
        "suffix": name.suffix,
        "nickname": name.nickname,
        "official_full": official,
        "search_name": legislator_search_name(
            official_full=official,
            first=name.first,
            middle=name.middle,
            last=name.last,
            nickname=name.nickname,
            suffix=name.suffix,
            state=last_term.state,
            chamber=chamber,
            party=last_term.party,
        ),
        "birthday": rec.birthday,
        "gender": rec.gender,
        "party": last_term.party,
        "caucus": last_term.caucus or last_term.party,
        "state": last_term.state,
        "district": last_term.district if chamber == "house" else None,
        "chamber": chamber,
        # "current" = the source's own roster: every member legislators-current.yaml lists (an appointed
        # senator whose term end is a past special-election date is still listed, so still current).
        "is_current": True,
        "is_stub": False,
        "citation_string": f"{official} ({rec.bioguide}), Biographical Directory of the United States Congress",
        "source_url": BIOGUIDE_URL.format(rec.bioguide),
        # the directory dates an entry by the member's service: the first term's start (docs/CITATIONS.md)
        "published_at": min(t.start for t in rec.terms),
    }


def _lis_stubs() -> dict[str, int]:
    """LIS id -> pk of every stub known only by its LIS id (a Senate vote named them): one query per run. Of
    two stubs with one LIS id, the one ``.first()`` would pick (the model's ordering, then pk)."""
    rows = Legislator.objects.filter(bioguide_id__isnull=True, is_stub=True, lis_id__isnull=False)
    stubs: dict[str, int] = {}
    for lis, pk in rows.order_by("last_name", "first_name", "pk").values_list("lis_id", "pk"):
        stubs.setdefault(lis, pk)
    return stubs


def _members(ctx: LoadContext) -> dict[str, Legislator]:
    """bioguide id -> row of every member with one, read once per run: the 537 lookups ``upsert`` would make
    are one query (the runner clears ``ctx``'s caches after a failed record, so a rolled-back row is reread)."""
    return ctx.cached(
        "legislators",
        lambda: {m.bioguide_id: m for m in Legislator.objects.exclude(bioguide_id=None).order_by()},
    )


def _children(ctx: LoadContext, model) -> dict[int, list]:
    """Legislator pk -> its rows of ``model`` (terms, identifiers), read once per run for ``sync_children``."""

    def read() -> dict[int, list]:
        by_member: dict[int, list] = {}
        for row in model.objects.order_by():
            by_member.setdefault(row.legislator_id, []).append(row)
        return by_member

    return ctx.cached(f"children:{model.__name__}", read)


def _adopt_stub(rec: LegislatorRecord, ctx: LoadContext, *, bulk: bool) -> bool:
    """A stub known only by LIS id (a Senate vote) becomes this bioguide's row, upgraded in place; when the
    bioguide already has a row (e.g. a bill stub), the LIS-only stub is merged into it instead. Return
    whether a row changed (the run's read of members no longer holds it as it is)."""
    if not rec.lis:
        return False
    if bulk:
        stub_pk = ctx.cached("lis_stubs", _lis_stubs).pop(rec.lis, None)
    else:
        stub = Legislator.objects.filter(lis_id=rec.lis, bioguide_id__isnull=True, is_stub=True).first()
        stub_pk = stub.pk if stub else None
    if stub_pk is None:
        return False
    lis_stub = Legislator.objects.get(pk=stub_pk)
    target = Legislator.objects.filter(bioguide_id=rec.bioguide).first()
    if target is None:
        Legislator.objects.filter(pk=lis_stub.pk).update(bioguide_id=rec.bioguide)
    else:
        legislator_merge_stub(stub=lis_stub, into=target)
    return True


# From a run's BULK_AFTER-th record on, it reads every member, LIS-only stub, term and id at once: a roster (537
# members) makes one query per table instead of five per member, while a file of a few members (a fix, a test)
# reads only its own rows. Rows written before that read are in it; rows written after are their record's own.
BULK_AFTER = 20


def load(rec: LegislatorRecord, ctx: LoadContext) -> Outcome:
    bulk = len(ctx.loaded_keys) >= BULK_AFTER
    adopted = _adopt_stub(rec, ctx, bulk=bulk)
    members = _members(ctx) if bulk else {}
    obj, outcome = upsert(
        Legislator,
        lookup={"bioguide_id": rec.bioguide},
        values=_values(rec),
        stamp={"retrieved_at": run_stamp(ctx)},
        existing=members.get(rec.bioguide) if bulk and not adopted else UNKNOWN,
    )
    members[rec.bioguide] = obj
    new = outcome is Outcome.INSERT  # a row inserted now has no terms or ids to read

    # The run's read of terms and ids holds this member's rows only the first time the run meets them after it:
    # a stub adopted now may have brought rows it did not list under them, and a second record of the same
    # member must see what the first wrote.
    first_time = obj.pk not in (seen := ctx.cached("members-synced", set))
    seen.add(obj.pk)
    read_once = bulk and first_time and not (adopted or new)

    def children(model) -> list | None:
        return _children(ctx, model).get(obj.pk, []) if read_once else None

    terms = [
        {
            "term_type": t.type,
            "start": t.start,
            "end": t.end,
            "state": t.state,
            "district": t.district,
            "senate_class": t.senate_class,
            "state_rank": t.state_rank,
            "party": t.party,
            "caucus": t.caucus,
            "url": t.url,
            "phone": t.phone,
            "office": t.office,
            "contact_form": t.contact_form,
        }
        for t in rec.terms
    ]
    identifiers = [{"scheme": s, "value": v} for s, values in rec.ids.items() for v in values]
    changed = sync_children(
        Term,
        parent_field="legislator",
        parent_id=obj.pk,
        rows=terms,
        key=("term_type", "start"),
        parent_is_new=new,
        children=children(Term),
    )
    changed |= sync_children(
        LegislatorIdentifier,
        parent_field="legislator",
        parent_id=obj.pk,
        rows=identifiers,
        key=("scheme", "value"),
        parent_is_new=new,
        children=children(LegislatorIdentifier),
    )
    return combine(outcome, changed)


def finish_run(ctx: LoadContext) -> None:
    """Members the file no longer lists are no longer current (the roster is the file's, not the date's).
    A run that loaded no record (unchanged file, or every record bad) changes nothing."""
    roster = ctx.loaded_keys
    if roster:
        Legislator.objects.filter(is_current=True, is_stub=False).exclude(bioguide_id__in=roster).update(
            is_current=False
        )


PLAN = register(
    SourcePlan(
        slug="legislators",
        title="Members of Congress (current)",
        publisher=PUBLISHER,
        description=(
            "Current senators and representatives: names, terms, party, state, district, and the id "
            "crosswalk (bioguide, thomas, lis, govtrack, icpsr, fec, opensecrets, ...). Name lookup via "
            "GET /v1/legislators?q=."
        ),
        model="registry.Legislator",
        resource="legislators",
        parse=parse,
        load=load,
        finish_run=finish_run,
        sample_paths=("congress-legislators/legislators-current.yaml",),
        file_glob="legislators-current*.yaml",
        citation_template="{official_full} ({bioguide}), Biographical Directory of the United States Congress",
        license=LICENSE,
        id_example="S000033",
    )
)
