"""When each source was last synced from upstream, for the source catalogue and the admin.

The sync app knows (apps.sync) but sits above core, so it registers its reader here at startup
(``SyncConfig.ready``) and core asks without importing it. With no sync app installed, nothing was synced."""

from collections.abc import Callable
from datetime import datetime

_readers: list[Callable[[], dict[str, datetime]]] = []


def register(reader: Callable[[], dict[str, datetime]]) -> None:
    if reader not in _readers:
        _readers.append(reader)


def last_synced_by_plan() -> dict[str, datetime]:
    """Plan slug -> when a sync last completed for it."""
    out: dict[str, datetime] = {}
    for reader in _readers:
        out.update(reader())
    return out
