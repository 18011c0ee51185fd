"""Curator corrections on top of ingest: ``upsert`` asks the registered provider for a record's overrides
and writes the corrected values instead of the ingested ones, so a correction survives every re-ingest and a
corrected record re-ingested from the same file is still a noop.

The provider (apps.curation) registers itself at startup; without one nothing is overridden.
"""

from typing import Any, Protocol


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
