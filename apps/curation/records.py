"""The curator's words for a record and its fields: a record is named by its public id (``hres:114:99``, a
bioguide id ``S000033``, a Federal Register document number ``2024-02930``), never by a primary key, and a
field by a human label with its help text. No HTTP here: the correction form and its autocomplete endpoint
call these functions.

A record type's public id column is derived, not listed: the first unique text column of the model other than
its key (``bill_id``, ``bioguide_id``, ``thomas_id``, ``fr_id``, ``public_id``...). Its other unique text
columns are aliases that name the same record (``document_number`` 2024-02930 for ``fr:2024-02930``).
"""

from dataclasses import dataclass
from functools import cache
from typing import Any

from django.contrib.contenttypes.models import ContentType
from django.db import models

from apps.core.errors import InvalidParameter, JoshError
from apps.core.ids import classify_id, id_kinds
from apps.core.plans import all_plans
from apps.curation import services
from apps.curation.fields import correctable_fields, id_columns

SUGGESTIONS = 10
MAX_ID_CHARS = 120


@dataclass(frozen=True)
class FieldChoice:
    name: str
    label: str
    help: str


@dataclass(frozen=True)
class Found:
    """A record the curator named: its model's content type, primary key and public id."""

    content_type: ContentType
    record: models.Model
    public_id: str
    label: str


def public_id(record: models.Model) -> str | None:
    """The record's public id, or its first other unique id when it has none (a member known only by a
    Senate LIS id)."""
    return next((v for c in id_columns(type(record)) if (v := getattr(record, c))), None)


@cache
def _models_by_resource() -> dict[str, list[type[models.Model]]]:
    found: dict[str, list[type[models.Model]]] = {}
    for plan in all_plans():
        model = plan.model_class()
        if id_columns(model) and model not in found.setdefault(plan.resource, []):
            found[plan.resource].append(model)
    return found


@cache
def _all_models() -> list[type[models.Model]]:
    """Every record type with a public id: the plans' models first, then records no plan loads on its own
    (a regulations.gov document comes with its docket)."""
    from django.apps import apps

    from apps.citations.models import CitedRecord

    planned = [m for group in _models_by_resource().values() for m in group]
    others = [m for m in apps.get_models() if issubclass(m, CitedRecord) and id_columns(m)]
    return list(dict.fromkeys(planned + others))


def _candidates(text: str) -> list[tuple[type[models.Model], str]]:
    """(model, id) pairs ``text`` may name: its canonical form for its id kind's models, then ``text`` as
    typed for every record type (a bare bioguide id or FR document number has no prefix)."""
    pairs: list[tuple[type[models.Model], str]] = []
    try:
        kind, canonical = classify_id(text)
        pairs += [(m, canonical) for m in _models_by_resource().get(kind.resource, []) + _all_models()]
    except JoshError:
        pass
    return list(dict.fromkeys(pairs + [(m, text) for m in _all_models()]))


def _found(record: models.Model) -> Found:
    ct = ContentType.objects.get_for_model(record, for_concrete_model=False)
    return Found(
        content_type=ct,
        record=record,
        public_id=public_id(record),
        label=f"{record._meta.verbose_name}: {getattr(record, 'citation_string', '') or public_id(record)}",
    )


def find_record(text: str) -> Found:
    """The record ``text`` names by its public id (any accepted spelling) or another unique id of it;
    InvalidParameter naming what to type otherwise."""
    text = (text or "").strip()
    if text and len(text) <= MAX_ID_CHARS:
        for model, value in _candidates(text):
            query = models.Q()
            for column in id_columns(model):
                query |= models.Q(**{column: value})
            record = model.objects.filter(query).first()
            if record is not None:
                return _found(record)
    examples = ", ".join(k.example for k in id_kinds()[:4])
    raise InvalidParameter(
        "record",
        f"No record has the id '{text}'. Type a record's public id, e.g. {examples}, a bioguide id "
        "or a Federal Register document number, and pick it from the suggestions.",
    )


def record_of(content_type: ContentType, object_id: str) -> Found | None:
    """A record known by its admin key (the "Correct a field" link of a record's admin page), when it has a
    public id a curator can read."""
    model = content_type.model_class()
    record = model.objects.filter(pk=object_id).first() if model and str(object_id).isdigit() else None
    return _found(record) if record is not None and public_id(record) else None


def suggest(text: str) -> list[dict[str, str]]:
    """Up to ``SUGGESTIONS`` records whose public id starts with ``text`` (as typed, lower or upper case):
    ``{id, label}``. A prefix range on the unique column's index, so a large table costs one index seek per
    record type (every type when the text has no id prefix, only its kind's when it has one)."""
    text = (text or "").strip()
    if len(text) < 2 or len(text) > MAX_ID_CHARS:
        return []
    prefix = text.split(":", 1)[0].lower() if ":" in text else None
    resources = {k.resource for k in id_kinds() if prefix in k.prefixes}
    group = _models_by_resource()
    chosen = [m for r in resources for m in group.get(r, [])] or _all_models()
    out: list[dict[str, str]] = []
    for model in chosen:
        column = id_columns(model)[0]
        for variant in dict.fromkeys((text, text.lower(), text.upper())):
            rows = model.objects.filter(**{f"{column}__gte": variant, f"{column}__lt": variant + "\uffff"})
            for record in rows.order_by(column)[: SUGGESTIONS - len(out)]:
                found = _found(record)
                # A collation other than byte order (PostgreSQL's en_US) may let a near id into the range.
                if not (found.public_id or "").lower().startswith(text.lower()):
                    continue
                if all(s["id"] != found.public_id for s in out):
                    out.append({"id": found.public_id, "label": found.label})
            if len(out) >= SUGGESTIONS:
                return out
    return out


def offered_fields(model: type[models.Model]) -> list[FieldChoice]:
    """The fields a curator may correct on ``model`` (apps.curation.fields, the rule the services apply
    too), labelled."""
    return [
        FieldChoice(name, str(f.verbose_name).capitalize(), str(f.help_text))
        for name in correctable_fields(model)
        for f in [model._meta.get_field(name)]
    ]


def field_values(found: Found) -> list[dict[str, Any]]:
    """Each offered field of the record: label, help, the value served now and what the source file says
    (they differ only where a correction is active)."""
    from apps.curation.models import Correction

    corrections = {
        c.field: c
        for c in Correction.objects.filter(content_type=found.content_type, object_id=str(found.record.pk))
    }
    rows = []
    for choice in offered_fields(type(found.record)):
        served = services.as_text(getattr(found.record, choice.name))
        correction = corrections.get(choice.name)
        active = correction is not None and correction.status == Correction.Status.ACTIVE
        rows.append(
            {
                "name": choice.name,
                "label": choice.label,
                "help": choice.help,
                "served": served,
                "upstream": correction.ingested_value if active else served,
                "corrected": active,
            }
        )
    return rows
