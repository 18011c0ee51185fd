"""legislators-social-media: members' official social-media accounts (twitter, facebook, youtube, instagram,
mastodon and their numeric ids) from unitedstates/congress-legislators ``legislators-social-media.yaml``.

Upstream keeps only accounts run as part of the member's official role, not campaign accounts. Shown on
``GET /v1/legislators/{id}`` as ``social``. A member not in the legislators table becomes a stub.
"""

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from apps.core.errors import SourceFormatError
from apps.core.plans import LoadContext, Outcome, SourcePlan, register
from apps.core.upsert import upsert
from apps.registry.models import Legislator, LegislatorSocial
from apps.registry.services import legislator_resolve_or_stub

from ._common import LICENSE, PUBLISHER, UPSTREAM, read_yaml, run_stamp, validation_message


class SocialRecord(BaseModel):
    model_config = ConfigDict(extra="ignore")

    bioguide: str = Field(pattern=r"^[A-Z]\d{6}$")
    accounts: dict[str, str]
    file_name: str

    @property
    def key(self) -> str:
        return self.bioguide


def parse(path: Path):
    records = []
    for index, entry in enumerate(read_yaml(path, expect=list)):
        entry = entry if isinstance(entry, dict) else {}
        key = str((entry.get("id") or {}).get("bioguide") or f"#{index}")
        try:
            social = entry.get("social")
            if not isinstance(social, dict):
                raise SourceFormatError(path, "'social' must be a mapping of platform -> account", record=key)
            records.append(
                SocialRecord(
                    bioguide=key,
                    accounts={k: str(v) for k, v in social.items() if v not in (None, "")},
                    file_name=path.name,
                )
            )
        except ValidationError as exc:
            raise SourceFormatError(path, validation_message(exc), record=key) from None
    yield from records


def load(rec: SocialRecord, ctx: LoadContext) -> Outcome:
    known = ctx.cached(
        "bioguide_pks",
        lambda: dict(Legislator.objects.filter(bioguide_id__isnull=False).values_list("bioguide_id", "pk")),
    )
    if rec.bioguide not in known:
        known[rec.bioguide] = legislator_resolve_or_stub(bioguide=rec.bioguide).pk
        ctx.warn(rec.file_name, rec.key, f"{rec.bioguide} not in the legislators table: kept as a stub")
    _, outcome = upsert(
        LegislatorSocial,
        lookup={"legislator_id": known[rec.bioguide]},
        values={
            "accounts": rec.accounts,
            "citation_string": f"Official social-media accounts of {rec.bioguide}, unitedstates/congress-legislators",
            "source_url": UPSTREAM.format(rec.file_name),
            "published_at": None,
        },
        stamp={"retrieved_at": run_stamp(ctx)},
    )
    return outcome


PLAN = register(
    SourcePlan(
        slug="legislators-social-media",
        title="Members' official social-media accounts",
        publisher=PUBLISHER,
        description="Official twitter, facebook, youtube, instagram and mastodon accounts of current members.",
        model="registry.LegislatorSocial",
        resource="legislators",
        parse=parse,
        load=load,
        sample_paths=("congress-legislators/legislators-social-media.yaml",),
        file_glob="legislators-social-media*.yaml",
        depends_on=("legislators",),
        citation_template="Official social-media accounts of {bioguide}, unitedstates/congress-legislators",
        license=LICENSE,
        id_example="S000033",
    )
)
