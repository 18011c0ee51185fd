"""``manage.py update [SOURCE ...]``: fetch → every plan that reads the files → embed → index, per source.

Each stage reuses what makes it resumable on its own, so a run stopped anywhere resumes without redoing
finished work, and a second run is a no-op:
* fetch: ``SyncState`` (the cursor; each file's upstream version; downloads kept as pending until ingested);
* ingest: the sync hands every file to every plan of its fetcher (BILLSTATUS to bills, topics, CBO estimates
  and committee reports), and re-ingesting a file at the same version is never asked;
* embed: content hashes per chunk (apps.search.embedding): unchanged chunks keep their vectors;
* index: the embed bumps each chunk table's index token (serving processes reload); this stage reads the
  vector coverage back and calls a source with documents still lacking vectors partial.

The outcome of each (source, stage) is ``ok``, ``partial``, ``failed`` or ``skipped``; ``exit_status``
maps the run to the command's exit code."""

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

from apps.core.errors import JoshError
from apps.core.plans import all_plans, get_plan
from apps.search.embedding import embeddable_plans
from apps.search.embedding_run import embed_sources
from apps.search.vector_coverage import vector_coverage
from apps.sync.fetchers import Fetcher, all_fetchers
from apps.sync.services import SyncHooks, sync_source

EXIT_OK, EXIT_FAILED, EXIT_PARTIAL = 0, 1, 3
STAGES = ("fetch", "ingest", "embed", "index")


@dataclass
class StageOutcome:
    status: str  # ok | partial | failed | skipped
    detail: str = ""
    counts: dict = field(default_factory=dict)
    seconds: float | None = None  # wall time of the stage (throughput = counts / seconds)


@dataclass
class SourceUpdate:
    source: str
    stages: dict[str, StageOutcome] = field(default_factory=dict)

    @property
    def status(self) -> str:
        statuses = {s.status for s in self.stages.values()}
        return "failed" if "failed" in statuses else "partial" if "partial" in statuses else "ok"


@dataclass
class UpdateHooks:
    """Progress for the command's bars: ``stage(source, stage)`` as each begins, ``total(n)`` when a stage
    knows its size, ``advance(n)`` as work is done, plus the sync's own per-file hooks."""

    stage: Callable[[str, str], None] = lambda source, stage: None
    total: Callable[[int | None], None] = lambda n: None
    advance: Callable[[int], None] = lambda n: None
    completed: Callable[[int], None] = lambda n: None


def update_source(
    fetcher: Fetcher, *, unreachable: dict[str, str], hooks: UpdateHooks, since: date | None = None
) -> SourceUpdate:
    """One source through every stage; ``since`` as for ``sync`` (default: its cursor, or the fetcher's own
    first window on a first run)."""
    out = SourceUpdate(fetcher.slug)
    hooks.stage(fetcher.slug, "fetch")
    sync_hooks = SyncHooks(
        fetched=lambda _name: hooks.advance(1),
        ingest_start=lambda slug, n: (hooks.stage(fetcher.slug, f"ingest {slug}"), hooks.total(n)),
        ingest_file=lambda _slug: hooks.advance(1),
    )
    started = time.perf_counter()
    try:
        result = sync_source(fetcher, since=since, unreachable=unreachable, hooks=sync_hooks)
    except JoshError as exc:  # unreachable, or an answer the fetcher could not read: recorded in SyncState
        out.stages["fetch"] = StageOutcome("failed", exc.message, seconds=_since(started))
        out.stages["ingest"] = StageOutcome("skipped")
        result = None
    if result is not None and result.skipped:
        out.stages = {stage: StageOutcome("skipped") for stage in STAGES}
        out.stages["fetch"].detail = result.skipped
        return out
    if result is not None:
        ingest_s = sum(r.duration_ms for r in result.ingests) / 1000
        out.stages["fetch"] = StageOutcome(
            "partial" if result.refused else "ok",
            result.refusal_note() if result.refused else "",
            {"fetched": len(result.fetched), "unchanged": result.unchanged},
            seconds=round(max(_since(started) - ingest_s, 0.0), 1),
        )
        out.stages["ingest"] = _ingest_outcome(result.ingests)
        out.stages["ingest"].seconds = round(ingest_s, 1)
    # Even when the fetch failed (offline): what earlier runs ingested but did not embed is embedded now.
    bodies = {p.slug for p in embeddable_plans()}
    embeddable = [slug for slug in fetcher.ingest if slug in bodies]
    out.stages["embed"] = _embed(embeddable, fetcher.slug, hooks)
    out.stages["index"] = _index(embeddable)
    return out


