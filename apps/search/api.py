"""REST: ``GET /v1/search`` and ``GET /v1/<resource>/{id}/similar`` for every body-bearing plan.

The similar routes are generated from the plans registry (a plan with a chunk table gets one), so no
router names a source; whether the source can answer is still decided from the live schema per request.
"""

from datetime import date
from typing import Literal

from django.http import JsonResponse
from ninja import Query, Router, Schema
from pydantic import Field

from apps.citations.schemas import EntityCard
from apps.core.plans import all_plans
from apps.search.entities import entities_for
from apps.search.facets import DOC as FACET_DOC
from apps.search.ordering import SortParam
from apps.search.schemas import SearchPage
from apps.search.selectors import search, similar

router = Router(tags=["search"])


class SearchParams(Schema):
    q: str = Field(
        description='Words to find: records with any of them are ranked by relevance. "quoted phrases" are '
        "required; term* (≥ 3 chars) is a prefix; NOT term excludes; AND / OR (upper case) make a boolean query. "
        "Phrases, NOT and AND bind every hit in every mode."
    )
    source: str | None = Field(
        None,
        description="Comma list of source slugs or short names (fr, crs: GET /v1/sources lists each "
        "source's aliases); omitted = every eligible source.",
    )
    mode: Literal["lexical", "semantic", "hybrid"] = Field(
        "hybrid", description="Ranking: BM25, vectors, or both."
    )
    since: date | None = Field(None, description="Only records published on or after this date.")
    until: date | None = Field(None, description="Only records published on or before this date.")
    congress: int | None = Field(None, ge=1, le=200, description="Only records of this Congress.")
    bill_id: str | None = Field(None, description="Only records tied to this bill, e.g. hr:119:103.")
    agency: str | None = Field(None, max_length=2000, description=FACET_DOC["agency"])
    document_type: str | None = Field(None, max_length=200, description=FACET_DOC["document_type"])
    chamber: str | None = Field(None, max_length=40, description=FACET_DOC["chamber"])
    sort: SortParam = "relevance"
    limit: int | None = Field(None, description="Page size (default 20, max 250).")
    offset: int = Field(0, ge=0, description="Hits to skip (max 1000).")


class SearchAnswer(SearchPage):
    entities: list[EntityCard] = Field(
        default_factory=list,
        description='The members, committees and cited record the whole query names ("Sen. Markey", '
        '"Ways and Means", "89 FR 9838"), best first; empty for most searches.',
    )


class SimilarParams(Schema):
    limit: int | None = Field(None, description="Page size (default 20, max 250).")
    offset: int = Field(0, ge=0, description="Hits to skip (max 1000).")


# by_alias: the spec names fields as the body does (Degraded.from_ is "from" on the wire)
@router.get(
    "/search",
    response=SearchAnswer,
    by_alias=True,
    summary="Search every corpus: lexical, semantic or hybrid",
)
def search_view(request, params: Query[SearchParams]):
    body = search(**params.dict()).public()
    return JsonResponse({**body, "entities": entities_for(params.q)})


def _similar_view(slug: str):
    def view(request, id: str, params: Query[SimilarParams]):
        return JsonResponse(similar(slug=slug, id=id, **params.dict()).public())

    return view


for _plan in all_plans():
    if _plan.search and _plan.search.chunk_table:
        router.get(
            f"/{_plan.resource}/{{id}}/similar",
            response=SearchPage,
            by_alias=True,
            summary=f"{_plan.title}: the most similar records",
            operation_id=f"similar_{_plan.slug.replace('-', '_')}",
        )(_similar_view(_plan.slug))
