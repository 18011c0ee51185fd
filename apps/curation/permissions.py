"""Who may take which step of a correction (docs/ACCESS.md "Corrections: roles"): the Django permissions
each needs and the check the services and the queue make. The ``editor`` and ``curator`` groups holding them
are created by apps/curation/migrations/0004_drift_and_roles.py."""

from apps.core.errors import JoshError


class PermissionDenied(JoshError):
    """The user's role does not allow this step (an editor approving, a curator managing keys)."""

    status = 403
    type = "permission_error"
    code = "permission_denied"


# Django permissions each step needs (the editor and curator groups: migration 0004_drift_and_roles).
CORRECT, REVISE = "curation.add_correction", "curation.change_correction"
PROPOSE, APPROVE = "curation.propose_correction", "curation.approve_correction"


def require(user, perm: str, step: str) -> None:
    """Refuse ``step`` unless ``user`` (None: the system itself) holds ``perm``."""
    if user is not None and not user.has_perm(perm):
        who = user.get_username() or "an anonymous user"
        raise PermissionDenied(f"{who} may not {step}: it needs the permission {perm}.")
