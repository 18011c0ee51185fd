"""One paging rule for every list: ``limit`` (default 20, max 250) and an opaque ``cursor``.

The cursor encodes the offset of the next page; clients must treat it as opaque.
"""

import base64
import binascii
from collections.abc import Sequence
from typing import Generic, TypeVar

from pydantic import BaseModel, Field

from apps.core.conf import knob
from apps.core.errors import InvalidParameter

T = TypeVar("T")
MAX_CURSOR_OFFSET = 1_000_000_000  # far past any list; a bigger one overflows SQLite's OFFSET (a 500)


class Pagination(BaseModel):
    limit: int = Field(description="Page size used.")
    total: int = Field(description="Number of matching records.")
    next_cursor: str | None = Field(
        description="Pass as ?cursor= to get the next page; null on the last page."
    )


class Page(BaseModel, Generic[T]):
    results: list[T]
    pagination: Pagination


def page_size_max() -> int:
    return knob("PAGE_SIZE_MAX")


def parse_limit(limit: int | None) -> int:
    if limit is None:
        return knob("PAGE_SIZE_DEFAULT")
    if not 1 <= limit <= page_size_max():
        raise InvalidParameter(
            "limit",
            f"limit must be between 1 and {page_size_max()}; got {limit}.",
            minimum=1,
            maximum=page_size_max(),
        )
    return limit


def encode_cursor(offset: int) -> str:
    return base64.urlsafe_b64encode(f"o:{offset}".encode()).decode().rstrip("=")


def decode_cursor(cursor: str | None) -> int:
    if not cursor:
        return 0
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        prefix, value = raw.split(":", 1)
        offset = int(value)
        if prefix != "o" or not 0 <= offset <= MAX_CURSOR_OFFSET:
            raise ValueError
        return offset
    except (ValueError, UnicodeDecodeError, binascii.Error):
        raise InvalidParameter(
            "cursor", "cursor is not one Josh issued; drop it to start from the first page."
        ) from None


def paginate(queryset, *, limit: int | None, cursor: str | None, to_schema) -> Page:
    """Slice a queryset (or sequence) into a Page, mapping rows through ``to_schema``."""
    size = parse_limit(limit)
    offset = decode_cursor(cursor)
    total = (
        queryset.count()
        if hasattr(queryset, "count") and not isinstance(queryset, Sequence)
        else len(queryset)
    )
    rows = list(queryset[offset : offset + size])
    next_cursor = encode_cursor(offset + size) if offset + size < total else None
    return Page(
        results=[to_schema(row) for row in rows],
        pagination=Pagination(limit=size, total=total, next_cursor=next_cursor),
    )
