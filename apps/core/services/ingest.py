"""The ingest runner: files -> plan.parse -> plan.load, with one savepoint per file.

Guarantees (tested in tests/core/test_ingest.py):
* a file that fails to parse or load writes nothing (its savepoint rolls back) and is reported with the
  file and the record; the rest of the run goes on;
* files are committed in batches so a large run does not grow one giant WAL transaction;
* every run is recorded as an IngestRun with insert / update / noop counts;
* the same files ingested twice give only noops.
"""

import logging
import time
from collections import Counter
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from pydantic import BaseModel, ConfigDict

from apps.core.errors import InvalidParameter, SourceFormatError
from apps.core.models import IngestRun
from apps.core.plans import LoadContext, Outcome, SourcePlan, all_plans, get_plan

logger = logging.getLogger("josh.ingest")
FILES_PER_TRANSACTION = 50


class _DryRunRollback(Exception):
    pass


class IngestResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    run_id: int | None
    source: str
    status: str
    dry_run: bool
    files_total: int
    files_failed: int
    records: int
    inserted: int
    updated: int
    noop: int
    errors: list[dict]
    warnings: list[dict]
    duration_ms: int


def resolve_plan(slug: str) -> SourcePlan:
    plan = get_plan(slug)
    if plan is None:
        valid = [p.slug for p in all_plans()]
        raise InvalidParameter(
            "source", f"Unknown source '{slug}'. Valid sources: {', '.join(valid)}.", valid_sources=valid
        )
    return plan


def expand_paths(plan: SourcePlan, paths: Iterable[Path]) -> list[Path]:
    """Files to read: a file as given, a directory searched recursively with the plan's glob."""
    files: list[Path] = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            files.extend(sorted(p for p in path.rglob(plan.file_glob) if p.is_file()))
        else:
            files.append(path)
    return files


def sample_paths(plan: SourcePlan) -> list[Path]:
    return [Path(settings.CORPUS_DIR) / rel for rel in plan.sample_paths]


def _load_file(plan: SourcePlan, path: Path, ctx: LoadContext, counts: Counter, seen: dict) -> None:
    """Parse the whole file first (validation), then write it inside a savepoint."""
    if not path.exists():
        raise SourceFormatError(path, "file does not exist")
    records = list(plan.parse(path))
    for record in records:
        key = str(getattr(record, "key", ""))
        if key and key in seen and seen[key] != str(path):
            raise SourceFormatError(path, f"duplicate record key also found in {seen[key]}", record=key)
    file_counts: Counter = Counter()
    with transaction.atomic():
        for record in records:
            key = str(getattr(record, "key", ""))
            try:
                outcome = plan.load(record, ctx)
            except SourceFormatError as exc:
                exc.path = str(path)  # the full path of the file being loaded, whatever the plan named
                raise
            except Exception as exc:  # a load failure rolls the whole file back; name the record
                raise SourceFormatError(path, f"{type(exc).__name__}: {exc}", record=key) from exc
            file_counts[Outcome(outcome).value] += 1
    counts.update(file_counts)
    for record in records:
        if key := str(getattr(record, "key", "")):
            seen[key] = str(path)


def _ingest_one(plan, path, ctx, counts, seen, errors) -> None:
    try:
        _load_file(plan, path, ctx, counts, seen)
        return
    except SourceFormatError as exc:
        errors.append({"file": exc.path, "record": exc.record or "", "message": exc.message})
        logger.warning("ingest %s: %s", plan.slug, exc)
    except Exception as exc:  # a parser bug must not abort the run: report the file and go on
        logger.exception("ingest %s: %s failed", plan.slug, path)
        errors.append({"file": str(path), "record": "", "message": f"{type(exc).__name__}: {exc}"})
    # The file's savepoint rolled back: anything a plan cached while loading it may be gone.
    ctx.cache.clear()


def run_ingest(
    *,
    slug: str,
    paths: Iterable[Path] | None = None,
    dry_run: bool = False,
    on_file: Callable[[Path], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> IngestResult:
    """Ingest ``paths`` (default: the plan's sample corpus) with the plan ``slug``; record the run."""
    plan = resolve_plan(slug)
    given = [Path(p) for p in paths] if paths else sample_paths(plan)
    files = expand_paths(plan, given)
    started = time.perf_counter()
    run = (
        None
        if dry_run
        else IngestRun.objects.create(
            source=plan.slug, started_at=timezone.now(), paths=[str(p) for p in given], dry_run=dry_run
        )
    )
    ctx = LoadContext(plan=plan, dry_run=dry_run)
    counts: Counter = Counter()
    errors: list[dict] = []
    seen: dict[str, str] = {}
    if not files:
        errors.append(
            {
                "file": ", ".join(map(str, given)),
                "record": "",
                "message": f"no files matching '{plan.file_glob}' found",
            }
        )
    if on_start:
        on_start(len(files))

    def process_all(batch_atomic: bool) -> None:
        if plan.begin_run:
            plan.begin_run(ctx)
        for batch_start in range(0, len(files), FILES_PER_TRANSACTION):
            with transaction.atomic() if batch_atomic else nullcontext():
                for path in files[batch_start : batch_start + FILES_PER_TRANSACTION]:
                    _ingest_one(plan, path, ctx, counts, seen, errors)
                    if on_file:
                        on_file(path)
        if plan.finish_run:
            with transaction.atomic():
                plan.finish_run(ctx)

    if dry_run:
        try:
            with transaction.atomic():
                process_all(batch_atomic=False)
                raise _DryRunRollback
        except _DryRunRollback:
            pass
    else:
        process_all(batch_atomic=True)
    failed_files = len({e["file"] for e in errors})
    status = (
        IngestRun.Status.SUCCESS
        if not errors
        else IngestRun.Status.FAILED
        if failed_files >= max(len(files), 1)
        else IngestRun.Status.PARTIAL
    )
    result = IngestResult(
        run_id=run.pk if run else None,
        source=plan.slug,
        status=status,
        dry_run=dry_run,
        files_total=len(files),
        files_failed=failed_files,
        records=sum(counts.values()),
        inserted=counts[Outcome.INSERT.value],
        updated=counts[Outcome.UPDATE.value],
        noop=counts[Outcome.NOOP.value],
        errors=errors,
        warnings=ctx.warnings,
        duration_ms=int((time.perf_counter() - started) * 1000),
    )
    if run is not None:
        IngestRun.objects.filter(pk=run.pk).update(
            status=status,
            finished_at=timezone.now(),
            duration_ms=result.duration_ms,
            files_total=result.files_total,
            files_failed=result.files_failed,
            records=result.records,
            inserted=result.inserted,
            updated=result.updated,
            noop=result.noop,
            error_count=len(errors),
            errors=errors,
            warnings=ctx.warnings[:1000],
        )
    return result
