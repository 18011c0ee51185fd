"""What curators add on top of the ingested data: corrections (overrides of one field of one record, applied
on every later re-ingest), review flags, and background runs started from the admin."""

from django.conf import settings
from django.contrib.contenttypes.models import ContentType
from django.db import models


class Correction(models.Model):
    """One field of one record set by a curator. While ``active``, ingest writes ``value`` instead of what
    the source file says (apps.core.overrides); ``ingested_value`` keeps what the file said, served again
    while the correction is ``reverted``. Never deleted: a revert is a state, and every create, revise, revert
    and reinstate is a ``CorrectionEvent``."""

    class Status(models.TextChoices):
        # An editor's proposal not yet approved by a curator: stored, never served.
        PROPOSED = "proposed"
        ACTIVE = "active"
        REVERTED = "reverted"
        # A proposal a curator turned down before it was ever served.
        REJECTED = "rejected"

    content_type = models.ForeignKey(
        ContentType, on_delete=models.CASCADE, verbose_name="record type", help_text="The record's model."
    )
    object_id = models.CharField(max_length=64, verbose_name="record", help_text="The record's primary key.")
    field = models.CharField(max_length=64, help_text="The model field corrected, e.g. title.")
    value = models.TextField(blank=True, null=True, help_text="The corrected value (empty: no value).")
    ingested_value = models.TextField(
        blank=True, null=True, editable=False, help_text="What the source file says (restored on revert)."
    )
    status = models.CharField(
        max_length=8, choices=Status.choices, default=Status.ACTIVE, editable=False, db_index=True
    )
    reason = models.TextField(help_text="Why: what was wrong and where the right value comes from.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # Set by an ingest that changed the upstream value under an active correction (a ``drift`` event says
    # from what to what); cleared by a curator's confirm, revise, approve or revert.
    needs_review = models.BooleanField(
        default=False,
        editable=False,
        db_index=True,
        help_text="The source file's value changed since the correction was made: confirm, revise or revert.",
    )
    # An editor proposed a value (the last ``propose`` event) that no curator has approved or rejected yet.
    proposal_pending = models.BooleanField(default=False, editable=False, db_index=True)

    class Meta:
        # Django's add/change/view cover correct, revise, revert and reinstate; these two split the roles
        # (apps/curation/migrations/0004_drift_and_roles.py gives them to the editor and curator groups).
        permissions = [
            ("propose_correction", "Can propose a correction (served once a curator approves it)"),
            ("approve_correction", "Can approve or reject a proposed correction"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["content_type", "object_id", "field"], name="one_correction_per_field"
            )
        ]
        ordering = ["-updated_at"]

    def __str__(self):
        return f"{self.content_type.model} {self.object_id}: {self.field}"


class CorrectionEvent(models.Model):
    """One step of a correction's history, written in the same transaction as the step itself: who, when,
    the served value before and after, the upstream value at the time, and why. Append-only: the admin
    neither changes nor deletes these rows, and a correction with events cannot be deleted (PROTECT)."""

    class Action(models.TextChoices):
        CREATE = "create"
        REVISE = "revise"
        REVERT = "revert"
        REINSTATE = "reinstate"
        # An ingest changed the upstream value under the correction: ``previous_upstream`` -> ``upstream_value``.
        DRIFT = "drift"
        CONFIRM = "confirm"  # a curator keeps the correction after a drift
        PROPOSE = "propose"  # an editor's value, not served until approved
        APPROVE = "approve"
        REJECT = "reject"

    correction = models.ForeignKey(Correction, on_delete=models.PROTECT, related_name="events")
    action = models.CharField(max_length=9, choices=Action.choices)
    before = models.TextField(blank=True, null=True, help_text="The value served before this step.")
    after = models.TextField(blank=True, null=True, help_text="The value served after this step.")
    upstream_value = models.TextField(blank=True, null=True, help_text="What the source file said then.")
    previous_upstream = models.TextField(
        blank=True, null=True, help_text="A drift's upstream value before the ingest that changed it."
    )
    reason = models.TextField(blank=True)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    username = models.CharField(max_length=150, blank=True, help_text="Kept if the user is deleted.")
    at = models.DateTimeField(auto_now_add=True, db_index=True)
    # The curator's queued change this step applied (apps.curation.queue), in the web-state database.
    change_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["correction", "pk"]
        verbose_name = "correction history"
        verbose_name_plural = "correction history"

    def __str__(self):
        return f"{self.action} {self.correction}"


class ReviewFlag(models.Model):
    """A record a curator wants looked at (a suspicious value, a missing link)."""

    content_type = models.ForeignKey(ContentType, on_delete=models.CASCADE, verbose_name="record type")
    object_id = models.CharField(max_length=64, verbose_name="record", help_text="The record's primary key.")
    note = models.TextField(help_text="What looks wrong.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)
    resolved = models.BooleanField(default=False, db_index=True)

    class Meta:
        ordering = ["resolved", "-created_at"]

    def __str__(self):
        return f"{self.content_type.model} {self.object_id}: {self.note[:60]}"


class BackgroundRun(models.Model):
    """An ingest or embed run started from the admin; its progress is written as it goes."""

    class Kind(models.TextChoices):
        INGEST = "ingest"
        EMBED = "embed"

    class Status(models.TextChoices):
        QUEUED = "queued"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"
        ABORTED = "aborted"  # the server process died before the run finished

    kind = models.CharField(max_length=8, choices=Kind.choices)
    source = models.CharField(max_length=64, help_text="Plan slug.")
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    progress = models.CharField(max_length=300, blank=True, help_text="The latest step, e.g. 'file 3 of 8'.")
    output = models.TextField(blank=True, help_text="What the run printed (the end of it).")
    ingest_run = models.ForeignKey(
        "core.IngestRun", null=True, blank=True, on_delete=models.SET_NULL, help_text="The run it recorded."
    )
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The server process running it: a run whose process is gone is marked aborted (services.abort_orphans).
    pid = models.IntegerField(null=True, blank=True, editable=False)
    host = models.CharField(max_length=255, blank=True, editable=False)

    class Meta:
        ordering = ["-created_at"]
        # The report counts every source's gaps and runs: staff status alone does not show it.
        permissions = [("view_quality_report", "Can view the data-quality report")]

    def __str__(self):
        return f"{self.kind} {self.source} ({self.status})"


class QueuedChange(models.Model):
    """A curator's change (correct, revert, flag), written first to the web-state database
    (apps/core/db/routers.py) and applied to the data database when its writer is free: at once when no
    ingest writes, else when the ingest finishes (apps.curation.queue). Kept after it is applied: who
    changed what, when and why, reverts included."""

    class Action(models.TextChoices):
        CORRECT = "correct"
        REVERT = "revert"
        REINSTATE = "reinstate"
        FLAG = "flag"
        UPDATE_FLAG = "update_flag", "update flag"
        PROPOSE = "propose"
        APPROVE = "approve"
        REJECT = "reject"
        CONFIRM = "confirm"

    class Status(models.TextChoices):
        PENDING = "pending"
        APPLIED = "applied"
        FAILED = "failed"

    action = models.CharField(max_length=12, choices=Action.choices)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING, db_index=True)
    record_type = models.CharField(max_length=100, help_text="The record's model, e.g. bills.bill.")
    object_id = models.CharField(max_length=64, verbose_name="record", help_text="The record's primary key.")
    field = models.CharField(max_length=64, blank=True)
    value = models.TextField(blank=True, null=True)
    text = models.TextField(blank=True, help_text="The reason of a correction, the note of a flag.")
    target_id = models.BigIntegerField(null=True, blank=True, help_text="The correction or flag changed.")
    resolved = models.BooleanField(default=False)
    # Plain columns, not foreign keys: the users live in the data database.
    user_id = models.BigIntegerField(null=True, blank=True)
    username = models.CharField(max_length=150, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True, help_text="Why it could not be applied (the record is gone...).")

    class Meta:
        ordering = ["-pk"]
        verbose_name = "curator's change"

    def __str__(self):
        return f"{self.action} {self.record_type} {self.object_id} ({self.status})"


class CorrectionToReview(Correction):
    """The curators' review queue: corrections whose upstream value moved (``needs_review``) and editors'
    proposals waiting for approval. Same rows as Correction; its own admin page."""

    class Meta:
        proxy = True
        verbose_name = "correction to review"
        verbose_name_plural = "corrections to review"
