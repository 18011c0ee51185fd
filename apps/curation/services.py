"""Corrections: set one field of one record, keep it through re-ingests, revert and reinstate it; review
flags; runs started from the admin. No HTTP here: the admin calls these functions (through apps.curation.queue).

Corrections are an append-only history: create, revise, revert and reinstate each write a ``CorrectionEvent``
(who, when, the served value before and after, the upstream value, why) in the same transaction as the
change. Nothing is deleted: a reverted correction keeps its value, reason and author, and is only no longer
served.

Upstream drift: an ingest that brings a new source-file value for a field under an active correction flags
the correction ``needs_review`` (event ``drift``: old upstream, new upstream, the corrected value still
served); a curator ``confirm``s, revises or reverts it, each an event that clears the flag.

Roles (docs/ACCESS.md "Corrections: roles"): every step checks its user's permission here, not only in the
admin (apps.curation.permissions); an editor's ``propose`` and a curator's ``approve`` / ``reject`` are in
apps.curation.proposals. ``user=None`` is the system itself (a management command, the test suite), never a
web request: the admin and the queue always pass the user.

The overrides of every corrected model are read once and kept in memory (one query per model) until a
correction is saved or deleted in this process, or for ``CACHE_SECONDS`` when another process changed them,
so ``upsert`` and ``citation_for`` pay nothing for the records nobody corrected.
"""

import datetime as dt
import os
import socket
import threading
import time
import traceback
from decimal import Decimal
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import connection, models, transaction
from django.db.models.signals import post_delete, post_save
from django.utils import timezone

from apps.core import overrides
from apps.core.conf import knob
from apps.core.errors import InvalidParameter, NotFound
from apps.curation.fields import correctable_fields
from apps.curation.models import BackgroundRun, Correction, CorrectionEvent, ReviewFlag
from apps.curation.permissions import CORRECT, REVISE, require

CACHE_SECONDS = 30.0
_cache: dict[str, tuple[float, dict, dict]] = {}
_lock = threading.Lock()


# ---------------------------------------------------------------------------------------------------------
# Values: stored as text, written through the model field
# ---------------------------------------------------------------------------------------------------------


def as_text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, dt.date | dt.datetime):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return str(value)


def to_python(field: models.Field, text: str | None) -> Any:
    """``text`` as the field's value ('' is no value for a field that is not text); a ValidationError
    when it does not fit."""
    if text is None or (text == "" and not isinstance(field, models.CharField | models.TextField)):
        return None
    value = field.to_python(text)
    if value is not None:
        field.run_validators(value)
    return value


def record_types() -> list[ContentType]:
    """The models a curator may correct or flag: every top-level record (a CitedRecord)."""
    from django.apps import apps

    from apps.citations.models import CitedRecord

    models_ = [m for m in apps.get_models() if issubclass(m, CitedRecord)]
    return list(ContentType.objects.get_for_models(*models_).values())


# ---------------------------------------------------------------------------------------------------------
# The overrides of a model, cached
# ---------------------------------------------------------------------------------------------------------


def _label(model) -> str:
    return model._meta.label_lower


def _load(model) -> tuple[dict[str, dict[str, Any]], dict[str, dict[str, dict[str, Any]]]]:
    """({pk: {field: corrected value}}, {pk: {field: provenance}}) of ``model``'s active corrections, cached."""
    label = _label(model)
    now = time.monotonic()
    with _lock:
        entry = _cache.get(label)
    if entry is not None and now - entry[0] < CACHE_SECONDS:
        return entry[1], entry[2]
    found: dict[str, dict[str, Any]] = {}
    notes: dict[str, dict[str, dict[str, Any]]] = {}
    # One query, joined to the content type by natural key: no separate ContentType lookup per model.
    rows = Correction.objects.filter(
        content_type__app_label=model._meta.app_label,
        content_type__model=model._meta.model_name,
        status=Correction.Status.ACTIVE,
    ).values_list("object_id", "field", "value", "updated_at", "reason", "ingested_value")
    for object_id, name, text, at, reason, upstream in rows:
        found.setdefault(object_id, {})[name] = to_python(model._meta.get_field(name), text)
        # updated_at moves on create, revise and reinstate (ingest's own writes to a correction use
        # update(), which leaves it): the time the served value was set.
        notes.setdefault(object_id, {})[name] = {"at": at, "reason": reason, "upstream_value": upstream}
    with _lock:
        _cache[label] = (now, found, notes)
    return found, notes


