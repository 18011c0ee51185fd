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


GROUPS = ("editor", "curator")


def grant_record_views(app_config, using="default", **kwargs) -> None:
    """post_migrate: the editor and curator groups may view every correctable record type (a CitedRecord) of
    ``app_config``: a record's admin page is where "Correct a field", "Flag for review" and each field's
    history start. Granted after every migrate, so an app that adds a record type (a new source) needs no
    migration of its own for it; migration 0005_record_views granted the types that existed then. View only:
    the data changes through ingests and corrections, never the record admin's forms."""
    from django.contrib.auth.models import Group, Permission
    from django.contrib.contenttypes.models import ContentType
    from django.db import router

    from apps.citations.models import CitedRecord

    if not router.allow_migrate_model(using, Group):
        return  # the web-state database holds no users or groups
    models = [m for m in app_config.get_models() if issubclass(m, CitedRecord)]
    groups = list(Group.objects.using(using).filter(name__in=GROUPS))
    if not models or not groups:
        return
    types = ContentType.objects.db_manager(using).get_for_models(*models).values()
    codenames = [f"view_{m._meta.model_name}" for m in models]
    perms = list(Permission.objects.using(using).filter(content_type__in=types, codename__in=codenames))
    for group in groups:
        group.permissions.add(*perms)
