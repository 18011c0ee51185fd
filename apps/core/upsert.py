"""Idempotent writes that say what they did: insert, update or noop.

Re-ingesting the same file must produce only noops, so every write compares before it saves.
"""

from collections.abc import Iterable, Sequence
from typing import Any

from django.db import models

from apps.core import overrides
from apps.core.plans import Outcome

UNKNOWN: Any = object()  # ``existing=`` not given: upsert looks the row up itself


def upsert(
    model: type[models.Model],
    *,
    lookup: dict[str, Any],
    values: dict[str, Any],
    stamp: dict[str, Any] | None = None,
    existing: models.Model | None = UNKNOWN,
):
    """Create or update one row found by ``lookup``; return ``(obj, Outcome)``.

    ``stamp`` values (e.g. ``retrieved_at``) are written with a real change but never compared, so they
    cannot turn a noop into an update. A field a curator corrected keeps the corrected value
    (apps.core.overrides).
    ``existing`` is the row ``lookup`` finds (or None), when the caller
    already read it with its siblings in one query.
    """
    stamp = stamp or {}
    # No ordering: a model ordered by a foreign key would join the parent table to sort a single row.
    obj = next(iter(model.objects.filter(**lookup).order_by()[:1]), None) if existing is UNKNOWN else existing
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
    parent_is_new: bool = False,
    children: Iterable[models.Model] | None = None,
) -> bool:
    """Make the children of one parent equal ``rows`` (matched on ``key``); return True if anything changed.

    One query when nothing changed: the read of the existing children, nothing written. A parent inserted
    by this run (``parent_is_new``) has no children to read, so its rows are only inserted. ``children`` are the
    parent's existing rows when the caller already read them with its siblings' in one query (none read here).
    """
    wanted: dict[tuple, dict[str, Any]] = {}
    for row in rows:
        wanted[tuple(row[k] for k in key)] = row
    if not wanted and parent_is_new:
        return False
    # Unordered: the models are ordered by their parent, which would join the parent table to sort.
    if parent_is_new:
        children = ()
    elif children is None:
        children = model.objects.filter(**{f"{parent_field}_id": parent_id}).order_by()
    existing = {tuple(getattr(obj, k) for k in key): obj for obj in children}
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
