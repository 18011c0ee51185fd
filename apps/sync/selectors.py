"""Freshness reads for /v1/sources and the admin."""

from datetime import datetime

from apps.sync.fetchers import all_fetchers
from apps.sync.models import SyncState


def last_synced_by_plan() -> dict[str, datetime]:
    """Plan slug -> when a sync last completed for the fetcher that feeds it (one fetcher may feed several
    plans: BILLSTATUS feeds bills, topics, CBO estimates and committee reports)."""
    synced = dict(SyncState.objects.exclude(last_synced_at=None).values_list("source", "last_synced_at"))
    return {slug: synced[f.slug] for f in all_fetchers() if f.slug in synced for slug in f.ingest}
