"""Sync state per source: cursor, last sync, pending downloads, last error (read-only: the sync writes it)."""

from django.contrib import admin

from apps.core.readonly_admin import ReadOnlyAdmin
from apps.sync.models import SyncState


@admin.register(SyncState)
class SyncStateAdmin(ReadOnlyAdmin):
    list_display = ("source", "last_synced_at", "cursor", "files_fetched", "pending_count", "last_error")
    search_fields = ("source",)

    @admin.display(description="pending")
    def pending_count(self, obj: SyncState) -> int:
        return len(obj.pending)
