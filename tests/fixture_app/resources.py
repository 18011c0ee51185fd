"""The ``notices`` resource, declared once: schemas, selectors, id kind and the declaration.

Everything a new resource needs besides its model lives in this one module; REST (``/v1/notices``,
``/v1/notices/{id}``), the browse pages, the MCP tools ``list_notices`` / ``get_notice``, ``fetch`` and the
aggregate are derived from the ``Resource`` below (apps.core.resources).
"""

import re
from datetime import date
from typing import Annotated

from pydantic import BaseModel, Field

from apps.citations.schemas import Citation
from apps.citations.services import citation_for
from apps.core.aggregates import AggregateSpec
from apps.core.errors import NotFound
from apps.core.ids import IdKind, normalize_for
from apps.core.pagination import Page, paginate
from apps.core.resources import CURSOR, LIMIT, Resource, Tool, register_resource
from tests.fixture_app.models import Bulletin, Notice


def _numbered(prefix: str):
    """``<prefix>:<number>`` in any case, leading zeros dropped."""
    pattern = re.compile(rf"^{prefix}:(\d{{1,9}})$", re.IGNORECASE)

    def normalize(text: str) -> str | None:
        m = pattern.match(text.strip())
        return f"{prefix}:{int(m.group(1))}" if m else None

    return normalize


normalize_notice = _numbered("notice")


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


class BulletinOut(BaseModel):
    id: str = Field(description="bulletin:<number>, e.g. bulletin:1.")
    title: str
    body: str
    bill_id: str = Field(description="The bill it is about (GET /v1/bills/{bill_id}).")
    citation: Citation


def bulletin_get(*, id: str) -> BulletinOut:
    canonical = normalize_for("bulletin", id)
    row = Bulletin.objects.filter(bulletin_id=canonical).first()
    if row is None:
        raise NotFound(f"No bulletin {canonical}.", hint={"id": canonical})
    return BulletinOut(id=row.bulletin_id, title=row.title, body=row.body, bill_id=row.bill_id,
                       citation=citation_for(row))  # fmt: skip


# A searchable source's records open by id (its plan: tests/fixture_app/plans.py); no tool, no browse page.
register_resource(
    Resource(
        name="bulletins",
        app=__package__,
        singular="bulletin",
        id_kind=IdKind("bulletin", "bulletins", ("bulletin",), "bulletin:1", _numbered("bulletin")),
        get=bulletin_get,
        out=BulletinOut,
        get_summary="One bulletin with its text",
    )
)
