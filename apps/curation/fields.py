"""Which fields of a record a curator may correct: the one rule, used by the correction form (the choices it
offers and what it accepts) and by the services every other path goes through (the queue, the proposals, a
management command), so no path accepts a field the form refuses.

A record's ids are not correctable (every link and citation finds the record by them), nor the fields in
``NOT_OFFERED``; of the rest, only plain columns (not the key, a relation or JSON).
"""

from django.db import models

# Fields a curator may not correct, with why.
# - Full texts (``body``, ``text``): chunked and embedded for semantic search at ingest; a correction written
#   to the row would leave the search index on the old text, and a document's text is not retyped in a form.
# - ``actions``: the search index's copy of the bill's action rows joined into one text, not a value a reader
#   sees on its own; the action list itself comes from the action rows.
# - Ingest bookkeeping (which file, which response, which schema, when upstream last touched the record, the
#   stub mark): facts about the ingest run, not claims about the world a curator could correct.
NOT_OFFERED = frozenset(
    {
        "body",
        "text",
        "actions",
        "is_stub",
        "observed",
        "comment_count_observed",
        "status_source",
        "body_version",
        "source_file",
        "text_file",
        "fetched_from_url",
        "details_from",
        "object_id",
        "modified_at",
        "updated_at",
        "update_date",
        "update_date_including_text",
        "upstream_id",
    }
)


def id_columns(model: type[models.Model]) -> list[str]:
    """The unique text columns naming a record of ``model``, its public id first; [] for a child row."""
    return [
        f.name
        for f in model._meta.concrete_fields
        if f.unique and not f.primary_key and isinstance(f, models.CharField)
    ]


def plain_columns(model: type[models.Model]) -> list[str]:
    """Columns holding one plain value: not the key, a relation, JSON or a stamp Josh writes itself
    (the data-quality report counts their gaps)."""
    stamps = {"retrieved_at", "search_name"}
    return [
        f.name
        for f in model._meta.concrete_fields
        if not (f.primary_key or f.is_relation or isinstance(f, models.JSONField) or f.name in stamps)
    ]


def correctable_fields(model: type[models.Model]) -> list[str]:
    """The fields of ``model`` a curator may correct, in the model's order."""
    ids = set(id_columns(model))
    return [name for name in plain_columns(model) if name not in ids and name not in NOT_OFFERED]
