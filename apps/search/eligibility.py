"""Which sources a search runs on, in which mode — derived from the live schema at request time.

Shapes (``apps.core.db.introspect.SchemaSnapshot.shape``): ``body`` sources (chunk + vec0 tables) support lexical and
semantic search; ``short-body`` sources (an FTS table with a body column, no chunks) lexical only;
``registry`` sources are looked up by name (resolve_entity), never searched here.
"""

from dataclasses import dataclass, field

from apps.core.db.introspect import schema_snapshot
from apps.core.errors import InvalidParameter, SourceNotSearchable
from apps.core.plans import SourcePlan, all_plans
from apps.core.services.sources import plan_shape
from apps.core.source_aliases import canonical_source
from apps.search.schemas import Degraded

SEMANTIC_CODE = "source_not_searchable_semantically"


@dataclass(frozen=True)
class Target:
    plan: SourcePlan
    shape: str  # body | short-body

    @property
    def slug(self) -> str:
        return self.plan.slug

    @property
    def spec(self):
        return self.plan.search


@dataclass
class Selection:
    lexical: list[Target] = field(default_factory=list)
    semantic: list[Target] = field(default_factory=list)
    degraded: Degraded | None = None


def shapes() -> dict[str, tuple[SourcePlan, str]]:
    snapshot = schema_snapshot()
    return {plan.slug: (plan, plan_shape(plan, snapshot)) for plan in all_plans()}


def _parse_sources(source: str | None, known: dict) -> list[str] | None:
    if source is None or not source.strip():
        return None
    slugs = list(dict.fromkeys(canonical_source(s) for s in source.split(",") if s.strip()))
    valid = sorted(s for s, (_, shape) in known.items() if shape in ("body", "short-body"))
    if not slugs:  # "source=,,," names nothing: say so rather than search nothing and answer 0 hits
        raise InvalidParameter(
            "source", f"source '{source[:80]}' names no source; omit it or list slugs.", valid_sources=valid
        )
    unknown = [s for s in slugs if s not in known]
    if unknown:
        raise InvalidParameter(
            "source",
            f"Unknown source(s) {', '.join(unknown)}; GET /v1/sources lists them.",
            valid_sources=valid,
        )
    return slugs


def select(source: str | None, mode: str) -> Selection:
    """The sources each leg runs on; raises the documented errors for sources that cannot be searched."""
    known = shapes()
    body = sorted(s for s, (_, shape) in known.items() if shape == "body")
    short = sorted(s for s, (_, shape) in known.items() if shape == "short-body")
    asked = _parse_sources(source, known)
    if asked is not None:
        _reject_registry(asked, known, body + short)
        if mode == "semantic" and (bad := [s for s in asked if s in short]):
            raise SourceNotSearchable(
                f"{', '.join(bad)} has no body vectors, so it cannot be searched semantically; "
                "use mode=lexical or hybrid, or one of hint.valid_sources.",
                code=SEMANTIC_CODE,
                hint={"offending_sources": bad, "valid_sources": body},
            )
    chosen = asked if asked is not None else body + short
    targets = {s: Target(known[s][0], known[s][1]) for s in chosen}
    sel = Selection()
    if mode in ("lexical", "hybrid"):
        sel.lexical = list(targets.values())
    if mode in ("semantic", "hybrid"):
        sel.semantic = [t for t in targets.values() if t.shape == "body"]
    lexical_only = sorted(s for s, t in targets.items() if t.shape == "short-body")
    if mode == "hybrid" and lexical_only:
        sel.degraded = Degraded(
            from_="hybrid",
            to="lexical",
            per_source=dict.fromkeys(lexical_only, "lexical"),
            reason="these sources have no body vectors; they were searched lexically",
        )
    if mode == "semantic" and asked is None and short:
        sel.degraded = Degraded(
            excluded_sources=short, reason="short-body sources have no vectors; search them with mode=lexical"
        )
    return sel


def _reject_registry(asked: list[str], known: dict, valid: list[str]) -> None:
    registry = [s for s in asked if known[s][1] not in ("body", "short-body")]
    if registry:
        raise SourceNotSearchable(
            f"{', '.join(registry)} is a registry source: look its records up by name "
            "(MCP resolve_entity, or GET /v1/<resource>?q=) instead of searching it.",
            hint={
                "offending_sources": registry,
                "redirect_to": {
                    "tool": "resolve_entity",
                    "endpoints": {s: f"/v1/{known[s][0].resource}" for s in registry},
                },
                "valid_sources": sorted(valid),
            },
        )
