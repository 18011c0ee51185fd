"""Helpers shared by the document selectors: id -> row or a recoverable error, common filters."""

from apps.core.bill_mentions import citing
from apps.core.errors import NotFound
from apps.core.ids import bill_id_param, normalize_for
from apps.documents.models import BillMention
from apps.documents.schemas import BillMentionOut


def get_row(model, *, kind: str, id_field: str, raw: str, label: str, resource: str):
    """The row whose public id is ``raw`` (any accepted alias); 400 for a bad shape, 404 if not ingested."""
    canonical = normalize_for(kind, raw)
    row = model.objects.filter(**{id_field: canonical}).first()
    if row is None:
        raise NotFound(
            f"No {label} {canonical} has been ingested. GET /v1/{resource} lists the ones that have.",
            hint={"id": canonical, "list": f"/v1/{resource}"},
        )
    return row


def dated(queryset, params, field: str = "published_at"):
    if params.since:
        queryset = queryset.filter(**{f"{field}__gte": params.since})
    if params.until:
        queryset = queryset.filter(**{f"{field}__lte": params.until})
    return queryset


def mentioning(queryset, resource: str, bill_raw: str | None):
    """Only ``resource``'s rows whose text cites the bill."""
    if not bill_raw:
        return queryset
    return queryset.filter(**citing(resource, bill_id_param(bill_raw)))


def mentions_of(document_id: str) -> list[BillMentionOut]:
    return [
        BillMentionOut(bill_id=b, mention=m)
        for b, m in BillMention.objects.filter(document_id=document_id).values_list("bill_id", "mention")
    ]
