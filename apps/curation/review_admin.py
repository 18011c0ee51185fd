"""The curators' review queue in the admin (*Corrections to review*): every correction an ingest flagged
because the source file's value moved under it (``needs_review``: the old and new upstream value beside the
corrected value still served), and every editor's proposal waiting for approval. A curator confirms,
revises (the correction's own page), reverts, approves or rejects: each an event in the field's history.

Registered from ``CurationConfig.ready`` (it builds on the corrections' admin, apps/curation/admin.py).
"""

from django.contrib import admin
from django.db.models import Q
from django.urls import reverse
from django.utils.html import format_html

from apps.curation import permissions, proposals
from apps.curation.admin import NeverWaitsOnIngest, _record_link, history_url
from apps.curation.models import Correction, CorrectionEvent, CorrectionToReview, QueuedChange
from apps.curation.roles import CorrectionRoles, can, queue_steps


def _latest(correction: Correction, action: str) -> CorrectionEvent | None:
    return correction.events.filter(action=action).order_by("-pk").first()


@admin.register(CorrectionToReview)
class CorrectionToReviewAdmin(CorrectionRoles, NeverWaitsOnIngest, admin.ModelAdmin):
    list_display = (
        "record", "why", "served", "previous_upstream", "new_upstream", "proposed", "links",
    )  # fmt: skip
    list_display_links = None
    list_filter = ("needs_review", "proposal_pending", ("content_type", admin.RelatedOnlyFieldListFilter))
    search_fields = ("object_id", "field", "value", "reason")
    list_select_related = ("content_type",)
    actions = ["confirm_selected", "revert_selected", "approve_selected", "reject_selected"]

    def get_queryset(self, request):
        return super().get_queryset(request).filter(Q(needs_review=True) | Q(proposal_pending=True))

    # A queue to act on from its list: rows are added by ingests and editors, changed on the correction's
    # own page, and never deleted.
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_view_permission(self, request, obj=None):
        return can(request, permissions.REVISE) or can(request, permissions.APPROVE)

    def has_module_permission(self, request):
        return self.has_view_permission(request)

    @admin.display(description="record: field")
    def record(self, obj):
        return format_html("{}: {}", _record_link(obj), obj.field)

    @admin.display(description="to review")
    def why(self, obj):
        parts = []
        if obj.needs_review:
            parts.append("upstream changed")
        if obj.proposal_pending:
            parts.append("proposal")
        return ", ".join(parts)

    def changelist_view(self, request, extra_context=None):
        title = "Corrections to review: the source file changed under them, or an editor proposed a value"
        return super().changelist_view(request, {"title": title, **(extra_context or {})})

    @admin.display(description="served value")
    def served(self, obj):
        return obj.value if obj.status == Correction.Status.ACTIVE else "- (not served yet)"

    @admin.display(description="new upstream")
    def new_upstream(self, obj):
        return obj.ingested_value if obj.needs_review else "-"

    @admin.display(description="old upstream")
    def previous_upstream(self, obj):
        drift = _latest(obj, CorrectionEvent.Action.DRIFT) if obj.needs_review else None
        return drift.previous_upstream if drift else "-"

    @admin.display(description="proposed value")
    def proposed(self, obj):
        proposal = proposals.pending_proposal(obj)
        if proposal is None:
            return "-"
        return format_html("{} <small>({}: {})</small>", proposal.after, proposal.username, proposal.reason)

    @admin.display(description="act")
    def links(self, obj):
        """Revise on the correction's own page; the field's history. One narrow column (1366 px)."""
        revise = reverse("admin:curation_correction_change", args=[obj.pk])
        return format_html(
            '<a href="{}">Revise</a><br><a href="{}">History ({})</a>',
            revise,
            history_url(obj.pk),
            obj.events.count(),
        )

    @admin.action(
        description="Revert the selected corrections (serve the upstream value; history kept)",
        permissions=["revise"],
    )
    def revert_selected(self, request, queryset):
        queue_steps(
            self,
            request,
            queryset.filter(status=Correction.Status.ACTIVE),
            QueuedChange.Action.REVERT,
            "Reverted",
        )
