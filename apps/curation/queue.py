"""Curators' changes never wait on an ingest (docs/ACCESS.md "Web requests never wait on an ingest").

A change (correct a field, revert, reinstate or confirm a correction, propose, approve or reject one, flag a
record, update a flag) is written first to the web-state database as a ``QueuedChange``
(apps/core/db/routers.py) — a write no ingest ever holds up — then applied to the data database:

* at once, when no ingest or embed holds the writer lock (apps.core.services.writer_lock) and the data
  database's write lock comes within a short wait (apps.core.db.shortwait);
* otherwise by the writer itself as it finishes (its lock's release hook), or by the next change or admin
  page that finds the writer free.

Until then the change is ``pending`` and the admin shows it so. Changes are applied in the order they were
made, one data-database transaction each; one that can no longer be applied (the record is gone) is
``failed`` with the reason. The rows stay after: who changed what, when and why.
"""

import logging

from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.db import transaction
from django.utils import timezone

from apps.core.db.routers import web_alias, writing
from apps.core.db.shortwait import busy, short_lock_wait
from apps.core.errors import JoshError
from apps.core.services.writer_lock import current_holder
from apps.curation import permissions, proposals, services
from apps.curation.models import Correction, QueuedChange, ReviewFlag

logger = logging.getLogger("josh.curation")
Action, Status = QueuedChange.Action, QueuedChange.Status


# What a user needs to queue each action at all; the services check again, finer, when it is applied
# (correct: add for a new correction, change for a revise).
NEEDS = {
    Action.CORRECT: permissions.CORRECT,
    Action.REVERT: permissions.REVISE,
    Action.REINSTATE: permissions.REVISE,
    Action.CONFIRM: permissions.REVISE,
    Action.PROPOSE: permissions.PROPOSE,
    Action.APPROVE: permissions.APPROVE,
    Action.REJECT: permissions.APPROVE,
}
STEPS = {
    Action.REVERT: services.revert,
    Action.REINSTATE: services.reinstate,
    Action.CONFIRM: services.confirm,
    Action.APPROVE: proposals.approve,
    Action.REJECT: proposals.reject,
}


def submit(*, action: str, user=None, **fields) -> QueuedChange:
    """Queue one change and apply the queue now if the writer is free. Returns the change, ``applied``,
    ``failed`` (with its error) or still ``pending`` (an ingest writes: applied when it finishes). A user
    whose role does not allow the action is refused (permissions.PermissionDenied) before anything is queued,
    and so is a correction or proposal of a field no curator may correct (InvalidParameter)."""
    if action in NEEDS:
        permissions.require(user, NEEDS[action], f"{action} a correction")
    if action in (Action.CORRECT, Action.PROPOSE):
        # The field rule the form applies (apps.curation.fields), refused before anything is queued.
        app_label, model = fields["record_type"].split(".")
        services.check_field(
            ContentType.objects.get_by_natural_key(app_label, model).model_class(), fields["field"]
        )
    change = QueuedChange.objects.create(
        action=action,
        user_id=getattr(user, "pk", None),
        username=getattr(user, "get_username", lambda: "")(),
        **fields,
    )
    try_apply()
    change.refresh_from_db()
    return change


def pending_count() -> int:
    return QueuedChange.objects.filter(status=Status.PENDING).count()


def try_apply() -> int:
    """Apply the pending changes if no writer holds the data database; never waits on one."""
    if current_holder() is not None:
        return 0
    try:
        with writing(), short_lock_wait():
            return apply_pending()
    except Exception as exc:
        if busy(exc):
            return 0  # an ingest began meanwhile: it applies them as it finishes
        raise


def apply_pending() -> int:
    """Apply every pending change in order; stop at the first that has to wait for a lock. Appliers in two
    processes take turns (the queue's rows are locked while one applies them)."""
    alias = web_alias()
    done = 0
    with transaction.atomic(using=alias):
        queue = QueuedChange.objects.select_for_update().filter(status=Status.PENDING).order_by("pk")
        for change in queue:
            try:
                with transaction.atomic():
                    _apply(change)
            except (JoshError, ValidationError, ObjectDoesNotExist, LookupError) as exc:
                _finish(change, Status.FAILED, getattr(exc, "message", None) or str(exc))
                continue
            except Exception as exc:
                if busy(exc):
                    break
                raise
            _finish(change, Status.APPLIED)
            done += 1
    return done


def _finish(change: QueuedChange, status: str, error: str = "") -> None:
    if error:
        logger.warning("curator's change %s not applied: %s", change.pk, error)
    QueuedChange.objects.filter(pk=change.pk).update(status=status, applied_at=timezone.now(), error=error)


def _apply(change: QueuedChange) -> None:
    user = get_user_model().objects.filter(pk=change.user_id).first() if change.user_id else None
    if change.action in STEPS:
        step = STEPS[change.action]
        step(Correction.objects.get(pk=change.target_id), reason=change.text, user=user, change_id=change.pk)
        return
    if change.action == Action.UPDATE_FLAG:
        ReviewFlag.objects.filter(pk=change.target_id).update(note=change.text, resolved=change.resolved)
        return
    app_label, model = change.record_type.split(".")
    content_type = ContentType.objects.get_by_natural_key(app_label, model)
    if change.action in (Action.CORRECT, Action.PROPOSE):
        write = services.correct if change.action == Action.CORRECT else proposals.propose
        write(
            content_type=content_type,
            object_id=change.object_id,
            field=change.field,
            value=change.value,
            reason=change.text,
            user=user,
            change_id=change.pk,
        )
    else:
        services.flag(content_type=content_type, object_id=change.object_id, note=change.text, user=user)
