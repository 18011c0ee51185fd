"""Per-source health of the search indexes, for /healthz: each FTS5 table answers a one-row probe or names
its error, so one corrupt index shows as that source's problem, not as the whole service's."""

from apps.core.plans import all_plans
from apps.search import queries


def index_health() -> dict[str, str]:
    """``{source slug: "ok" | "<error>"}`` for every source with a search index."""
    out = {}
    for plan in all_plans():
        if plan.search is None:
            continue
        try:
            queries.fetchall(queries.render("fts_probe", idents={"fts": plan.search.fts_table}))
            out[plan.slug] = "ok"
        except Exception as exc:  # any failure of this one index is this source's health, reported as such
            out[plan.slug] = f"{type(exc).__name__}: {exc}"
    return out
