"""committee-memberships: who sits on each committee and subcommittee, from unitedstates/congress-legislators
``committee-membership-current.yaml`` (party side, rank within it, and titles such as Chair / Ranking Member).

Which Congress a "current" file describes: the file does not say, so the plan takes the Congress in force
at the latest term start in the legislators table (a new member sworn in mid-Congress does not move it),
or ``DEFAULT_CONGRESS`` (119) when no legislators are loaded yet. A file named
``committee-membership-<congress>.yaml`` (e.g. ``-118``) states its Congress explicitly instead.

Each committee's roster is one record: re-ingesting replaces that committee's roster for that Congress,
so a member who left the committee is removed. Members not in the legislators table become stubs.
"""

import re
from pathlib import Path

from django.db.models import Max
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from apps.core.errors import SourceFormatError
from apps.core.ids import congress_for_date
from apps.core.plans import LoadContext, Outcome, SourcePlan, register
from apps.registry.models import Committee, CommitteeMembership, Legislator, Term
from apps.registry.services import legislator_resolve_or_stub

from ._common import (
    LICENSE,
    PUBLISHER,
    UPSTREAM,
    ordinal,
    read_yaml,
    run_stamp,
    validation_message,
)

DEFAULT_CONGRESS = 119
_CONGRESS_IN_NAME = re.compile(r"committee-membership-(\d{2,3})\.yaml$")


class MemberIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    name: str = ""
    party: str = Field(pattern="^(majority|minority)$")
    rank: int | None = Field(default=None, ge=0)
    title: str = ""
    bioguide: str = Field(pattern=r"^[A-Z]\d{6}$")
    chamber: str = ""


class RosterRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    thomas_id: str = Field(pattern=r"^[HSJ][A-Z]{3}(\d{2})?$")
    congress: int | None  # None: the current Congress (see the module docstring)
    file_name: str
    members: list[MemberIn]

    @property
    def key(self) -> str:
        return f"{self.thomas_id}:{self.congress or 'current'}"


def parse(path: Path):
    data = read_yaml(path, expect=dict)
    m = _CONGRESS_IN_NAME.search(path.name)
    congress = int(m.group(1)) if m else None
    records = []
    for thomas_id, members in data.items():
        try:
            if not isinstance(members, list):
                raise SourceFormatError(path, "a committee's roster must be a list", record=str(thomas_id))
            records.append(
                RosterRecord(
                    thomas_id=str(thomas_id), congress=congress, file_name=path.name, members=members
                )
            )
        except ValidationError as exc:
            raise SourceFormatError(path, validation_message(exc), record=str(thomas_id)) from None
        seen = [member.bioguide for member in records[-1].members]
        if len(seen) != len(set(seen)):
            raise SourceFormatError(path, "a member is listed twice", record=str(thomas_id))
    yield from records


def current_congress() -> int:
    latest = Term.objects.aggregate(latest=Max("start"))["latest"]
    return congress_for_date(latest) if latest else DEFAULT_CONGRESS


def _committees(ctx: LoadContext) -> dict[str, tuple[int, str]]:
    return ctx.cached(
        "committees",
        lambda: {c.thomas_id: (c.pk, c.name) for c in Committee.objects.only("thomas_id", "name")},
    )


def _member_pk(ctx: LoadContext, rec: "RosterRecord", member: MemberIn, chamber: str) -> int:
    known = ctx.cached(
        "bioguide_pks",
        lambda: dict(Legislator.objects.filter(bioguide_id__isnull=False).values_list("bioguide_id", "pk")),
    )
    if member.bioguide not in known:
        stub = legislator_resolve_or_stub(
            bioguide=member.bioguide, full_name=member.name, chamber=member.chamber or chamber
        )
        known[member.bioguide] = stub.pk
        if stub.is_stub:
            ctx.warn(
                rec.file_name,
                rec.key,
                f"member {member.bioguide} ({member.name}) not in the legislators table: kept as a stub",
            )
    return known[member.bioguide]


def _sync_roster(committee_pk: int, congress: int, rows: dict[int, dict], stamp: dict) -> bool:
    """Make (committee, congress)'s memberships equal ``rows`` keyed by legislator pk; True if anything changed."""
    existing = {
        m.legislator_id: m
        for m in CommitteeMembership.objects.filter(committee_id=committee_pk, congress=congress)
    }
    stale = [m.pk for pk, m in existing.items() if pk not in rows]
    new, changed = [], []
    for pk, row in rows.items():
        obj = existing.get(pk)
        if obj is None:
            new.append(
                CommitteeMembership(
                    committee_id=committee_pk, legislator_id=pk, congress=congress, **row, **stamp
                )
            )
        elif any(getattr(obj, k) != v for k, v in row.items()):
            for k, v in {**row, **stamp}.items():
                setattr(obj, k, v)
            changed.append(obj)
    if stale:
        CommitteeMembership.objects.filter(pk__in=stale).delete()
    if new:
        CommitteeMembership.objects.bulk_create(new, batch_size=500)
    if changed:
        CommitteeMembership.objects.bulk_update(
            changed, [*rows[changed[0].legislator_id], *stamp], batch_size=500
        )
    return bool(stale or new or changed)


def load(rec: RosterRecord, ctx: LoadContext) -> Outcome:
    committee = _committees(ctx).get(rec.thomas_id)
    if committee is None:
        raise SourceFormatError(
            rec.file_name, f"no committee {rec.thomas_id}: ingest 'committees' first", record=rec.key
        )
    committee_pk, committee_name = committee
    congress = rec.congress or ctx.cached("congress", current_congress)
    chamber = {"H": "house", "S": "senate"}.get(rec.thomas_id[0], "")
    citation = f"Membership of the {committee_name} ({rec.thomas_id}), {ordinal(congress)} Congress"
    rows = {
        _member_pk(ctx, rec, m, chamber): {
            "party_side": m.party,
            "rank": m.rank,
            "title": m.title,
            "member_name": m.name,
            "citation_string": citation,
            "source_url": UPSTREAM.format(rec.file_name),
            "published_at": None,
        }
        for m in rec.members
    }
    existed = CommitteeMembership.objects.filter(committee_id=committee_pk, congress=congress).exists()
    changed = _sync_roster(committee_pk, congress, rows, {"retrieved_at": run_stamp(ctx)})
    if not changed:
        return Outcome.NOOP
    return Outcome.UPDATE if existed else Outcome.INSERT


PLAN = register(
    SourcePlan(
        slug="committee-memberships",
        title="Committee rosters",
        publisher=PUBLISHER,
        description=(
            "Who sits on each committee and subcommittee in a Congress: party side (majority/minority), rank, "
            "and titles such as Chair and Ranking Member. GET /v1/committees/{id}/members."
        ),
        model="registry.CommitteeMembership",
        resource="committees",
        parse=parse,
        load=load,
        sample_paths=("congress-legislators/committee-membership-current.yaml",),
        file_glob="committee-membership-*.yaml",
        depends_on=("legislators", "committees"),
        citation_template="Membership of the {committee} ({thomas_id}), {congress} Congress",
        license=LICENSE,
        id_example="HSWM",
    )
)
