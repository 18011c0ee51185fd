"""The ingest runner: files -> plan.parse -> plan.load, with one savepoint per record.

Guarantees (tested in tests/documents/test_quarantine.py, tests/hardening/test_bad_files.py and
tests/registry/test_ingest_runner.py):
* a file is parsed whole before anything is written; one that cannot be read (malformed, wrong format)
  writes nothing and is reported with the file (and record, where known); the rest of the run goes on;
* one bad record does not cost its file: a record the parser could not build (a ``BadRecord``), one whose
  key another file already loaded, and one whose load raises are quarantined, named by file, record and
  (where known) field; a load runs in its own savepoint, so a quarantined record's own rows roll back
  with it and the file's other records load;
* files are committed in batches so a large run does not grow one giant WAL transaction;
* every run is recorded as an IngestRun with insert / update / noop counts, errors and quarantined records;
* one writer at a time (apps.core.services.writer_lock): a second ingest is refused with who holds the lock,
  before it writes anything; whoever holds it marks runs left ``running`` by a dead process ``aborted``
  (half-applied: re-run to finish), and a run stopped by an exception is marked ``aborted`` on the way out;
* the same files ingested twice give only noops; a quarantined record loads once its file is fixed;
* files are untrusted (apps/core/inputs.py): one past the source's size cap (stated on the run, ``limits``)
  is refused unread, a corrupt or bomb-like zip member is quarantined (archive, member, why) while the
  archive's other members load, an archive that will not open is the run's named error, and symlinks in a
  given folder are not followed (a warning names them).
"""

import logging
import os
import socket
import time
from collections import Counter
from collections.abc import Callable, Iterable
from contextlib import nullcontext
from pathlib import Path

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from pydantic import BaseModel, ConfigDict

from apps.core import overrides
from apps.core.conf import knob
from apps.core.errors import InvalidParameter, SourceFormatError, clip
from apps.core.inputs import CorruptMember, Input, check_input, discover
from apps.core.models import IngestRun
from apps.core.plans import (
    BadRecord,
    LoadContext,
    Outcome,
    RecordWarning,
    SourcePlan,
    all_plans,
    get_plan,
)
from apps.core.services.quarantine import describe_failure
from apps.core.services.writer_lock import writer_lock

logger = logging.getLogger("josh.ingest")
FILES_PER_TRANSACTION = 50
# The run row keeps this many quarantined records (the count is always exact): enough to fix a file from,
# without one systematic failure writing a run row of many megabytes.
QUARANTINE_KEPT = 5000


class _DryRunRollback(Exception):
    pass


# Upkeep a finished run's writes call for before the run is marked done, registered by the app that owns it
# (apps.search brings PostgreSQL's BM25 term tables up to date, so the first search after a large ingest
# does not pay for indexing it): the runner names no app above apps.core. Each hook gets the plan.
_FINISH_HOOKS: list = []


def on_finish(hook: Callable[[SourcePlan], None]) -> None:
    if hook not in _FINISH_HOOKS:
        _FINISH_HOOKS.append(hook)


def _run_finish_hooks(plan: SourcePlan, ctx: LoadContext) -> None:
    for hook in _FINISH_HOOKS:
        try:
            hook(plan)
        except Exception as exc:  # upkeep the next reader can still do must not fail a run that loaded
            logger.exception("ingest %s: finish hook %s failed", plan.slug, hook)
            ctx.warn(
                "", "", f"upkeep after the run failed ({type(exc).__name__}: {exc}); searches will do it"
            )


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
    skipped: int = 0  # files in the given folders or zips that are not this source's (not an error)
    limits: dict = {}  # the caps this run read its files under (limits_for)
    errors: list[dict]  # files rejected whole: {file, record, message}
    quarantined: list[dict]  # records set aside while their file loaded: {file, record, field, message}
    warnings: list[dict]
    duration_ms: int
    # Corrected fields whose upstream value this run changed: each correction is flagged needs_review. In a
    # dry run, how many it would flag (rolled back: nothing is flagged).
    corrections_needing_review: int = 0

    @property
    def quarantined_count(self) -> int:
        return len(self.quarantined)


def resolve_plan(slug: str) -> SourcePlan:
    plan = get_plan(slug)
    if plan is None:
        valid = [p.slug for p in all_plans()]
        raise InvalidParameter(
            "source", f"Unknown source '{slug}'. Valid sources: {', '.join(valid)}.", valid_sources=valid
        )
    return plan


