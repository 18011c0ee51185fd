"""Activity records: lobbying filings, regulatory dockets and documents, House committee meetings, staff."""

from apps.activity.models.hearings import (
    Hearing,
    HearingBill,
    HearingCommittee,
    HearingDocument,
    HearingWitness,
)
from apps.activity.models.lda import (
    LobbyingActivity,
    LobbyingBillMention,
    LobbyingDocketMention,
    LobbyingFiling,
    LobbyingLobbyist,
)
from apps.activity.models.regulations import Docket, RegulatoryAgency, RegulatoryDocument
from apps.activity.models.staff import StaffMember

__all__ = [
    "Docket",
    "Hearing",
    "HearingBill",
    "HearingCommittee",
    "HearingDocument",
    "HearingWitness",
    "LobbyingActivity",
    "LobbyingBillMention",
    "LobbyingDocketMention",
    "LobbyingFiling",
    "LobbyingLobbyist",
    "RegulatoryAgency",
    "RegulatoryDocument",
    "StaffMember",
]
