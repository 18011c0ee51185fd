"""The ``notices`` resource, declared once: schemas, selectors, id kind and the declaration.

Everything a new resource needs besides its model lives in this one module; REST (``/v1/notices``,
``/v1/notices/{id}``), the browse pages, the MCP tools ``list_notices`` / ``get_notice``, ``fetch`` and the
aggregate are derived from the ``Resource`` below (apps.core.resources).
"""

import re
from datetime import date
from typing import Annotated

from pydantic import BaseModel, Field

from apps.core.aggregates import AggregateSpec
from apps.core.errors import NotFound
from apps.core.ids import IdKind, normalize_for
from apps.core.pagination import Page, paginate
from apps.core.resources import CURSOR, LIMIT, Resource, Tool, register_resource
from tests.fixture_app.models import Notice

NOTICE_RE = re.compile(r"^notice:(\d{1,9})$", re.IGNORECASE)


def normalize_notice(text: str) -> str | None:
    m = NOTICE_RE.match(text.strip())
    return f"notice:{int(m.group(1))}" if m else None


class NoticeOut(BaseModel):
    id: str = Field(description="notice:<number>, e.g. notice:1.")
    title: str
    agency: str
    published_on: date
    text: str


class NoticeHit(BaseModel):
    id: str
    title: str
    agency: str
    published_on: date


class NoticeListParams(BaseModel):
    q: str | None = Field(None, max_length=200, description="Words of the title.")
    agency: str | None = Field(None, max_length=100, description="The issuing agency, exactly.")
    since: date | None = Field(None, description="Published on or after this day (YYYY-MM-DD).")
    limit: int | None = Field(None, description="Page size (default 20, max 250).")
    cursor: str | None = None


def notice_queryset(params: NoticeListParams):
    rows = Notice.objects.all()
    for word in (params.q or "").split():
        rows = rows.filter(title__icontains=word)
    if params.agency:
        rows = rows.filter(agency=params.agency)
    if params.since:
        rows = rows.filter(published_on__gte=params.since)
    return rows


def _hit(row: Notice) -> NoticeHit:
    return NoticeHit(id=row.notice_id, title=row.title, agency=row.agency, published_on=row.published_on)


def notice_list(*, params: NoticeListParams) -> Page[NoticeHit]:
    return paginate(notice_queryset(params), limit=params.limit, cursor=params.cursor, to_schema=_hit)


def notice_get(*, id: str) -> NoticeOut:
    canonical = normalize_for("notice", id)
    row = Notice.objects.filter(notice_id=canonical).first()
    if row is None:
        raise NotFound(f"No notice {canonical}. GET /v1/notices lists them.", hint={"id": canonical})
    return NoticeOut(**_hit(row).model_dump(), text=row.text)


register_resource(
    Resource(
        name="notices",
        app=__package__,
        singular="notice",
        id_kind=IdKind("notice", "notices", ("notice",), "notice:1", normalize_notice),
        list=notice_list,
        hit=NoticeHit,
        params=NoticeListParams,
        list_summary="Notices by title words, agency, date",
        list_doc="Notices by title words, agency and date.",
        list_tool=Tool(
            name="list_notices",
            title="List notices",
            description="List notices, newest first, by title words: each notice's id, title, agency and "
            "publication date. Paginated: {results, pagination}; pass the next_cursor as cursor.",
            arguments={
                "q": Annotated[str | None, Field(None, max_length=200, description="Words of the title.")],
                "limit": LIMIT,
                "cursor": CURSOR,
            },
        ),
        aggregate=AggregateSpec(
            queryset=notice_queryset,
            group_fields={"agency": "agency"},
            time_fields={"published_on": "published_on"},
            unsupported_params=("q",),
            examples={"agency": "Federal Aviation Administration"},
            description="Notices (the test fixture resource).",
        ),
        get=notice_get,
        out=NoticeOut,
        get_summary="One notice with its text",
        get_doc="One notice with its text.",
        id_argument=Annotated[str, Field(min_length=1, max_length=40, description="notice:<number>.")],
        get_tool=Tool(
            name="get_notice",
            title="Get a notice",
            description="Get one notice by id (notice:1): its title, issuing agency, publication date and "
            "full text. Unknown id → isError record_not_found.",
        ),
    )
)