def expand_paths(plan: SourcePlan, paths: Iterable[Path]) -> list[Input]:
    """Files to read: a file as given, a folder walked recursively and a zip's members, by the plan's globs."""
    return discover(plan.globs, paths).files


def limits_for(slug: str) -> dict:
    """The caps a run of ``slug`` reads its files under, as the run records them."""
    by_source = dict(e.partition("=")[::2] for e in knob("INGEST_MAX_FILE_BYTES_BY_SOURCE"))
    own = by_source.get(slug, "")
    return {
        "max_file_bytes": int(own) if own.isdigit() else knob("INGEST_MAX_FILE_BYTES"),
        "max_file_bytes_setting": (
            f"JOSH_INGEST_MAX_FILE_BYTES_BY_SOURCE {slug}=" if own.isdigit() else "JOSH_INGEST_MAX_FILE_BYTES"
        ),
        "max_zip_ratio": knob("INGEST_MAX_ZIP_RATIO"),
        "yaml_max_depth": knob("INGEST_YAML_MAX_DEPTH"),
        "yaml_max_alias_nodes": knob("INGEST_YAML_MAX_ALIAS_NODES"),
    }


def sample_paths(plan: SourcePlan) -> list[Path]:
    return [Path(settings.CORPUS_DIR) / rel for rel in plan.sample_paths]


def _quarantine(quarantined: list[dict], path: str, record: str, field: str, message: str) -> None:
    quarantined.append({"file": path, "record": record, "field": field, "message": message})
    where = f"{path} [record {record}]" + (f" field {field}" if field else "")
    logger.warning("quarantined %s: %s", where, message)


def parse_file(plan: SourcePlan, path: Input, limits: dict) -> list:
    """Every item ``plan`` parses from ``path``, once the file passes the run's caps (``check_input``: its
    size, a zip member's ratio and integrity) unread; SourceFormatError (CorruptMember) otherwise."""
    if not path.exists():
        raise SourceFormatError(path, "file does not exist")
    check_input(
        path,
        max_bytes=limits["max_file_bytes"],
        max_ratio=limits["max_zip_ratio"],
        setting=limits["max_file_bytes_setting"],
    )
    return list(plan.parse(path))


def _load_file(
    plan: SourcePlan, path: Path, ctx: LoadContext, counts: Counter, seen: dict, quarantined: list
) -> None:
    """Parse the whole file first (a file that cannot be read raises before anything is written), then load
    each record in its own savepoint so that a failing record rolls back alone and is quarantined."""
    items = parse_file(plan, path, ctx.limits or limits_for(plan.slug))
    file = str(path)
    in_file: set[str] = set()
    for item in items:
        if isinstance(item, RecordWarning):
            ctx.warn(file, item.key, f"{item.field}: {item.message}" if item.field else item.message)
            continue
        if isinstance(item, BadRecord):
            _quarantine(quarantined, file, item.key, item.field, item.message)
            continue
        key = str(getattr(item, "key", ""))
        # A key read twice is a clash whether in one file or two: loading both would flip the record between
        # them on every run, never "unchanged". The copy read first wins; the other is named.
        if key and key in in_file:
            _quarantine(quarantined, file, key, "key", "listed twice in this file (the first copy loaded)")
            continue
        if key and seen.get(key, file) != file:
            _quarantine(quarantined, file, key, "key", f"duplicate record key also found in {seen[key]}")
            continue
        in_file.add(key)
        if oversize := size_problem(item):
            _quarantine(quarantined, file, key, *oversize)
            continue
        drifts = overrides.drift_reports()
        mark = len(drifts)
        try:
            with transaction.atomic():
                outcome = Outcome(plan.load(item, ctx))
        except Exception as exc:  # one record's failure, whatever it is, must not cost the rest of the file
            field, message = describe_failure(exc)
            _quarantine(quarantined, file, key, field, message)
            # The record's savepoint rolled back: anything a plan cached while loading it may be gone.
            ctx.cache.clear()
            del drifts[mark:]  # its review flags rolled back with it
            continue
        for drift in drifts[mark:]:
            ctx.warn(file, key, _drift_text(drift))
        counts[outcome.value] += 1
        if key:
            seen[key] = file
            ctx.loaded_keys.add(key)


