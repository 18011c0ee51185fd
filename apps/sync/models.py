from django.db import models


class SyncState(models.Model):
    """Where a source's last sync got to, so the next one asks upstream only for what changed since, and an
    interrupted one resumes: files already downloaded are not fetched again and are ingested next time."""

    source = models.CharField(max_length=64, unique=True, help_text="Plan slug, e.g. 'bills'.")
    cursor = models.CharField(
        max_length=64, blank=True, help_text="Upstream change date the next sync asks from (ISO)."
    )
    last_synced_at = models.DateTimeField(null=True, blank=True, help_text="When a sync last completed.")
    versions = models.JSONField(
        default=dict,
        help_text="{file name: upstream version (Last-Modified, ETag, date)} of each file ingested.",
    )
    pending = models.JSONField(
        default=dict,
        help_text="{file name: version} downloaded but not yet ingested (an interrupted sync ingests them next).",
    )
    last_error = models.TextField(blank=True)
    files_fetched = models.PositiveIntegerField(default=0, help_text="Files the last sync downloaded.")

    class Meta:
        ordering = ["source"]

    def __str__(self) -> str:
        return f"{self.source} (synced {self.last_synced_at or 'never'})"
