from django.contrib import admin, messages

from apps.access.models import ApiKey
from apps.access.services import api_key_issue, api_key_revoke


@admin.register(ApiKey)
class ApiKeyAdmin(admin.ModelAdmin):
    """Issue a key by adding one with a name: the key is shown once, in the confirmation message."""

    list_display = ("name", "prefix", "created", "last_used", "revoked")
    list_filter = ("revoked",)
    search_fields = ("name", "prefix")
    fields = ("name", "prefix", "created", "last_used", "revoked")
    readonly_fields = ("prefix", "created", "last_used", "revoked")
    actions = ["revoke"]

    def save_model(self, request, obj, form, change):
        if change:
            obj.save(update_fields=["name"])
            return
        key, raw = api_key_issue(name=obj.name)
        obj.pk, obj.prefix, obj.key_hash, obj.created = key.pk, key.prefix, key.key_hash, key.created
        messages.warning(request, f"API key for '{key.name}': {raw} — copy it now; it is not shown again.")

    def has_delete_permission(self, request, obj=None):
        return False  # revoke instead, so the audit trail stays

    @admin.action(description="Revoke the selected keys")
    def revoke(self, request, queryset):
        for key in queryset:
            api_key_revoke(key=key)
        messages.success(request, f"Revoked {queryset.count()} key(s).")