def _drift_text(drift: dict) -> str:
    return (
        f"{drift['field']}: the source file's value changed under a curator's correction "
        f"({clip(repr(drift['previous_upstream']))} -> {clip(repr(drift['upstream_value']))}); "
        "the correction is still served and needs review"
    )


def _text_sizes(value, path: str) -> Iterable[tuple[str, int]]:
    """(field path, characters) of every string inside a parsed record."""
    if isinstance(value, str | bytes):
        yield path, len(value)
    elif isinstance(value, BaseModel):
        for name in type(value).model_fields:
            yield from _text_sizes(getattr(value, name), f"{path}.{name}" if path else name)
    elif isinstance(value, list | tuple):
        for i, element in enumerate(value):
            yield from _text_sizes(element, f"{path}[{i}]")
    elif isinstance(value, dict):
        for name, element in value.items():
            yield from _text_sizes(element, f"{path}.{name}" if path else str(name))


def size_problem(item) -> tuple[str, str] | None:
    """(field, message) when a record is past the ingest caps: one text field over
    ``INGEST_MAX_FIELD_CHARS``, or all its text over ``INGEST_MAX_RECORD_CHARS``. Every later cost (indexing,
    chunking, snippets, a dossier) grows with a record's size, so an absurd one is set aside, not loaded."""
    field_cap, record_cap = knob("INGEST_MAX_FIELD_CHARS"), knob("INGEST_MAX_RECORD_CHARS")
    total = 0
    for field, size in _text_sizes(item, ""):
        if size > field_cap:
            return field, (
                f"{size:,} characters, over the {field_cap:,} limit of one field (JOSH_INGEST_MAX_FIELD_CHARS); "
                "split the record or raise the limit"
            )
        total += size
    if total > record_cap:
        return "", (
            f"{total:,} characters of text, over the {record_cap:,} limit of one record "
            "(JOSH_INGEST_MAX_RECORD_CHARS); split the record or raise the limit"
        )
    return None


def _ingest_one(plan, path, ctx, counts, seen, errors, quarantined) -> None:
    try:
        _load_file(plan, path, ctx, counts, seen, quarantined)
        return
    except CorruptMember as exc:  # one member of an archive: set aside like a bad record, the others load
        _quarantine(quarantined, exc.archive, exc.member, "", exc.message)
    except SourceFormatError as exc:
        errors.append({"file": exc.path, "record": exc.record or "", "message": exc.message})
        logger.warning("ingest %s: %s", plan.slug, exc)
    except Exception as exc:  # a parser bug must not abort the run: report the file and go on
        logger.exception("ingest %s: %s failed", plan.slug, path)
        errors.append({"file": str(path), "record": "", "message": f"{type(exc).__name__}: {exc}"})


def run_ingest(
    *,
    slug: str,
    paths: Iterable[Path] | None = None,
    dry_run: bool = False,
    on_file: Callable[[Path], None] | None = None,
    on_start: Callable[[int], None] | None = None,
) -> IngestResult:
    """Ingest ``paths`` (default: the plan's sample corpus) with the plan ``slug``; record the run. Raises
    ``WriterBusy`` (nothing written, no run recorded) while another ingest or embed holds the writer lock."""
    plan = resolve_plan(slug)
    given = [Path(p) for p in paths] if paths else sample_paths(plan)
    found = discover(plan.globs, given)
    with writer_lock(task="ingest", source=plan.slug):
        abort_dead_runs()
        run = (
            None
            if dry_run
            else IngestRun.objects.create(
                source=plan.slug,
                started_at=timezone.now(),
                paths=[str(p) for p in given],
                dry_run=dry_run,
                pid=os.getpid(),
                host=socket.gethostname(),
                limits=limits_for(plan.slug),
            )
        )
        try:
            return _run(plan, found, given, run, dry_run, on_file, on_start)
        except BaseException as exc:  # Ctrl-C or a bug outside any one file: say so on the run, then stop
            if run is not None:
                _mark_aborted(run.pk, f"stopped by {type(exc).__name__}: {exc}")
            raise


def abort_dead_runs() -> int:
    """Mark ``aborted`` every run still ``running``: called under the writer lock, which no live writer holds,
    so their processes died before finishing. Returns how many were marked."""
    dead = list(IngestRun.objects.filter(status=IngestRun.Status.RUNNING).values_list("pk", "pid", "host"))
    for pk, pid, host in dead:
        logger.warning("ingest run %s (pid %s on %s) died before it finished: marked aborted", pk, pid, host)
        _mark_aborted(pk, f"the process (pid {pid} on {host or '?'}) died before the run finished")
    return len(dead)