def overrides_of(model) -> dict[str, dict[str, Any]]:
    """{pk as text: {field: corrected value}} for every record of ``model`` with an active correction."""
    return _load(model)[0]


def provenance(model, pk) -> dict[str, dict[str, Any]]:
    """{field: {at, reason, upstream_value}} for one record's active corrections."""
    return _load(model)[1].get(str(pk), {})


def forget_cache(**_kwargs) -> None:
    with _lock:
        _cache.clear()


def connect_signals() -> None:
    post_save.connect(forget_cache, sender=Correction, dispatch_uid="curation-forget-save")
    post_delete.connect(forget_cache, sender=Correction, dispatch_uid="curation-forget-delete")


class _Provider:
    """apps.core.overrides' provider: what upsert writes over the ingested values."""

    def overrides(self, model, pk) -> dict[str, Any]:
        return overrides_of(model).get(str(pk), {})

    def provenance(self, model, pk) -> dict[str, dict[str, Any]]:
        return provenance(model, pk)

    def forget(self) -> None:
        forget_cache()

    def ingested(self, model, pk, values: dict[str, Any]) -> None:
        ct = ContentType.objects.get_for_model(model, for_concrete_model=False)
        moved = False
        for name, value in values.items():
            text = as_text(value)
            rows = Correction.objects.filter(content_type=ct, object_id=str(pk), field=name)
            stale = (
                rows.exclude(ingested_value__isnull=True)
                if text is None
                else rows.exclude(ingested_value=text)
            )
            for correction in stale:
                _upstream_moved(model, correction, text)
                moved = True
        if moved:
            forget_cache()  # the provenance's upstream_value moved


def _upstream_moved(model, correction: Correction, text: str | None) -> None:
    """The source file now says ``text`` for a corrected field. Kept as the upstream value (a revert serves
    it); under an active correction it is a drift: flagged for review, an event, reported to the run.
    ``update()`` leaves ``updated_at``, the time the served value was set."""
    previous = correction.ingested_value
    active = correction.status == Correction.Status.ACTIVE
    Correction.objects.filter(pk=correction.pk).update(
        ingested_value=text, needs_review=correction.needs_review or active
    )
    if not active:
        return
    correction.ingested_value = text
    CorrectionEvent.objects.create(
        correction=correction,
        action=CorrectionEvent.Action.DRIFT,
        before=correction.value,
        after=correction.value,
        upstream_value=text,
        previous_upstream=previous,
        reason="An ingest changed the source file's value under this correction.",
    )
    overrides.drifted(
        model,
        correction.object_id,
        correction.field,
        previous=previous,
        upstream=text,
        corrected=correction.value,
    )


PROVIDER = _Provider()


# ---------------------------------------------------------------------------------------------------------
# Correct, revert, flag
# ---------------------------------------------------------------------------------------------------------


def resolve_record(content_type: ContentType, object_id: str) -> models.Model:
    model = content_type.model_class()
    record = model.objects.filter(pk=object_id).first() if str(object_id).strip() else None
    if record is None:
        raise NotFound(f"No {model._meta.verbose_name} with primary key '{object_id}'.")
    return record


def check_field(model, name: str) -> models.Field:
    """``model``'s field ``name`` when a curator may correct it (apps.curation.fields: the rule the form
    applies too); InvalidParameter naming the fields that may be otherwise."""
    allowed = correctable_fields(model)
    if name not in allowed:
        raise InvalidParameter(
            "field",
            f"'{name}' cannot be corrected on a {model._meta.verbose_name}. Correctable: {', '.join(allowed)}.",
            allowed=allowed,
        )
    return model._meta.get_field(name)


def _event(correction: Correction, action: str, *, before, after, reason: str, user, change_id) -> None:
    CorrectionEvent.objects.create(
        correction=correction,
        action=action,
        before=before,
        after=after,
        upstream_value=correction.ingested_value,
        reason=reason,
        user=user,
        username=user.get_username() if user is not None else "",
        change_id=change_id,
    )


def _serve(correction: Correction, text: str | None) -> None:
    """Write ``text`` (a corrected or the upstream value) to the record's field."""
    model = correction.content_type.model_class()
    value = to_python(model._meta.get_field(correction.field), text)
    model.objects.filter(pk=correction.object_id).update(**{correction.field: value})


