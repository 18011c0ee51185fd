"""Bills and the legislative records around them: text versions, public laws, SAPs, topics.

Text columns indexed by FTS5 are named exactly as their FTS columns (``title``, ``summary``, ``actions``,
``body``): external-content FTS reads the content table by column name.
"""

from apps.bills.models.bill import (
    Bill,
    BillAction,
    BillCommittee,
    BillCosponsor,
    BillLaw,
    BillRecordedVote,
    BillSubject,
    BillSummary,
    BillTitle,
    RelatedBill,
)
from apps.bills.models.documents import BillTextVersion, CboCostEstimate, CommitteeReport
from apps.bills.models.laws import PublicLaw, Sap, SapBill
from apps.bills.models.topics import Topic

__all__ = [
    "Bill",
    "BillAction",
    "BillCommittee",
    "BillCosponsor",
    "BillLaw",
    "BillRecordedVote",
    "BillSubject",
    "BillSummary",
    "BillTextVersion",
    "BillTitle",
    "CboCostEstimate",
    "CommitteeReport",
    "PublicLaw",
    "RelatedBill",
    "Sap",
    "SapBill",
    "Topic",
]
