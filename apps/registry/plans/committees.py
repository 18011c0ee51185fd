"""committees: House, Senate and joint committees and their subcommittees from unitedstates/congress-legislators
``committees-current.yaml`` and ``committees-historical.yaml``.

Each committee is keyed by its full thomas id (``HSWM``; a subcommittee adds its two digits: ``HSWM01``)
and links to its parent. The current file owns a current committee's names and contacts; the historical
file adds the Congresses it sat in, and is the only source for committees that no longer exist
(``is_current`` false). Ingesting ``committees-current.yaml`` marks committees it no longer lists as not
current; a current-format file under another name only adds and updates.
"""

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from apps.citations.links import http_url_or
from apps.core.errors import SourceFormatError
from apps.core.plans import LoadContext, Outcome, SourcePlan, record_or_bad, register
from apps.core.upsert import upsert
from apps.registry.models import Committee
from apps.registry.names import committee_search_name

from ._common import LICENSE, PUBLISHER, UPSTREAM, read_yaml, run_stamp, validation_field, validation_message

CURRENT_FILE = "committees-current.yaml"
CHAMBER_TITLES = {
    "house": "U.S. House of Representatives",
    "senate": "U.S. Senate",
    "joint": "Joint Committee of Congress",
}


class CommitteeRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    historical: bool
    file_name: str
    thomas_id: str = Field(pattern=r"^[HSJ][A-Z]{3}(\d{2})?$")
    name: str = Field(min_length=1)
    chamber: str = Field(pattern="^(house|senate|joint)$")
    parent_thomas_id: str | None = None
    parent_name: str = ""
    house_committee_id: str = ""
    senate_committee_id: str = ""
    url: str = ""
    minority_url: str = ""
    jurisdiction: str = ""
    address: str = ""
    phone: str = ""
    congresses: list[int] = []

    @property
    def key(self) -> str:
        return f"{'historical' if self.historical else 'current'}:{self.thomas_id}"


def _record(path: Path, entry: dict, *, parent: dict | None) -> CommitteeRecord:
    if not isinstance(entry, dict):
        raise SourceFormatError(path, "each committee must be a mapping")
    top = parent or entry
    thomas = str(entry.get("thomas_id") or "")
    full_id = f"{top.get('thomas_id', '')}{thomas}" if parent else thomas
    try:
        return CommitteeRecord(
            historical="congresses" in entry or "congresses" in top,
            file_name=path.name,
            thomas_id=full_id,
            name=entry.get("name") or "",
            chamber=top.get("type") or "",
            parent_thomas_id=top.get("thomas_id") if parent else None,
            parent_name=top.get("name", "") if parent else "",
            **{
                k: str(entry[k])
                for k in (
                    "house_committee_id",
                    "senate_committee_id",
                    "url",
                    "minority_url",
                    "jurisdiction",
                    "address",
                    "phone",
                )
                if entry.get(k)
            },
            congresses=entry.get("congresses") or [],
        )
    except ValidationError as exc:
        raise SourceFormatError(
            path, validation_message(exc), record=full_id or None, field=validation_field(exc)
        ) from None


def parse(path: Path):
    """Each full committee, then its subcommittees (so a subcommittee's parent is written first)."""
    # One bad committee is quarantined (its subcommittees then fail to find their parent and are quarantined
    # too); the file's other committees load.
    records = []
    for n, entry in enumerate(read_yaml(path, expect=list)):
        key = str(entry.get("thomas_id") or f"#{n}") if isinstance(entry, dict) else f"#{n}"
        records.append(record_or_bad(key, _record, path, entry, parent=None))
        for sub in (entry.get("subcommittees") if isinstance(entry, dict) else None) or []:
            sub_key = f"{key}{sub.get('thomas_id', '')}" if isinstance(sub, dict) else key
            records.append(record_or_bad(sub_key, _record, path, sub, parent=entry))
    yield from records


def _citation(rec: CommitteeRecord) -> str:
    where = CHAMBER_TITLES[rec.chamber]
    if rec.parent_thomas_id:
        return f"{rec.parent_name}, Subcommittee on {rec.name} ({rec.thomas_id}), {where}"
    return f"{rec.name} ({rec.thomas_id}), {where}"


def _full_values(rec: CommitteeRecord, parent_pk: int | None, *, is_current: bool) -> dict:
    return {
        "name": rec.name,
        "search_name": committee_search_name(
            name=rec.name, thomas_id=rec.thomas_id, chamber=rec.chamber, parent_name=rec.parent_name
        ),
        "chamber": rec.chamber,
        "parent_id": parent_pk,
        "house_committee_id": rec.house_committee_id,
        "senate_committee_id": rec.senate_committee_id,
        "url": rec.url,
        "minority_url": rec.minority_url,
        "jurisdiction": rec.jurisdiction,
        "address": rec.address,
        "phone": rec.phone,
        "is_current": is_current,
        "citation_string": _citation(rec),
        # the committee's own site when the file gives a usable one (a hostile javascript: URL is not)
        "source_url": http_url_or(rec.url, UPSTREAM.format(rec.file_name)),
        "published_at": None,
    }


def _parent_pk(rec: CommitteeRecord) -> int | None:
    if not rec.parent_thomas_id:
        return None
    pk = Committee.objects.filter(thomas_id=rec.parent_thomas_id).values_list("pk", flat=True).first()
    if pk is None:
        raise SourceFormatError(
            rec.file_name, f"parent committee {rec.parent_thomas_id} not found", record=rec.thomas_id
        )
    return pk


def load(rec: CommitteeRecord, ctx: LoadContext) -> Outcome:
    stamp = {"retrieved_at": run_stamp(ctx)}
    lookup = {"thomas_id": rec.thomas_id}
    if not rec.historical:
        if rec.file_name == CURRENT_FILE:  # only the complete upstream file can retire committees
            ctx.cached("current_seen", set).add(rec.thomas_id)
        _, outcome = upsert(
            Committee, lookup=lookup, values=_full_values(rec, _parent_pk(rec), is_current=True), stamp=stamp
        )
        return outcome
    existing_current = Committee.objects.filter(**lookup, is_current=True).exists()
    if existing_current:  # the current file owns its names; the historical file adds the Congresses
        values = {"congresses": rec.congresses}
    else:
        values = {**_full_values(rec, _parent_pk(rec), is_current=False), "congresses": rec.congresses}
    _, outcome = upsert(Committee, lookup=lookup, values=values, stamp=stamp)
    return outcome


def finish_run(ctx: LoadContext) -> None:
    """Committees that ``committees-current.yaml`` no longer lists are not current any more (a partial file
    under another name adds committees but retires none)."""
    seen = ctx.cache.get("current_seen")
    if seen:
        Committee.objects.filter(is_current=True).exclude(thomas_id__in=seen).update(is_current=False)


PLAN = register(
    SourcePlan(
        slug="committees",
        title="Congressional committees and subcommittees",
        publisher=PUBLISHER,
        description=(
            "House, Senate and joint committees and subcommittees (thomas ids HSWM, HSWM01), current and "
            "historical, with parent links and the Congresses each sat in. Name lookup via GET /v1/committees?q=."
        ),
        model="registry.Committee",
        resource="committees",
        parse=parse,
        load=load,
        finish_run=finish_run,
        sample_paths=(
            "congress-legislators/committees-current.yaml",
            "congress-legislators/committees-historical.yaml",
        ),
        file_glob="committees-*.yaml",
        citation_template="{name} ({thomas_id}), {chamber}",
        license=LICENSE,
        id_example="HSWM",
    )
)
