"""Vector coverage per body-bearing source: how much of what lexical search finds semantic search can find.

Lexical search answers a record as soon as it is ingested (FTS triggers); vectors come only when
``manage.py embed`` (or ``update``) runs. This is how far they have caught up, for ``/healthz``,
``/v1/sources`` and any search response that wants to say it is ``degraded``.

The unit is the document: a document's chunks are cut when it is embedded, so an unembedded document has
no chunk rows to count. ``chunks`` is the chunk rows with vectors, for scale. The counts are kept per process
and recounted when the source's generation moves (apps.core.db.coverage): cheap enough for every request."""

from dataclasses import asdict, dataclass

from apps.core.db import coverage as db_coverage
from apps.core.plans import SourcePlan, all_plans
from apps.core.services.sources import plan_shape
from apps.search.schemas import Degraded


@dataclass(frozen=True)
class Coverage:
    documents: int  # documents of the source (what lexical search can find)
    embedded: int  # documents with vectors (what semantic search can find)
    stale: int  # embedded documents whose text changed since: semantic hits quote the old text
    chunks: int  # chunk rows with vectors

    @property
    def missing(self) -> int:
        """Documents without vectors of their current text."""
        return self.documents - self.embedded + self.stale

    @property
    def ratio(self) -> float:
        return round(self.embedded / self.documents, 4) if self.documents else 1.0

    @property
    def complete(self) -> bool:
        return self.missing == 0

    def as_dict(self) -> dict:
        return {**asdict(self), "coverage": self.ratio, "missing": self.missing}


def vector_coverage(plan: SourcePlan) -> Coverage | None:
    """``plan``'s coverage, or None for a source without vectors (short-body, registry)."""
    if plan.search is None or plan_shape(plan) != "body":
        return None
    return _coverage(plan.search)


def _coverage(spec) -> Coverage:
    found = db_coverage.counts(spec)
    return Coverage(
        documents=found.documents, embedded=found.embedded, stale=found.stale, chunks=found.chunks
    )


def coverage_by_source() -> dict[str, Coverage]:
    """``{slug: Coverage}`` for every body-bearing source."""
    return {plan.slug: cov for plan in all_plans() if (cov := vector_coverage(plan)) is not None}


def coverage_problem(cov: Coverage, slug: str) -> str | None:
    """What /healthz says of a source whose vectors lag its documents (None when they do not)."""
    if cov.complete:
        return None
    return (
        f"vectors incomplete: {cov.missing} of {cov.documents} document(s) have no vectors of their current "
        f"text, so semantic and hybrid search miss them (run `python manage.py update` or "
        f"`python manage.py embed --source {slug}`)"
    )


def for_search(targets, mode: str, degraded: Degraded | None) -> tuple[dict[str, float], Degraded | None]:
    """A search's ``vector_coverage`` (every body source among ``targets``) and its ``degraded``, flagged
    ``incomplete_vectors`` when the vector leg ran (hybrid, semantic) on a source whose vectors lag its
    documents: lexical finds a new record at once, the vector leg only once ``embed`` has run."""
    covered = {
        t.slug: _coverage(t.spec) for t in targets if t.shape == "body"
    }  # shape known: no introspection
    ratios = {slug: cov.ratio for slug, cov in sorted(covered.items())}
    # Stale documents are still found (by their old vectors; ``stale_vectors`` says so per hit): not counted.
    lagging = {slug: n for slug, cov in sorted(covered.items()) if (n := cov.documents - cov.embedded)}
    if mode == "lexical" or not lagging:
        return ratios, degraded
    flagged = degraded.model_copy() if degraded is not None else Degraded()
    flagged.incomplete_vectors = lagging
    note = (
        f"{sum(lagging.values())} document(s) have no vectors yet "
        "(`manage.py embed` catches up): the vector leg cannot find them, the lexical leg can"
    )
    flagged.reason = f"{flagged.reason}; {note}" if flagged.reason else note
    return ratios, flagged