@transaction.atomic
def correct(
    *,
    content_type: ContentType,
    object_id: str,
    field: str,
    value: str | None,
    reason: str,
    user=None,
    change_id: int | None = None,
) -> Correction:
    """Store a correction (event ``create``) or change one (``revise``; a reverted correction revised is
    served again) and write it to the record now; later ingests keep it. A revise settles a drift and
    supersedes a pending proposal."""
    record, correction = checked_target(content_type, object_id, field, value)
    before = as_text(getattr(record, field))
    new = correction is None or correction.status in NEVER_SERVED
    require(user, CORRECT if new else REVISE, "correct a field" if new else "revise a correction")
    action = CorrectionEvent.Action.CREATE if new else CorrectionEvent.Action.REVISE
    if correction is None:
        correction = Correction(
            content_type=content_type, object_id=str(record.pk), field=field, created_by=user
        )
    if correction.pk is None or correction.status != Correction.Status.ACTIVE:
        # Not served now (new, proposed, reverted): the record holds the upstream value, kept current there.
        correction.ingested_value = before
    correction.value, correction.reason, correction.status = value, reason, Correction.Status.ACTIVE
    correction.needs_review = correction.proposal_pending = False
    correction.save()
    _serve(correction, value)
    _event(correction, action, before=before, after=value, reason=reason, user=user, change_id=change_id)
    return correction


@transaction.atomic
def revert(correction: Correction, *, reason: str = "", user=None, change_id: int | None = None) -> None:
    """Serve what the source file says again (the next ingest would too). The correction stays, ``reverted``,
    with its value, reason and author; ``reinstate`` serves it again."""
    require(user, REVISE, "revert a correction")
    correction = Correction.objects.select_for_update().get(pk=correction.pk)
    if correction.status != Correction.Status.ACTIVE:
        state = "already reverted" if correction.status == Correction.Status.REVERTED else "not served"
        raise InvalidParameter("correction", f"The correction of {correction} is {state}.")
    correction.status, correction.needs_review = Correction.Status.REVERTED, False
    correction.save(update_fields=["status", "needs_review", "updated_at"])
    _serve(correction, correction.ingested_value)
    _event(
        correction,
        CorrectionEvent.Action.REVERT,
        before=correction.value,
        after=correction.ingested_value,
        reason=reason,
        user=user,
        change_id=change_id,
    )


@transaction.atomic
def reinstate(correction: Correction, *, reason: str = "", user=None, change_id: int | None = None) -> None:
    """Serve a reverted correction's value again."""
    require(user, REVISE, "reinstate a correction")
    correction = Correction.objects.select_for_update().get(pk=correction.pk)
    if correction.status != Correction.Status.REVERTED:
        raise InvalidParameter("correction", f"The correction of {correction} is not reverted.")
    # While reverted the record served the upstream value, which ingests kept current there.
    correction.ingested_value = served_text(correction)
    correction.status = Correction.Status.ACTIVE
    correction.save(update_fields=["status", "ingested_value", "updated_at"])
    _serve(correction, correction.value)
    _event(
        correction,
        CorrectionEvent.Action.REINSTATE,
        before=correction.ingested_value,
        after=correction.value,
        reason=reason,
        user=user,
        change_id=change_id,
    )


NEVER_SERVED = (Correction.Status.PROPOSED, Correction.Status.REJECTED)


def checked_target(content_type: ContentType, object_id: str, field: str, value: str | None):
    """(record, its correction of ``field`` or None), once the field and value are checked."""
    record = resolve_record(content_type, object_id)
    model_field = check_field(type(record), field)
    to_python(model_field, value)  # a ValidationError before anything is written
    correction = Correction.objects.filter(
        content_type=content_type, object_id=str(record.pk), field=field
    ).first()
    return record, correction


def served_text(correction: Correction) -> str | None:
    model = correction.content_type.model_class()
    return as_text(
        model.objects.filter(pk=correction.object_id).values_list(correction.field, flat=True).first()
    )


@transaction.atomic
def confirm(correction: Correction, *, reason: str = "", user=None, change_id: int | None = None) -> None:
    """Keep a correction whose upstream value moved (event ``confirm``): clears ``needs_review``."""
    require(user, REVISE, "confirm a correction after an upstream change")
    correction = Correction.objects.select_for_update().get(pk=correction.pk)
    if not correction.needs_review:
        raise InvalidParameter("correction", f"The correction of {correction} does not need review.")
    correction.needs_review = False
    correction.save(update_fields=["needs_review"])  # the served value, and when it was set, stay
    _event(
        correction, CorrectionEvent.Action.CONFIRM, before=correction.value, after=correction.value,
        reason=reason, user=user, change_id=change_id,
    )  # fmt: skip


def needing_review_count() -> int:
    """Corrections an ingest flagged because their upstream value moved, not yet settled by a curator."""
    return Correction.objects.filter(needs_review=True).count()


