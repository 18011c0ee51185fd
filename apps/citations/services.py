from apps.citations.schemas import Citation
from apps.core.overrides import corrected_fields, provenance_of
from apps.core.plans import plan_for_model


def citation_for(record) -> Citation:
    """The citation of any CitedRecord: a column read plus the record's source slug."""
    plan = plan_for_model(type(record))
    published = record.published_at
    fields = corrected_fields(record)
    return Citation(
        citation_string=record.citation_string,
        url=record.source_url,
        published_at=published,
        source=plan.slug if plan else type(record)._meta.model_name,
        retrieved_at=record.retrieved_at,
        in_corpus=record.in_corpus,
        corrected=bool(fields),
        corrected_fields=fields,
        corrections=provenance_of(type(record), record.pk) if fields else {},
    )
