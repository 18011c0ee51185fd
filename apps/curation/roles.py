"""The editor and curator roles in the admin (docs/ACCESS.md "Corrections: roles"). The services check every
step again (apps.curation.permissions.require); this only shows each role the forms and actions it may use:

* an editor (``propose_correction``) may open the add and change forms, and saving one *proposes* the value;
* a curator (``add_correction`` / ``change_correction``) saves corrections and revisions directly, reverts,
  reinstates and confirms corrections an ingest flagged; ``approve_correction`` approves or rejects
  proposals.
"""

from django.contrib import admin, messages

from apps.curation import permissions, queue
from apps.curation.models import Correction, QueuedChange


def can(request, perm: str) -> bool:
    return request.user.is_active and request.user.has_perm(perm)


def queue_steps(admin_, request, corrections, action: str, verb: str) -> None:
    """Queue ``action`` for each correction (applied at once unless an ingest writes); tell the curator."""
    for correction in corrections:
        ct = correction.content_type
        done = queue.submit(
            action=action,
            user=request.user,
            record_type=f"{ct.app_label}.{ct.model}",
            object_id=correction.object_id,
            field=correction.field,
            target_id=correction.pk,
            text=f"{verb} in the admin",
        )
        admin_.queued(request, done)


class CorrectionRoles:
    """Mixed into the corrections' ModelAdmin: who may add, change and run which action."""

    review_actions = ["confirm_selected", "approve_selected", "reject_selected"]

    def has_add_permission(self, request):
        return can(request, permissions.CORRECT) or can(request, permissions.PROPOSE)

    def has_change_permission(self, request, obj=None):
        return can(request, permissions.REVISE) or can(request, permissions.PROPOSE)

    def has_revise_permission(self, request):
        return can(request, permissions.REVISE)

    def has_approve_permission(self, request):
        return can(request, permissions.APPROVE)

    def write_action(self, request, obj) -> str:
        """What saving the form does: correct (or revise) for a curator, propose for an editor."""
        existing = Correction.objects.filter(
            content_type=obj.content_type, object_id=obj.object_id, field=obj.field
        ).first()
        new = existing is None or existing.status in (Correction.Status.PROPOSED, Correction.Status.REJECTED)
        if can(request, permissions.CORRECT if new else permissions.REVISE):
            return QueuedChange.Action.CORRECT
        messages.info(request, "Proposed: a curator approves it before it is served.")
        return QueuedChange.Action.PROPOSE

    @admin.action(
        description="Confirm the selected corrections after an upstream change (keep them)",
        permissions=["revise"],
    )
    def confirm_selected(self, request, queryset):
        queue_steps(
            self, request, queryset.filter(needs_review=True), QueuedChange.Action.CONFIRM, "Confirmed"
        )

    @admin.action(description="Approve the selected proposals (serve them)", permissions=["approve"])
    def approve_selected(self, request, queryset):
        queue_steps(
            self, request, queryset.filter(proposal_pending=True), QueuedChange.Action.APPROVE, "Approved"
        )

    @admin.action(description="Reject the selected proposals", permissions=["approve"])
    def reject_selected(self, request, queryset):
        queue_steps(
            self, request, queryset.filter(proposal_pending=True), QueuedChange.Action.REJECT, "Rejected"
        )
