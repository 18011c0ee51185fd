"""What /healthz reports: the database answers, and per source its latest ingest run and its search index.

Overall ``ok`` when everything is; ``degraded`` when some source is not (a failed or running latest run, an
index that errors) while the rest serve; ``down`` when the database itself does not answer. The index probe
is passed in by the caller (the search app owns the indexes), so this module needs nothing above core.
"""

from collections.abc import Callable

from django.db import DatabaseError, connection

from apps.core.plans import all_plans
from apps.core.services.runs import ingest_state, latest_runs


def health(
    index_probe: Callable[[], dict[str, str]], vector_probe: Callable[[], dict[str, dict]] | None = None
) -> dict:
    """``vector_probe`` (passed in, like the index probe): ``{slug: vector coverage}`` of body-bearing
    sources, reported per source as ``vectors``."""
    try:
        connection.ensure_connection()
        latest = latest_runs()
        indexes = index_probe()
        vectors = vector_probe() if vector_probe else {}
    except DatabaseError as exc:
        return {"status": "down", "database": f"{type(exc).__name__}: {exc}", "sources": {}}
    sources = {}
    for plan in all_plans():
        run = latest.get(plan.slug)
        state, note = ingest_state(run)
        entry = {
            "last_run": run.status if run else "never",
            "last_run_at": run.finished_at if run else None,
            "ingest_state": state,
        }
        if state == "half-applied":
            entry["note"] = note
        if plan.slug in indexes:
            entry["search_index"] = indexes[plan.slug]
        if plan.slug in vectors:
            entry["vectors"] = vectors[plan.slug]
        entry["ok"] = entry["last_run"] in ("success", "never") and entry.get("search_index", "ok") == "ok"
        sources[plan.slug] = entry
    status = "ok" if all(s["ok"] for s in sources.values()) else "degraded"
    return {"status": status, "database": "ok", "sources": sources}