def _mark_aborted(pk: int, message: str) -> None:
    error = {"file": "", "record": "", "message": f"{message}; the source is half-applied: re-run to finish"}
    run = IngestRun.objects.filter(pk=pk).first()
    if run is None:
        return
    IngestRun.objects.filter(pk=pk).update(
        status=IngestRun.Status.ABORTED,
        finished_at=timezone.now(),
        errors=[*run.errors, error],
        error_count=run.error_count + 1,
    )


def _run(plan, found, given, run, dry_run, on_file, on_start) -> IngestResult:
    started = time.perf_counter()
    files = found.files
    ctx = LoadContext(plan=plan, dry_run=dry_run)
    ctx.limits = limits_for(plan.slug)
    counts: Counter = Counter()
    errors: list[dict] = list(found.unreadable)  # archives that would not open: named, the rest goes on
    quarantined: list[dict] = []
    seen: dict[str, str] = {}
    if found.symlinks:
        shown = ", ".join(found.symlinks[:20]) + (" ..." if len(found.symlinks) > 20 else "")
        ctx.warn(", ".join(map(str, given)), "", f"{len(found.symlinks)} symlinks not followed: {shown}")
    if not files and not found.unreadable:
        errors.append(
            {
                "file": ", ".join(map(str, given)),
                "record": "",
                "message": f"no files matching {' or '.join(plan.globs)} found",
            }
        )
    if found.skipped:
        # Not an error: a bulk folder or zip holds other files too. The run says how many it passed over.
        ctx.warn(
            ", ".join(map(str, given)), "", f"skipped: {found.skipped} files not {' or '.join(plan.globs)}"
        )
    if on_start:
        on_start(len(files))

    def process_all(batch_atomic: bool) -> None:
        if plan.begin_run:
            plan.begin_run(ctx)
        for batch_start in range(0, len(files), FILES_PER_TRANSACTION):
            with transaction.atomic() if batch_atomic else nullcontext():
                for path in files[batch_start : batch_start + FILES_PER_TRANSACTION]:
                    _ingest_one(plan, path, ctx, counts, seen, errors, quarantined)
                    if on_file:
                        on_file(path)
        if plan.finish_run:
            with transaction.atomic():
                plan.finish_run(ctx)

    with overrides.collecting_drift() as drifts:
        if dry_run:
            try:
                with transaction.atomic():
                    process_all(batch_atomic=False)
                    raise _DryRunRollback
            except _DryRunRollback:
                # The provider may have cached what the rolled-back writes said (a drifted upstream value).
                overrides.rolled_back()
        else:
            process_all(batch_atomic=True)
            _run_finish_hooks(plan, ctx)
    failed_files = len({e["file"] for e in errors})
    files_total = len(files) + len(found.unreadable)
    status = _status(
        files=files_total,
        failed_files=failed_files,
        loaded=sum(counts.values()),
        quarantined=len(quarantined),
    )
    result = IngestResult(
        run_id=run.pk if run else None,
        source=plan.slug,
        status=status,
        dry_run=dry_run,
        files_total=files_total,
        skipped=found.skipped,
        limits=ctx.limits,
        files_failed=failed_files,
        records=sum(counts.values()),
        inserted=counts[Outcome.INSERT.value],
        updated=counts[Outcome.UPDATE.value],
        noop=counts[Outcome.NOOP.value],
        errors=errors,
        quarantined=quarantined,
        warnings=ctx.warnings,
        duration_ms=int((time.perf_counter() - started) * 1000),
        corrections_needing_review=len(drifts),
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
            quarantined_count=len(quarantined),
            quarantined=quarantined[:QUARANTINE_KEPT],
            warnings=ctx.warnings[:1000],
            corrections_needing_review=result.corrections_needing_review,
        )
    return result


def _status(*, files: int, failed_files: int, loaded: int, quarantined: int) -> str:
    """SUCCESS when nothing went wrong; FAILED when nothing could be used (every file rejected, or every
    record that was read quarantined); PARTIAL otherwise."""
    if not failed_files and not quarantined:
        return str(IngestRun.Status.SUCCESS)
    if failed_files >= max(files, 1) or (quarantined and not loaded):
        return str(IngestRun.Status.FAILED)
    return str(IngestRun.Status.PARTIAL)
