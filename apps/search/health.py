"""Per-source health of the search indexes, for /healthz: each FTS5 table answers a one-row probe or names
its error, so one corrupt index shows as that source's problem, not as the whole service's."""

from contextlib import nullcontext

from django.db import connection, transaction

from apps.core.plans import all_plans
from apps.search import queries


def index_health() -> dict[str, str]:
    """``{source slug: "ok" | "<error>"}`` for every source with a search index."""
    out = {}
    for plan in all_plans():
        if plan.search is None:
            continue
        idents = {"fts": plan.search.fts_table, "content": plan.search.content_table}
        try:
            # Inside a transaction, in a savepoint: on PostgreSQL a failed statement aborts the enclosing
            # transaction, and every later probe would then fail too (outside one, nothing is needed).
            with transaction.atomic() if connection.in_atomic_block else nullcontext():
                queries.fetchall(queries.render("fts_probe", idents=idents))
            out[plan.slug] = "ok"
        except Exception as exc:  # any failure of this one index is this source's health, reported as such
            out[plan.slug] = f"{type(exc).__name__}: {exc}"
    return out