def history(correction: Correction) -> list[CorrectionEvent]:
    """Every step of one field's correction, oldest first."""
    return list(correction.events.select_related("user").order_by("pk"))


def flag(*, content_type: ContentType, object_id: str, note: str, user=None) -> ReviewFlag:
    record = resolve_record(content_type, object_id)
    return ReviewFlag.objects.create(
        content_type=content_type, object_id=str(record.pk), note=note, created_by=user
    )


# ---------------------------------------------------------------------------------------------------------
# Runs started from the admin
# ---------------------------------------------------------------------------------------------------------


def start_run(*, kind: str, source: str, user=None, wait: bool = False) -> BackgroundRun:
    """Start an ingest (the source's sample corpus) or an embed run on a background thread; its progress is
    written to the BackgroundRun row. ``wait`` (or knob("RUNS_INLINE"), for browser tests whose
    transaction never commits) runs it on this thread."""
    from apps.core.services.ingest import resolve_plan

    resolve_plan(source)  # a 400 naming the valid sources before anything starts
    abort_orphans()
    run = BackgroundRun.objects.create(
        kind=kind, source=source, started_by=user, pid=os.getpid(), host=socket.gethostname()
    )
    if wait or knob("RUNS_INLINE", None):
        _execute(run.pk)
    else:
        transaction.on_commit(
            lambda: threading.Thread(target=_in_thread, args=(run.pk,), daemon=True).start()
        )
    return run


def abort_orphans() -> int:
    """Mark ``aborted`` the runs left ``queued`` or ``running`` by a server process that is gone (it died or
    was restarted before they finished). A run of a live process, or of another host, is left alone.
    Never waits on an ingest: when the data database is busy the marking waits for the next look."""
    from apps.core.db.shortwait import busy, short_lock_wait
    from apps.core.services.writer_lock import process_alive

    live = (BackgroundRun.Status.QUEUED, BackgroundRun.Status.RUNNING)
    rows = BackgroundRun.objects.filter(status__in=live).values_list("pk", "pid", "host")
    dead = [pk for pk, pid, host in rows if not process_alive(pid, host or "")]
    if not dead:
        return 0
    try:
        with short_lock_wait():
            return BackgroundRun.objects.filter(pk__in=dead, status__in=live).update(
                status=BackgroundRun.Status.ABORTED,
                progress="aborted: the server process running it is gone",
                finished_at=timezone.now(),
            )
    except Exception as exc:
        if busy(exc):
            return 0
        raise


def _in_thread(run_pk: int) -> None:
    try:
        _execute(run_pk)
    finally:
        connection.close()  # this thread's own connection


def _execute(run_pk: int) -> None:
    from apps.core.services.ingest import run_ingest

    BackgroundRun.objects.filter(pk=run_pk).update(status=BackgroundRun.Status.RUNNING, progress="starting")
    run = BackgroundRun.objects.get(pk=run_pk)
    files = {"done": 0, "total": 0}

    def on_start(total: int) -> None:
        files["total"] = total
        BackgroundRun.objects.filter(pk=run_pk).update(progress=f"0 of {total} files")

    def on_file(path) -> None:
        files["done"] += 1
        BackgroundRun.objects.filter(pk=run_pk).update(
            progress=f"{files['done']} of {files['total']} files (last: {path.name})"
        )

    try:
        if run.kind == BackgroundRun.Kind.INGEST:
            result = run_ingest(slug=run.source, on_file=on_file, on_start=on_start)
            summary = (
                f"{result.status}: {result.records} records ({result.inserted} inserted, {result.updated} "
                f"updated, {result.noop} unchanged), {len(result.errors)} files rejected, "
                f"{result.quarantined_count} records quarantined"
            )
            BackgroundRun.objects.filter(pk=run_pk).update(ingest_run_id=result.run_id, output=summary)
        else:
            from io import StringIO

            from django.core.management import call_command

            out = StringIO()
            call_command("embed", source=[run.source], stdout=out, stderr=out)
            BackgroundRun.objects.filter(pk=run_pk).update(output=out.getvalue()[-5000:])
        BackgroundRun.objects.filter(pk=run_pk).update(
            status=BackgroundRun.Status.DONE, progress="finished", finished_at=timezone.now()
        )
    except Exception:  # the run's page shows why; the server keeps going
        BackgroundRun.objects.filter(pk=run_pk).update(
            status=BackgroundRun.Status.FAILED,
            progress="failed",
            output=traceback.format_exc()[-5000:],
            finished_at=timezone.now(),
        )
