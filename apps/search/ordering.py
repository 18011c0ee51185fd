"""``sort``: the order of a search result, declared once for every surface (REST, MCP, the explorer).

``relevance`` is the ranked order. ``newest`` / ``oldest`` order the *whole admitted result* (the records
``total`` counts, with the floors and constraints of relevance: ``counting.Legs.members``), not its first
ranked page, by the record's published date (its citation's ``published_at``, to the day); records without
a date come last, and records of the same day keep their relevance order. Records past the ranked depth have
no rank of their own: they follow the ranked ones, in a fixed (source, id) order.
"""

from typing import Annotated

import numpy as np
from pydantic import Field

from apps.core.errors import InvalidParameter
from apps.core.plans import registered_plan
from apps.search import queries
from apps.search.fusion import Ranked
from apps.search.schemas import SORT_DOC, SORTS, Sort

SortParam = Annotated[Sort, Field("relevance", description=SORT_DOC)]


def check(sort: str | None) -> str:
    """``sort`` or a 400 naming the values allowed."""
    if sort in (None, ""):
        return "relevance"
    if sort not in SORTS:
        raise InvalidParameter(
            "sort", f"sort must be one of {', '.join(SORTS)}; got '{sort}'.", allowed=SORTS
        )
    return sort


def by_date(ranked: list[Ranked], members: dict[str, np.ndarray], newest: bool) -> list[Ranked]:
    """Every member record (and every ranked one) ordered by published date; the ranked ones keep their
    ``Ranked`` (scores, best chunk), the others get one with no rank."""
    known = {r.key: r for r in ranked}
    keys = set(known)
    for source, ids in members.items():
        keys.update((source, int(i)) for i in ids)
    relevance = {r.key: i for i, r in enumerate(ranked)}
    ordered = sorted(keys, key=lambda k: (relevance.get(k, len(relevance)), k))
    dates = _dates(keys)
    dated = [k for k in ordered if dates.get(k)]
    dated.sort(key=lambda k: dates[k], reverse=newest)  # a stable sort: same-day records stay by relevance
    undated = [k for k in ordered if not dates.get(k)]
    return [known.get(k) or Ranked(source=k[0], doc_id=k[1], score=0.0) for k in dated + undated]


def month_counts(keys: set[tuple[str, int]]) -> dict[str, int]:
    """How many of the records ``keys`` (the whole result: ``result_keys``) were published in each month
    ("YYYY-MM"), newest first."""
    counts: dict[str, int] = {}
    for day in _dates(keys).values():
        counts[day[:7]] = counts.get(day[:7], 0) + 1
    return dict(sorted(counts.items(), reverse=True))


def years_of(months: dict[str, int]) -> dict[int, int]:
    """Month counts ("YYYY-MM") summed per year, newest year first."""
    counts: dict[int, int] = {}
    for month, n in months.items():
        counts[int(month[:4])] = counts.get(int(month[:4]), 0) + n
    return dict(sorted(counts.items(), reverse=True))


def result_keys(ranked: list[Ranked], members: dict[str, np.ndarray]) -> set[tuple[str, int]]:
    """(source, doc id) of every record of the whole result: the ranked ones and the admitted members."""
    keys = {r.key for r in ranked}
    for source, ids in members.items():
        keys.update((source, int(i)) for i in ids)
    return keys


def _dates(keys) -> dict[tuple[str, int], str]:
    """(source, doc_id) → its published day (YYYY-MM-DD), one query per source."""
    out: dict[tuple[str, int], str] = {}
    for source in {s for s, _ in keys}:
        spec = registered_plan(source).searched
        ids = [doc_id for s, doc_id in keys if s == source]
        sql = queries.render("published_dates", idents={"content": spec.content_table})
        for doc_id, value in queries.fetchall(sql, {"ids": queries.ids_param(ids)}):
            if value:
                day = value.isoformat() if hasattr(value, "isoformat") else str(value)
                out[(source, doc_id)] = day[:10]
    return out