def _since(started: float) -> float:
    return round(time.perf_counter() - started, 1)


def local_sources() -> list[str]:
    """Body sources no upstream feeds (GAO and CRS reports, ingested from files by hand): ``update`` with no
    source named embeds and checks them too, so what ``ingest`` loaded does not stay lexical-only."""
    fed = {slug for fetcher in all_fetchers() for slug in fetcher.ingest}
    # Declared chunk tables, not the live schema: the command's help lists them before any database exists.
    return [p.slug for p in all_plans() if p.search and p.search.chunk_table and p.slug not in fed]


def update_local(slug: str, *, hooks: UpdateHooks) -> SourceUpdate:
    """A source without an upstream: nothing to fetch or ingest here, its vectors brought up to date."""
    out = SourceUpdate(slug)
    out.stages["fetch"] = StageOutcome("skipped", "no upstream (ingest its files with manage.py ingest)")
    out.stages["ingest"] = StageOutcome("skipped", "no upstream")
    out.stages["embed"] = _embed([slug], slug, hooks)
    out.stages["index"] = _index([slug])
    return out


def _ingest_outcome(ingests) -> StageOutcome:
    if not ingests:
        return StageOutcome("ok", "nothing new", {"runs": 0})
    counts = {
        "runs": len(ingests),
        "files": sum(r.files_total for r in ingests),
        "inserted": sum(r.inserted for r in ingests),
        "updated": sum(r.updated for r in ingests),
        "unchanged": sum(r.noop for r in ingests),
    }
    bad = [f"{r.source} {r.status}" for r in ingests if r.status != "success"]
    failed = any(r.status == "failed" for r in ingests)
    return StageOutcome("failed" if failed else "partial" if bad else "ok", "; ".join(bad), counts)


def _coverage(slug: str):
    plan = get_plan(slug)
    return vector_coverage(plan) if plan is not None else None


def _embed(slugs: list[str], source: str, hooks: UpdateHooks) -> StageOutcome:
    if not slugs:
        return StageOutcome("skipped", "no body text to embed")
    hooks.stage(source, "embed")
    base = {"done": 0}

    def on_plan(_encoder, works):
        hooks.total(sum(w.to_encode for w in works))

    def on_progress(_slug, done, _total):
        hooks.completed(base["done"] + done)

    def on_done(stats):
        base["done"] += stats.embedded

    started = time.perf_counter()
    try:
        results = embed_sources(slugs, on_plan=on_plan, on_progress=on_progress, on_done=on_done)
    except Exception as exc:  # the model failed or another writer holds the lock: this stage's failure
        detail = exc.message if isinstance(exc, JoshError) else f"{type(exc).__name__}: {exc}"
        return StageOutcome("failed", detail, seconds=_since(started))
    counts = {
        "chunks": sum(s.chunks for s in results),
        "embedded": sum(s.embedded for s in results),
        "reused": sum(s.reused for s in results),
        "dropped_docs": sum(s.deleted_documents for s in results),
    }
    return StageOutcome("ok", "", counts, seconds=_since(started))


def _index(slugs: list[str]) -> StageOutcome:
    if not slugs:
        return StageOutcome("skipped", "no vectors to index")
    covs = {slug: cov for slug in slugs if (cov := _coverage(slug)) is not None}
    missing = {slug: cov.missing for slug, cov in covs.items() if not cov.complete}
    documents = sum(cov.documents for cov in covs.values())
    counts = {"documents": documents, "without_vectors": sum(missing.values())}
    if missing:
        detail = ", ".join(f"{slug}: {n} without vectors" for slug, n in missing.items())
        return StageOutcome("partial", detail, counts)
    return StageOutcome("ok", "", counts)


def exit_status(updates: list[SourceUpdate]) -> int:
    """0 every stage of every source done (or skipped for a stated reason); 1 some stage failed (an upstream
    unreachable, an ingest that loaded nothing, the model); 3 partial (files rejected, records quarantined,
    names refused, or documents left without vectors)."""
    statuses = {u.status for u in updates}
    return EXIT_FAILED if "failed" in statuses else EXIT_PARTIAL if "partial" in statuses else EXIT_OK
