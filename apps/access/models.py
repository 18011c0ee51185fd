"""API keys: the credentials REST (/v1), the browsable API (/browse/) and MCP (/mcp) accept when JOSH_AUTH
is 'apikey' or 'oauth' (see apps.access.policy and docs/ACCESS.md).

Only a SHA-256 digest of each key is stored; the key itself is shown once, when it is issued.
"""

from django.db import models


class ApiKey(models.Model):
    """A caller's key. Issued and revoked in the admin; never stored in the clear."""

    name = models.CharField(max_length=200, help_text="Who or what holds the key, e.g. 'research agent'.")
    prefix = models.CharField(
        max_length=16,
        db_index=True,
        help_text="First characters of the key, to tell keys apart in the admin.",
    )
    key_hash = models.CharField(max_length=64, unique=True, help_text="SHA-256 hex digest of the key.")
    created = models.DateTimeField(auto_now_add=True)
    revoked = models.DateTimeField(
        null=True, blank=True, help_text="When the key was revoked; null = active."
    )
    last_used = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = "API key"

    def __str__(self):
        state = "revoked" if self.revoked else "active"
        return f"{self.name} ({self.prefix}…, {state})"

    @property
    def is_active(self) -> bool:
        return self.revoked is None
