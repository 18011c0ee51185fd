"""Output and parameter schemas for activity records, shared by REST and MCP."""

from apps.activity.schemas.hearings import (
    HearingBillOut,
    HearingCommitteeOut,
    HearingDocumentOut,
    HearingHit,
    HearingListParams,
    HearingOut,
    HearingSummary,
    WitnessOut,
)
from apps.activity.schemas.lda import (
    LdaBillMentionOut,
    LdaFilingHit,
    LdaFilingListParams,
    LdaFilingOut,
    LdaFilingSummary,
    LobbyingActivityOut,
    LobbyistOut,
    PartyOut,
)
from apps.activity.schemas.regulations import (
    AgencyOut,
    DocketListParams,
    DocketOut,
    RegulatoryDocumentListParams,
    RegulatoryDocumentOut,
    RegulatoryDocumentSummary,
)
from apps.activity.schemas.staff import StaffHit, StaffListParams, StaffOut
from apps.core.vocabulary import PageParams  # the lists' paging (one owner)

__all__ = [
    "AgencyOut",
    "LdaBillMentionOut",
    "DocketListParams",
    "DocketOut",
    "HearingBillOut",
    "HearingCommitteeOut",
    "HearingDocumentOut",
    "HearingHit",
    "HearingListParams",
    "HearingOut",
    "HearingSummary",
    "LdaFilingHit",
    "LdaFilingListParams",
    "LdaFilingOut",
    "LdaFilingSummary",
    "LobbyingActivityOut",
    "LobbyistOut",
    "PageParams",
    "PartyOut",
    "RegulatoryDocumentListParams",
    "RegulatoryDocumentOut",
    "RegulatoryDocumentSummary",
    "StaffHit",
    "StaffListParams",
    "StaffOut",
    "WitnessOut",
]
