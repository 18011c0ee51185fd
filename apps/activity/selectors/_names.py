"""Ranked name lookup (``q``) over an activity FTS name table, through apps.search.names."""

from collections.abc import Callable

from apps.core.errors import InvalidParameter
from apps.core.pagination import Page, Pagination, decode_cursor, encode_cursor, parse_limit
from apps.search.names import search_names


def no_other_filters(**others) -> None:
    given = [name for name, value in others.items() if value]
    if given:
        raise InvalidParameter(
            "q",
            f"q (a ranked name lookup) cannot be combined with {', '.join(given)}; drop one of them.",
            conflicts=given,
        )


def ranked_page(
    *,
    queryset,
    fts_table: str,
    q: str,
    filters: dict,
    limit: int | None,
    cursor: str | None,
    to_schema: Callable,
) -> Page:
    """One page of rows whose FTS name columns match ``q``, best first; ``to_schema(row, score)``."""
    size, offset = parse_limit(limit), decode_cursor(cursor)
    matches = search_names(
        fts_table=fts_table,
        content_table=queryset.model._meta.db_table,
        q=q,
        filters=filters,
        limit=size,
        offset=offset,
    )
    rows = queryset.in_bulk([pk for pk, _ in matches.hits])
    results = [to_schema(rows[pk], score) for pk, score in matches.hits if pk in rows]
    next_cursor = encode_cursor(offset + size) if offset + size < matches.total else None
    return Page(
        results=results, pagination=Pagination(limit=size, total=matches.total, next_cursor=next_cursor)
    )
