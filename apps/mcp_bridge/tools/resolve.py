"""Class D: resolve_entity — a noisy name → ranked registry records, the selectors behind GET /v1/<source>?q=.

Search and resolution stay disjoint: the search tools refuse registry sources and point here.
"""

from typing import Annotated, Any

from pydantic import BaseModel, Field, ValidationError

from apps.core.adapters import parameter_error_from_validation
from apps.core.errors import InvalidParameter
from apps.core.pagination import Pagination
from apps.mcp_bridge.tools.base import call, register, structured

PAGING = {"q", "limit", "cursor"}


def _resolvers() -> dict[str, tuple[Any, type[BaseModel]]]:
    """Registry source slug → (list selector taking params=, its params model)."""
    try:
        from apps.registry.schemas import CommitteeListParams, LegislatorListParams
        from apps.registry.selectors import committee_list, legislator_list
    except ImportError:
        return {}
    return {
        "legislators": (legislator_list, LegislatorListParams),
        "committees": (committee_list, CommitteeListParams),
    }


RESOLVERS = _resolvers()


def _hit_types():
    from apps.registry.schemas import CommitteeHit, LegislatorHit

    return LegislatorHit | CommitteeHit


def resolve(*, query: str, entity_type: str, filters: dict[str, Any] | None, limit: int | None):
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
    Hit = _hit_types()

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
                description="The name as you have it, noisy is fine: 'Sen. Markey MA', 'AOC', 'Jack Reed D-RI', "
                "'ways & means', 'senate finance'.",
            ),
        ],
        entity_type: Annotated[str, Field(description="Which registry to look in.")],
        filters: Annotated[
            dict[str, str | int | bool] | None,
            Field(
                None,
                description="Optional exact filters. legislators: state (two letters), chamber (house|senate), "
                "party (D, R, I), current (true/false). committees: chamber (house|senate|joint), current.",
            ),
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


DOC = """Turn a person's or committee's name — however noisy — into ranked registry records with ids.

Use it before a typed lookup when you have a name, not an id: "Sen. Markey", "AOC", "Ways and Means",
"senate finance". Returns {entity_type, results: [{id, name, ..., score, citation}], pagination}, best
match first; take results[0].id to get_legislator / get_committee / list_member_votes /
list_committee_members. entity_type is a registry source ({sources:resolvable}). Registry sources cannot
be searched with search/lexical_search/semantic_search; this is their tool."""
