from django.contrib import admin

from apps.feeds.models import SavedSearch


@admin.register(SavedSearch)
class SavedSearchAdmin(admin.ModelAdmin):
    list_display = ("name", "user", "query", "digest", "last_sent_at", "created_at")
    list_filter = ("digest", "last_sent_at")
    search_fields = ("name", "query", "user__username", "user__email")
    raw_id_fields = ("user",)
    readonly_fields = ("created_at",)
