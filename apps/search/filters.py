"""Search filters and the SQL fragments they become.

A filter a source cannot answer (``congress`` on a source without a congress column, ``bill_id`` on one
without a bill column, a facet such as ``agency`` on one that does not declare it: apps/search/facets.py)
excludes that source: it has no record that is known to satisfy it.
"""

from dataclasses import dataclass
from datetime import date

from apps.core.db.engine import current
from apps.core.db.quoting import quote_ident
from apps.core.errors import InvalidParameter
from apps.core.ids import bill_id_param
from apps.search import facets


@dataclass(frozen=True)
class SearchFilters:
    since: date | None = None
    until: date | None = None
    congress: int | None = None
    bill_id: str | None = None  # canonical ('hr:119:103')
    # facet name -> the values chosen (any of them passes), canonical: apps/search/facets.py
    chosen: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def any(self) -> bool:
        values = (self.since, self.until, self.congress, self.bill_id)
        return any(v is not None for v in values) or bool(self.chosen)

    @property
    def by_record(self) -> bool:
        """A filter on the record's own columns that the vector index cannot apply by itself (bill, facets):
        the vector leg is given the ids of the records that pass."""
        return self.bill_id is not None or bool(self.chosen)


def _date(name: str, value) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise InvalidParameter(name, f"{name} must be a date like 2024-01-31; got '{value}'.") from None


def make_filters(*, since=None, until=None, congress=None, bill_id=None, **chosen) -> SearchFilters:
    """The filters of a search; ``chosen`` holds the facet parameters (``agency``, ``document_type``,
    ``chamber``: a comma list or a list each), checked against their vocabulary (a 400 naming it)."""
    since, until = _date("since", since), _date("until", until)
    if since and until and since > until:
        raise InvalidParameter("since", f"since ({since}) is after until ({until}); swap them.")
    canonical = bill_id_param(bill_id, congress=congress) if bill_id else None
    picked = tuple((name, facets.check(name, value)) for name, value in chosen.items() if value)
    return SearchFilters(
        since=since,
        until=until,
        congress=congress,
        bill_id=canonical,
        chosen=tuple((name, values) for name, values in picked if values),
    )


def applicable(spec, filters: SearchFilters) -> bool:
    if filters.congress is not None and not spec.congress_column:
        return False
    if filters.bill_id is not None and not spec.bill_column:
        return False
    return all(facets.column(spec, name) for name, _ in filters.chosen)


def unanswered(spec, filters: SearchFilters) -> list[str]:
    """The filters asked for that ``spec``'s source cannot answer (it is left out of the search for them)."""
    missing = [name for name, _ in filters.chosen if not facets.column(spec, name)]
    if filters.congress is not None and not spec.congress_column:
        missing.insert(0, "congress")
    if filters.bill_id is not None and not spec.bill_column:
        missing.insert(0, "bill_id")
    return missing


def content_filters(spec, filters: SearchFilters) -> tuple[list[str], dict]:
    """AND-able fragments over the content row ``c`` and their named parameters."""
    fragments: list[str] = []
    params: dict = {}
    if filters.since:
        fragments.append(f"c.{quote_ident(spec.date_column)} >= :since")
        params["since"] = filters.since.isoformat()
    if filters.until:
        column = f"c.{quote_ident(spec.date_column)}"
        fragments.append(f"{current().day(column)} <= :until")  # a datetime's day, on or before
        params["until"] = filters.until.isoformat()
    if filters.congress is not None:
        fragments.append(f"c.{quote_ident(spec.congress_column)} = :congress")
        params["congress"] = filters.congress
    record, bound = record_filters(spec, filters)
    return fragments + record, params | bound


def record_filters(spec, filters: SearchFilters) -> tuple[list[str], dict]:
    """The fragments of the filters on the record's own columns (``bill_id``, the facets), for the vector
    leg's pre-filter as well as the lexical leg."""
    fragments: list[str] = []
    params: dict = {}
    if filters.bill_id is not None:
        fragments.append(f"c.{quote_ident(spec.bill_column)} = :bill_id")
        params["bill_id"] = filters.bill_id
    for name, values in filters.chosen:
        fragment, bound = facets.fragment(spec, name, values)
        fragments.append(fragment)
        params.update(bound)
    return fragments, params
