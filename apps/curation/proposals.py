"""Editors' proposals (docs/ACCESS.md "Corrections: roles"): an editor proposes a value for a field (event
``propose``), stored but not served; a curator approves it (``approve``: served now and on every later
ingest) or rejects it (``reject``). Each step checks its user's permission (apps.curation.permissions)."""

from django.contrib.contenttypes.models import ContentType
from django.db import transaction

from apps.core.errors import InvalidParameter
from apps.curation.models import Correction, CorrectionEvent
from apps.curation.permissions import APPROVE, PROPOSE, require
from apps.curation.services import NEVER_SERVED, _event, _serve, as_text, checked_target, served_text


@transaction.atomic
def propose(
    *,
    content_type: ContentType,
    object_id: str,
    field: str,
    value: str | None,
    reason: str,
    user=None,
    change_id: int | None = None,
) -> Correction:
    """An editor's value for a field (event ``propose``): stored, not served until a curator approves it.
    The field's first proposal is a correction in state ``proposed``; one on a corrected field waits beside
    the value served (``proposal_pending``), which stays until the approval."""
    require(user, PROPOSE, "propose a correction")
    record, correction = checked_target(content_type, object_id, field, value)
    served = as_text(getattr(record, field))
    if correction is None:
        correction = Correction(
            content_type=content_type, object_id=str(record.pk), field=field, created_by=user
        )
    if correction.pk is None or correction.status in NEVER_SERVED:
        correction.value, correction.reason, correction.status = value, reason, Correction.Status.PROPOSED
        correction.ingested_value = served
    correction.proposal_pending = True
    if correction.status in (Correction.Status.ACTIVE, Correction.Status.REVERTED):
        # The served value (and its provenance's ``at``) stays as it is until the approval.
        correction.save(update_fields=["proposal_pending"])
    else:
        correction.save()
    _event(
        correction, CorrectionEvent.Action.PROPOSE, before=served, after=value, reason=reason, user=user,
        change_id=change_id,
    )  # fmt: skip
    return correction


def pending_proposal(correction: Correction) -> CorrectionEvent | None:
    """The latest ``propose`` event while the correction has a proposal waiting."""
    if not correction.proposal_pending:
        return None
    return correction.events.filter(action=CorrectionEvent.Action.PROPOSE).order_by("-pk").first()


def _locked_proposal(correction: Correction, user, step: str) -> tuple[Correction, CorrectionEvent]:
    require(user, APPROVE, step)
    correction = Correction.objects.select_for_update().get(pk=correction.pk)
    proposal = pending_proposal(correction)
    if proposal is None:
        raise InvalidParameter("correction", f"The correction of {correction} has no proposal waiting.")
    return correction, proposal


@transaction.atomic
def approve(correction: Correction, *, reason: str = "", user=None, change_id: int | None = None) -> None:
    """Serve the waiting proposal's value now and on every later ingest (event ``approve``)."""
    correction, proposal = _locked_proposal(correction, user, "approve a proposed correction")
    before = served_text(correction)
    if correction.status != Correction.Status.ACTIVE:
        correction.ingested_value = before  # not served until now: the record holds the upstream value
    correction.value, correction.reason = proposal.after, proposal.reason
    correction.status, correction.proposal_pending, correction.needs_review = (
        Correction.Status.ACTIVE,
        False,
        False,
    )
    correction.save()
    _serve(correction, correction.value)
    why = reason or f"approved {proposal.username or 'the editor'}'s proposal"
    _event(
        correction, CorrectionEvent.Action.APPROVE, before=before, after=correction.value, reason=why,
        user=user, change_id=change_id,
    )  # fmt: skip


@transaction.atomic
def reject(correction: Correction, *, reason: str = "", user=None, change_id: int | None = None) -> None:
    """Turn the waiting proposal down (event ``reject``); what is served does not change. A proposal that
    was never served leaves its correction ``rejected``."""
    correction, _proposal = _locked_proposal(correction, user, "reject a proposed correction")
    served = served_text(correction)
    correction.proposal_pending = False
    if correction.status == Correction.Status.PROPOSED:
        correction.status = Correction.Status.REJECTED
    correction.save(update_fields=["proposal_pending", "status"])
    _event(
        correction, CorrectionEvent.Action.REJECT, before=served, after=served, reason=reason, user=user,
        change_id=change_id,
    )  # fmt: skip
