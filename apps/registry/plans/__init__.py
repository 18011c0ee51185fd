"""The registry's sources. Importing this package registers the registry id kinds and every plan."""

from apps.registry import ids  # noqa: F401  (registers legislator / committee / vote id kinds)

from . import (  # noqa: F401
    committee_memberships,
    committees,
    legislators,
    legislators_social_media,
    roll_call_votes,
)
