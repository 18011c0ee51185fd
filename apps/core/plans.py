"""A source is a registered plan.

Each source module (``apps/<app>/plans/<slug>.py``) builds one ``SourcePlan`` and calls ``register``.
Everything that lists or runs sources iterates this registry: ``/v1/sources``, ``manage.py ingest``,
the demo bootstrap, search eligibility and the MCP tool enums. No router or tool list names a source.

A plan's ``parse(path)`` yields validated records (pydantic models with a ``key``). A file that cannot be
read at all raises ``SourceFormatError`` naming the file (and record, where known). One bad record inside a
readable file is yielded as a ``BadRecord`` in its place, so the rest of the file still loads; a value kept
but worth a look is yielded as a ``RecordWarning`` beside its record. ``load(record, ctx)`` upserts one record
and returns an ``Outcome``. The runner (apps.core.services.ingest) owns transactions, counting, quarantine and
run records.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from apps.core.discovery import discover, refuse_second
from apps.core.errors import SourceFormatError
from apps.core.inputs import Input


class Outcome(StrEnum):
    INSERT = "insert"
    UPDATE = "update"
    NOOP = "noop"


@dataclass(frozen=True)
class BadRecord:
    """What a parser yields in place of a record it cannot build: the runner quarantines it, never loads it.

    ``key`` names the record as well as the file allows (its id, or its position when the id is the bad
    part); ``field`` is the offending field's path ("" when the record as a whole is wrong)."""

    key: str
    field: str
    message: str

    @classmethod
    def from_error(cls, exc: SourceFormatError, key: str = "") -> "BadRecord":
        return cls(key=exc.record or key, field=exc.field, message=exc.message)


def record_or_bad(key: str, build, *args, **kwargs):
    """``build(*args, **kwargs)``, or a ``BadRecord`` when it refuses one record (``SourceFormatError``): how a
    parser of a multi-record file (a Register issue, a Code title) lets the file's other records load."""
    try:
        return build(*args, **kwargs)
    except SourceFormatError as exc:
        return BadRecord.from_error(exc, key)


@dataclass(frozen=True)
class RecordWarning:
    """What a parser yields beside a record it kept with a value dropped or guessed; the run lists it."""

    key: str
    field: str
    message: str


@dataclass
class LoadContext:
    """State shared by one ingest run: caches that plans fill (e.g. id crosswalks) and the run's options."""

    plan: "SourcePlan"
    dry_run: bool = False
    cache: dict[str, Any] = field(default_factory=dict)
    warnings: list[dict[str, str]] = field(default_factory=list)
    # keys of the records loaded so far in this run (kept when a failed record clears ``cache``): what a
    # plan's finish_run reads to tell which records the source still lists
    loaded_keys: set[str] = field(default_factory=set)
    limits: dict[str, Any] = field(default_factory=dict)  # the file caps of this run (ingest.limits_for)

    def cached(self, name: str, build: Callable[[], Any]) -> Any:
        """A per-run cache entry, built on first use. The runner clears the cache after a failed record or
        file (its savepoint rolled back rows the cache may point at), so always go through this."""
        if name not in self.cache:
            self.cache[name] = build()
        return self.cache[name]

    def warn(self, path: str, record: str, message: str) -> None:
        self.warnings.append({"file": path, "record": record, "message": message})


@dataclass(frozen=True)
class SearchSpec:
    """How a body-bearing or short-body source is searched: its FTS table and per-column weights."""

    fts_table: str
    content_table: str
    public_id_column: str  # content-table column holding the public id (e.g. bill_id = 'hr:119:103')
    columns: tuple[str, ...]  # FTS column names == content-table column names
    weights: tuple[float, ...]
    title_column: str = "title"
    date_column: str = "published_at"  # used by since/until filters
    congress_column: str | None = None
    bill_column: str | None = None  # a canonical bill id column for bill_id filters
    chunk_table: str | None = None  # <source>_chunks, when the source has a body
    # (facet, content-table column): the facet filters this source answers (apps/search/facets.py)
    facets: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class SourcePlan:
    slug: str
    title: str
    publisher: str
    description: str
    model: str  # "app_label.ModelName" of the top-level record
    resource: str  # REST collection: /v1/<resource>/{id}
    parse: Callable[[Input], Iterable[Any]]  # a file, or a zip member read in place (apps/core/inputs.py)
    load: Callable[[Any, LoadContext], Outcome]
    sample_paths: tuple[str, ...] = ()  # relative to the corpus dir; what the demo ingests
    # The plan's own file names (one glob or several, case-insensitive): what a folder or zip is searched for
    # (apps.core.inputs); anything else in it is skipped and counted.
    file_glob: str | tuple[str, ...] = "*"
    depends_on: tuple[str, ...] = ()  # slugs ingested first (e.g. legislators before votes)
    citation_template: str = ""  # documented form of the citation string
    license: str = "Public domain (17 U.S.C. 105)"
    id_example: str = ""
    search: SearchSpec | None = None
    has_sample: bool = True
    sample_note: str = ""  # says why a source has no sample, when it has none
    begin_run: Callable[[LoadContext], None] | None = None  # warm caches before the first record
    finish_run: Callable[[LoadContext], None] | None = None  # link records after the last one

    @property
    def globs(self) -> tuple[str, ...]:
        return (self.file_glob,) if isinstance(self.file_glob, str) else self.file_glob

    def model_class(self):
        from django.apps import apps

        return apps.get_model(self.model)

    @property
    def searched(self) -> "SearchSpec":
        """The search spec of a plan its caller knows to be searchable (a source a search ranked, a record a
        dossier links): a plan without one is a programming error, not a request's."""
        if self.search is None:
            raise LookupError(f"source {self.slug!r} declares no search spec")
        return self.search


_REGISTRY: dict[str, SourcePlan] = {}


def register(plan: SourcePlan) -> SourcePlan:
    refuse_second(_REGISTRY, plan.slug, plan, "source plan")
    _REGISTRY[plan.slug] = plan
    return plan


def get_plan(slug: str) -> SourcePlan | None:
    return _REGISTRY.get(slug)


def registered_plan(slug: str) -> SourcePlan:
    """The plan ``slug`` where the caller holds a slug from the registry itself (KeyError otherwise)."""
    return _REGISTRY[slug]


def all_plans() -> list[SourcePlan]:
    """Every plan, dependencies first (a stable topological order)."""
    ordered: list[SourcePlan] = []
    seen: set[str] = set()

    def visit(plan: SourcePlan) -> None:
        if plan.slug in seen:
            return
        seen.add(plan.slug)
        for dep in plan.depends_on:
            if dep in _REGISTRY:
                visit(_REGISTRY[dep])
        ordered.append(plan)

    for plan in _REGISTRY.values():
        visit(plan)
    return ordered


def plan_for_model(model) -> SourcePlan | None:
    label = f"{model._meta.app_label}.{model._meta.object_name}"
    return next((p for p in _REGISTRY.values() if p.model.lower() == label.lower()), None)


def autodiscover() -> None:
    discover("plans")
