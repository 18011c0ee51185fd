"""Load regulations.gov observations: the newest observation of an object wins, older ones fill gaps.

``observed`` is ``"<recorded_at UTC ISO> <file name>"``, so observations compare as strings. A newer (or
the same) observation overwrites fields with its non-empty values; an older one only fills fields that
are still empty; nothing else is written, so a re-ingest of the same files is all noop whatever their
order. A document names its docket, and a comment count names its document: either may not have been
recorded itself, so a stub (``is_stub``) stands in until it is.
"""

from typing import Any

from django.utils import timezone

from apps.activity.ids import docket_of, docket_public_id
from apps.activity.models import Docket, RegulatoryAgency, RegulatoryDocument
from apps.activity.parsers.regulations import (
    SITE,
    AgencyRecord,
    CommentCountRecord,
    DocketRecord,
    DocumentRecord,
    agency_of,
)
from apps.core.plans import LoadContext, Outcome
from apps.core.upsert import combine, upsert


def _empty(value: Any) -> bool:
    return value is None or value == "" or value == [] or value == {}


def observe(model, *, lookup: dict, values: dict, observed: str, stamp_field: str = "observed"):
    """Merge one observation into the row found by ``lookup``; return ``(obj, Outcome)``."""
    obj = model.objects.filter(**lookup).first()
    if obj is None:
        fields = {**lookup, **values, stamp_field: observed, "retrieved_at": timezone.now()}
        if stamp_field == "observed":
            fields["is_stub"] = False
        return model.objects.create(**fields), Outcome.INSERT
    newer = observed >= getattr(obj, stamp_field)
    if newer:
        changes = {k: v for k, v in values.items() if not _empty(v) and getattr(obj, k) != v}
    else:
        changes = {k: v for k, v in values.items() if not _empty(v) and _empty(getattr(obj, k))}
    if stamp_field == "observed" and obj.is_stub:
        changes["is_stub"] = False
    if not changes:
        return obj, Outcome.NOOP
    if newer:
        changes[stamp_field] = observed
    changes["retrieved_at"] = timezone.now()
    for name, value in changes.items():
        setattr(obj, name, value)
    obj.save(update_fields=list(changes))
    return obj, Outcome.UPDATE


def _ensure_docket_stub(docket_number: str) -> bool:
    """A docket known only from a document's docketId; True when one was created."""
    if Docket.objects.filter(docket_number=docket_number).exists():
        return False
    agency = agency_of(docket_number)
    Docket.objects.create(
        public_id=docket_public_id(docket_number),
        docket_number=docket_number,
        agency_id=agency,
        is_stub=True,
        observed="",
        citation_string=f"{agency} docket {docket_number} (regulations.gov)",
        source_url=f"{SITE}/docket/{docket_number}",
        retrieved_at=timezone.now(),
    )
    return True


def agency_load(record: AgencyRecord, ctx: LoadContext) -> Outcome:
    _, outcome = upsert(RegulatoryAgency, lookup={"acronym": record.acronym}, values={"name": record.name})
    return outcome


def docket_load(record: DocketRecord, ctx: LoadContext) -> Outcome:
    lookup = {"docket_number": record.docket_number}
    values = {"public_id": record.public_id, **record.values}
    return observe(Docket, lookup=lookup, values=values, observed=record.observed)[1]


def document_load(record: DocumentRecord, ctx: LoadContext) -> Outcome:
    lookup = {"document_number": record.document_number}
    values = {"public_id": record.public_id, **record.values}
    _, outcome = observe(RegulatoryDocument, lookup=lookup, values=values, observed=record.observed)
    return combine(outcome, _ensure_docket_stub(record.values["docket_number"]))


def comment_count_load(record: CommentCountRecord, ctx: LoadContext) -> Outcome:
    number = record.document_number
    created = False
    if not RegulatoryDocument.objects.filter(document_number=number).exists():
        RegulatoryDocument.objects.create(
            public_id=record.public_id,
            document_number=number,
            kind="document",
            docket_number=docket_of(number),
            agency_id=agency_of(number),
            is_stub=True,
            observed="",
            citation_string=f"Document {number} (regulations.gov)",
            source_url=f"{SITE}/document/{number}",
            retrieved_at=timezone.now(),
        )
        created = True
    _, outcome = observe(
        RegulatoryDocument,
        lookup={"document_number": number},
        values={"comment_count": record.count},
        observed=record.observed,
        stamp_field="comment_count_observed",
    )
    created |= _ensure_docket_stub(docket_of(number))
    return Outcome.INSERT if created else outcome


_LOADERS = {
    AgencyRecord: agency_load,
    DocketRecord: docket_load,
    DocumentRecord: document_load,
    CommentCountRecord: comment_count_load,
}


def regulations_load(record, ctx: LoadContext) -> Outcome:
    return _LOADERS[type(record)](record, ctx)
