"""Search filters and the SQL fragments they become.

A filter a source cannot answer (``congress`` on a source without a congress column, ``bill_id`` on one
without a bill column) excludes that source: it has no record that is known to satisfy it.
"""

from dataclasses import dataclass
from datetime import date

from apps.core.db.engine import postgres
from apps.core.db.quoting import quote_ident
from apps.core.errors import InvalidParameter
from apps.core.ids import bill_id_param


@dataclass(frozen=True)
class SearchFilters:
    since: date | None = None
    until: date | None = None
    congress: int | None = None
    bill_id: str | None = None  # canonical ('hr:119:103')

    @property
    def any(self) -> bool:
        return any(v is not None for v in (self.since, self.until, self.congress, self.bill_id))


def _date(name: str, value) -> date | None:
    if value is None or isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value))
    except ValueError:
        raise InvalidParameter(name, f"{name} must be a date like 2024-01-31; got '{value}'.") from None


def make_filters(*, since=None, until=None, congress=None, bill_id=None) -> SearchFilters:
    since, until = _date("since", since), _date("until", until)
    if since and until and since > until:
        raise InvalidParameter("since", f"since ({since}) is after until ({until}); swap them.")
    canonical = bill_id_param(bill_id) if bill_id else None
    return SearchFilters(since=since, until=until, congress=congress, bill_id=canonical)


def applicable(spec, filters: SearchFilters) -> bool:
    if filters.congress is not None and not spec.congress_column:
        return False
    if filters.bill_id is not None and not spec.bill_column:
        return False
    return True


def content_filters(spec, filters: SearchFilters) -> tuple[list[str], dict]:
    """AND-able fragments over the content row ``c`` and their named parameters."""
    fragments: list[str] = []
    params: dict = {}
    if filters.since:
        fragments.append(f"c.{quote_ident(spec.date_column)} >= :since")
        params["since"] = filters.since.isoformat()
    if filters.until:
        column = f"c.{quote_ident(spec.date_column)}"
        # the date part: SQLite stores dates and datetimes as ISO text, PostgreSQL as date/timestamptz
        day = f"CAST({column} AS date)" if postgres() else f"substr({column}, 1, 10)"
        fragments.append(f"{day} <= :until")
        params["until"] = filters.until.isoformat()
    if filters.congress is not None:
        fragments.append(f"c.{quote_ident(spec.congress_column)} = :congress")
        params["congress"] = filters.congress
    if filters.bill_id is not None:
        fragments.append(f"c.{quote_ident(spec.bill_column)} = :bill_id")
        params["bill_id"] = filters.bill_id
    return fragments, params
