"""Curator corrections on top of ingest: ``upsert`` asks the registered provider for a record's overrides
and writes the corrected values instead of the ingested ones, so a correction survives every re-ingest and a
corrected record re-ingested from the same file is still a noop.

The provider (apps.curation) registers itself at startup; without one nothing is overridden. When an ingest
brings a new upstream value for a corrected field, the provider flags the correction for review and reports
it here (``drifted``); the ingest runner collects those reports for its run (``collecting_drift``).
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, Protocol

_drifts: ContextVar[list[dict[str, Any]] | None] = ContextVar("override_drifts", default=None)


class OverrideProvider(Protocol):
    def overrides(self, model, pk) -> dict[str, Any]:
        """{field: corrected value} for one row (empty when it has no correction)."""

    def ingested(self, model, pk, values: dict[str, Any]) -> None:
        """The values the source file gave for the corrected fields (kept to restore on revert)."""

    def provenance(self, model, pk) -> dict[str, dict[str, Any]]:
        """{field: {at, reason, upstream_value}} of one row's corrected fields."""


_provider: OverrideProvider | None = None


def register_provider(provider: OverrideProvider | None) -> None:
    global _provider
    _provider = provider


def apply(model, pk, values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with the row's corrections written over the ingested values."""
    if _provider is None or pk is None:
        return values
    overrides = _provider.overrides(model, pk)
    if not overrides:
        return values
    hit = {name: values[name] for name in overrides if name in values}
    if hit:
        _provider.ingested(model, pk, hit)
    return {**values, **{name: overrides[name] for name in hit}}


def corrected_fields(record) -> list[str]:
    """The fields of ``record`` a curator corrected, sorted; [] without corrections (or a provider)."""
    return corrected_fields_of(type(record), record.pk)


def corrected_fields_of(model, pk) -> list[str]:
    """``corrected_fields`` for a row known by its model and primary key (a search hit's content row)."""
    if _provider is None or pk is None:
        return []
    return sorted(_provider.overrides(model, pk))


def provenance_of(model, pk) -> dict[str, dict[str, Any]]:
    """Each corrected field's provenance ``{at, reason, upstream_value}`` for one row; {} without any."""
    if _provider is None or pk is None:
        return {}
    return _provider.provenance(model, pk)


def rolled_back() -> None:
    """An ingest's writes were rolled back (a dry run): the provider drops what it cached from them."""
    forget = getattr(_provider, "forget", None)
    if forget is not None:
        forget()


@contextmanager
def collecting_drift() -> Iterator[list[dict[str, Any]]]:
    """A list that gathers every ``drifted`` report made inside the block (one ingest run)."""
    found: list[dict[str, Any]] = []
    token = _drifts.set(found)
    try:
        yield found
    finally:
        _drifts.reset(token)


def drift_reports() -> list[dict[str, Any]]:
    """The reports gathered so far by the enclosing ``collecting_drift`` (a fresh list outside one)."""
    found = _drifts.get()
    return found if found is not None else []


def drifted(model, pk, field: str, *, previous: str | None, upstream: str | None, corrected: Any) -> None:
    """The provider flagged the correction of ``field`` for review: the source file's value moved from
    ``previous`` to ``upstream`` under it. Outside a collecting block (a plain upsert) nothing is kept."""
    found = _drifts.get()
    if found is not None:
        found.append(
            {
                "record_type": model._meta.label_lower,
                "pk": str(pk),
                "field": field,
                "previous_upstream": previous,
                "upstream_value": upstream,
                "corrected_value": corrected,
            }
        )
