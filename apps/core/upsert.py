"""Idempotent writes that say what they did: insert, update or noop.

Re-ingesting the same file must produce only noops, so every write compares before it saves.
"""

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import models

from apps.core import overrides
from apps.core.plans import Outcome


def upsert(
    model: type[models.Model],
    *,
    lookup: dict[str, Any],
    values: dict[str, Any],
    stamp: dict[str, Any] | None = None,
):
    """Create or update one row found by ``lookup``; return ``(obj, Outcome)``.

    ``stamp`` values (e.g. ``retrieved_at``) are written with a real change but never compared, so they
    cannot turn a noop into an update. A field a curator corrected keeps the corrected value
    (apps.core.overrides).
    """
    stamp = stamp or {}
    obj = model.objects.filter(**lookup).first()
    if obj is None:
        return model.objects.create(**lookup, **values, **stamp), Outcome.INSERT
    values = overrides.apply(model, obj.pk, values)  # a curator's correction outlives the re-ingest
    changed = [name for name, value in values.items() if getattr(obj, name) != value]
    if not changed:
        return obj, Outcome.NOOP
    for name, value in {**{n: values[n] for n in changed}, **stamp}.items():
        setattr(obj, name, value)
    obj.save(update_fields=[*changed, *stamp])
    return obj, Outcome.UPDATE


def sync_children(
    model: type[models.Model],
    *,
    parent_field: str,
    parent_id: int,
    rows: Iterable[dict[str, Any]],
    key: Sequence[str],
) -> bool:
    """Make the children of one parent equal ``rows`` (matched on ``key``); return True if anything changed.

    Two queries when nothing changed: one read of the existing children, nothing written.
    """
    wanted: dict[tuple, dict[str, Any]] = {}
    for row in rows:
        wanted[tuple(row[k] for k in key)] = row
    existing = {
        tuple(getattr(obj, k) for k in key): obj
        for obj in model.objects.filter(**{f"{parent_field}_id": parent_id})
    }
    stale = [obj.pk for k, obj in existing.items() if k not in wanted]
    new = [
        model(**{f"{parent_field}_id": parent_id}, **row) for k, row in wanted.items() if k not in existing
    ]
    updated = []
    fields: set[str] = set()
    for k, row in wanted.items():
        obj = existing.get(k)
        if obj is None:
            continue
        diff = [name for name, value in row.items() if getattr(obj, name) != value]
        if diff:
            for name in diff:
                setattr(obj, name, row[name])
            fields.update(diff)
            updated.append(obj)
    if stale:
        model.objects.filter(pk__in=stale).delete()
    if new:
        model.objects.bulk_create(new, batch_size=500)
    if updated:
        model.objects.bulk_update(updated, sorted(fields), batch_size=500)
    return bool(stale or new or updated)


def combine(outcome: Outcome, children_changed: bool) -> Outcome:
    """A parent that was a noop becomes an update when its children changed."""
    if outcome is Outcome.NOOP and children_changed:
        return Outcome.UPDATE
    return outcome
