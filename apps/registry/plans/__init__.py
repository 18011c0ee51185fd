"""The registry's sources. Importing this package registers the registry id kinds and every plan."""

from apps.registry import ids  # noqa: F401  (registers legislator / committee / vote id kinds)

from . import committee_memberships, committees, legislators, roll_call_votes  # noqa: F401
