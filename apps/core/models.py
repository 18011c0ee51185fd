from django.db import models


class IngestRun(models.Model):
    """One ``manage.py ingest`` invocation: what it read, what it wrote, what failed. Read-only in the admin."""

    class Status(models.TextChoices):
        RUNNING = "running"
        SUCCESS = "success"
        PARTIAL = "partial", "partial (some files or records failed)"
        FAILED = "failed"
        # The process died (kill -9, a crash, a power cut) before it finished: some files are written, the
        # rest not. The next ingest of any source marks it so; re-running the source finishes it.
        ABORTED = "aborted", "aborted (half-applied: re-run to finish)"

    source = models.CharField(max_length=64, db_index=True, help_text="Plan slug, e.g. 'legislators'.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING, db_index=True)
    dry_run = models.BooleanField(default=False, help_text="Counted but rolled back.")
    started_at = models.DateTimeField(db_index=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    duration_ms = models.PositiveIntegerField(default=0)
    paths = models.JSONField(default=list, help_text="Paths given on the command line.")
    files_total = models.PositiveIntegerField(default=0)
    files_failed = models.PositiveIntegerField(default=0)
    records = models.PositiveIntegerField(default=0)
    inserted = models.PositiveIntegerField(default=0)
    updated = models.PositiveIntegerField(default=0)
    noop = models.PositiveIntegerField(default=0)
    error_count = models.PositiveIntegerField(default=0)
    errors = models.JSONField(default=list, help_text="[{file, record, message}] for every rejected file.")
    quarantined_count = models.PositiveIntegerField(
        default=0, help_text="Records set aside while the rest of their file loaded."
    )
    quarantined = models.JSONField(
        default=list,
        help_text="[{file, record, field, message}] for each quarantined record (the first 5000); a re-run "
        "after the file is fixed loads them.",
    )
    warnings = models.JSONField(default=list, help_text="[{file, record, message}]: kept, but worth a look.")
    pid = models.PositiveIntegerField(null=True, blank=True, help_text="Process that ran it.")
    host = models.CharField(max_length=255, blank=True, default="", help_text="Host that ran it.")
    limits = models.JSONField(
        default=dict,
        blank=True,
        help_text="The caps its files were read under: bytes per file, zip ratio, YAML depth and aliases.",
    )
    corrections_needing_review = models.PositiveIntegerField(
        default=0,
        help_text="Corrected fields whose source-file value this run changed: each correction was flagged "
        "for a curator's review (the warnings name them).",
    )

    class Meta:
        ordering = ["-started_at"]
        indexes = [models.Index(fields=["source", "-started_at"])]

    def __str__(self):
        return f"{self.source} @ {self.started_at:%Y-%m-%d %H:%M:%S} ({self.status})"
