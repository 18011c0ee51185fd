"""Reads for bills, bill text, public laws, SAPs and topics; each returns schemas from apps.bills.schemas."""

from apps.bills.selectors.bills import (
    bill_actions,
    bill_body,
    bill_cosponsors,
    bill_get,
    bill_list,
    bill_resolve_id,
    bill_text_versions,
)
from apps.bills.selectors.laws import (
    public_law_get,
    public_law_list,
    sap_get,
    sap_list,
    topic_get,
    topic_list,
)

__all__ = [
    "bill_actions",
    "bill_body",
    "bill_cosponsors",
    "bill_get",
    "bill_list",
    "bill_resolve_id",
    "bill_text_versions",
    "public_law_get",
    "public_law_list",
    "sap_get",
    "sap_list",
    "topic_get",
    "topic_list",
]
