"""Class D: resolve_entity — a noisy name → ranked registry records, the selectors behind GET /v1/<resource>?q=
(members, committees, roll-call votes, topics, and the activity registries).

Search and resolution stay disjoint: the search tools refuse registry sources and point here. Every registry
source whose list selector ranks a ``q`` is resolvable; the entity_type enum is filled at tools/list time
from the live schema (apps.mcp_bridge.server).
"""

import functools
import operator
import typing
from typing import Annotated, Any

from pydantic import BaseModel, Field, ValidationError

from apps.core.adapters import parameter_error_from_validation
from apps.core.errors import InvalidParameter
from apps.core.pagination import Pagination
from apps.core.resources import all_resources
from apps.core.source_aliases import canonical_source
from apps.mcp_bridge.tools.base import call, register, structured

PAGING = {"q", "limit", "cursor"}


def _resolvers() -> dict[str, tuple[Any, type[BaseModel]]]:
    """The declared resources (apps.core.resources) that name a registry source (``resolve_source``) and
    whose list params take ``q``: source slug -> (list selector, params model)."""
    return {
        r.resolve_source: (r.list, r.params)
        for r in all_resources()
        if r.resolve_source and "q" in r.params.model_fields
    }


RESOLVERS = _resolvers()


def _hit_type(selector) -> type:
    page = typing.get_type_hints(selector)["return"]
    return typing.get_args(page.model_fields["results"].annotation)[0]


def _filters_doc() -> str:
    parts = []
    for slug, (_, params) in RESOLVERS.items():
        names = [n for n in params.model_fields if n not in PAGING]
        parts.append(f"{slug}: {', '.join(names)}")
    return "Optional exact filters, by entity_type — " + "; ".join(parts) + "."


def resolve(*, query: str, entity_type: str, filters: dict[str, Any] | None, limit: int | None):
    # A short name ("votes", "topics") is what a client reads in /v1/sources' aliases and writes; the search
    # tools take it, so this one does too.
    entity_type = canonical_source(entity_type)
    if entity_type not in RESOLVERS:
        raise InvalidParameter(
            "entity_type",
            f"'{entity_type}' cannot be resolved by name; use one of {', '.join(RESOLVERS)}.",
            valid_values=list(RESOLVERS),
        )
    selector, params_model = RESOLVERS[entity_type]
    allowed = sorted(set(params_model.model_fields) - PAGING)
    unknown = sorted(set(filters or {}) - set(allowed))
    if unknown:
        raise InvalidParameter(
            "filters",
            f"Unknown filter(s) {', '.join(unknown)} for {entity_type}; allowed: {', '.join(allowed)}.",
            allowed=allowed,
        )
    try:
        params = params_model(q=query, limit=limit, **(filters or {}))
    except ValidationError as exc:
        raise parameter_error_from_validation(exc.errors()) from None
    page = selector(params=params)
    return {"entity_type": entity_type, "results": page.results, "pagination": page.pagination}


def install(server) -> list[str]:
    if not RESOLVERS:
        return []
    Hit = functools.reduce(operator.or_, [_hit_type(selector) for selector, _ in RESOLVERS.values()])

    class Resolved(BaseModel):
        entity_type: str = Field(description="The registry source searched.")
        results: list[Hit] = Field(
            description="Best match first; each carries a name-match score and its id."
        )
        pagination: Pagination

    async def resolve_entity(
        query: Annotated[
            str,
            Field(
                min_length=1,
                max_length=200,
                description="The name as you have it, noisy is fine: 'Sen. Markey MA', 'AOC', 'ways & means', "
                "'senate vote 45 2023', 'health care costs', a lobbying client or a docket title. For legislators, "
                "any crosswalk id works too (S000033, LIS S429, govtrack:400357, fec:H8VT01016).",
            ),
        ],
        entity_type: Annotated[str, Field(description="Which registry to look in.")],
        filters: Annotated[
            dict[str, str | int | bool] | None, Field(None, description=_filters_doc())
        ] = None,
        limit: Annotated[
            int | None, Field(None, ge=1, le=50, description="How many candidates (default 20).")
        ] = None,
    ) -> Resolved:
        out = await call(resolve, query=query, entity_type=entity_type, filters=filters, limit=limit)
        return structured(Resolved(**out))

    title = "Resolve a name to a record"
    enums = {"entity_type": "resolvable"}
    register(server, resolve_entity, name="resolve_entity", title=title, description=DOC, enums=enums)
    return ["resolve_entity"]


DOC = """Turn a name, however noisy, into ranked registry records with ids: members of Congress, committees,
roll-call votes ("House roll call 123 of 2025", "senate vote 45 118th congress 1st session", a vote id),
topics (policy areas, legislative subjects), lobbying filings, dockets, hearings, staff.

Use it when you have a name, not an id: "Sen. Markey", "AOC", "senate finance", "energy prices". Returns
{entity_type, results: [{id, ...}], pagination}, best match first; pass results[0].id to a typed lookup
(get_legislator, get_committee, get_vote, list_member_votes, ...) or fetch. entity_type is one of:
{sources:resolvable}. Registry sources cannot be searched with the search tools; this is their tool."""
