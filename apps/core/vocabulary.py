"""The parameters every surface shares, each with its bounds and description stated once.

REST params models, MCP tool arguments (``Tool.arguments``, ``Operation`` params) and the explorer's search
form annotate their fields with these types, so a page size, a Congress, a bill id or a date bound reads the
same everywhere and a value out of bounds is the same 400 on every surface (docs/DEVELOPING.md, "Adding a
resource" and "Operations").

The page size's maximum is also checked against ``settings.JOSH["PAGE_SIZE_MAX"]`` by
``apps.core.pagination.parse_limit``; ``LIMIT_MAX`` is that setting's default, so the advertised bound and
the enforced one agree unless a deployment lowers it.
"""

from datetime import date
from typing import Annotated

from pydantic import BaseModel, Field

LIMIT_MAX = 250  # the largest page on any list or search (settings.JOSH["PAGE_SIZE_MAX"] default)
OFFSET_MAX = 1_000  # the deepest a ranked result pages (apps.search.conf MAX_OFFSET)
QUERY_MAX_LENGTH = 1_000  # search text, in characters, on every surface
ID_MAX_LENGTH = 40  # any record id a reader types ("H.R. 1234-118", "govtrack:400357")

Limit = Annotated[
    int | None, Field(None, ge=1, le=LIMIT_MAX, description=f"Page size (default 20, max {LIMIT_MAX}).")
]
Cursor = Annotated[
    str | None,
    Field(
        None, max_length=200, description="pagination.next_cursor from the previous page; omit for page 1."
    ),
]
Offset = Annotated[int, Field(0, ge=0, le=OFFSET_MAX, description=f"Hits to skip (max {OFFSET_MAX}).")]
Congress = Annotated[int | None, Field(None, ge=1, le=200, description="Congress number, e.g. 119.")]
BillId = Annotated[
    str | None,
    Field(
        None,
        max_length=ID_MAX_LENGTH,
        description="Only records tied to this bill, e.g. hr:119:103.",
    ),
]
Since = Annotated[date | None, Field(None, description="On or after this day (YYYY-MM-DD).")]
Until = Annotated[date | None, Field(None, description="On or before this day (YYYY-MM-DD).")]
SearchText = Annotated[str, Field(max_length=QUERY_MAX_LENGTH)]  # empty: a 400 from the search itself
RecordId = Annotated[str, Field(min_length=2, max_length=ID_MAX_LENGTH)]


class PageParams(BaseModel):
    """``limit`` and ``cursor``: the paging of every list (apps.core.pagination)."""

    limit: Limit = None
    cursor: Cursor = None
