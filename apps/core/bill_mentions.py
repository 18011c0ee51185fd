"""Which records cite a bill. Each table of (citing record, canonical bill id) pairs — a document's
``BillMention`` rows, a hearing's ``HearingBill``, an LDA filing's ``LobbyingBillMention`` — is declared here
once, beside its model, and every ``bill_id`` filter and dossier section reads it through ``citing``.
"""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from apps.core.discovery import refuse_second


@dataclass(frozen=True)
class MentionTable:
    resource: str  # the resource whose records cite bills, e.g. "hearings", "crs-reports"
    model: Any  # the mention model (its rows: one bill cited by one record)
    record: str  # the mention's column naming the citing record: a foreign key, or the record's public id
    key: str = "pk"  # the citing record's field that ``record`` holds
    where: tuple[tuple[str, str], ...] = ()  # more equality filters, e.g. (("source", "crs-reports"),)


_TABLES: dict[str, MentionTable] = {}


def register_mentions(*tables: MentionTable) -> None:
    for table in tables:
        refuse_second(_TABLES, table.resource, table, "bill-mention table for")
        _TABLES[table.resource] = table


def citing(resource: str, bill_ids: str | Iterable[str]) -> dict[str, Any]:
    """Filter arguments for ``resource``'s records that cite ``bill_ids`` (one canonical id, or a list or
    queryset of them): ``queryset.filter(**citing("hearings", "hr:119:1"))``."""
    table = _TABLES[resource]
    lookup = {"bill_id": bill_ids} if isinstance(bill_ids, str) else {"bill_id__in": bill_ids}
    rows = table.model.objects.filter(**lookup, **dict(table.where)).values(table.record)
    return {f"{table.key}__in": rows}
