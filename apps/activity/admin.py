"""Read-only admin for activity records: sources write them; curators browse."""

from django.contrib import admin

from apps.activity.models import (
    Docket,
    Hearing,
    HearingBill,
    HearingCommittee,
    HearingDocument,
    HearingWitness,
    LobbyingActivity,
    LobbyingBillMention,
    LobbyingDocketMention,
    LobbyingFiling,
    LobbyingLobbyist,
    RegulatoryAgency,
    RegulatoryDocument,
    StaffMember,
)
from apps.core.readonly_admin import ReadOnlyAdmin, ReadOnlyInline


class LobbyingActivityInline(ReadOnlyInline):
    model = LobbyingActivity
    fields = ("seq", "issue_code", "specific_issues", "government_entities")


class LobbyingLobbyistInline(ReadOnlyInline):
    model = LobbyingLobbyist
    fields = ("activity_seq", "first_name", "last_name", "covered_position", "is_new")


class LobbyingBillMentionInline(ReadOnlyInline):
    model = LobbyingBillMention
    fields = ("activity_seq", "bill_id", "issue_code")


class LobbyingDocketMentionInline(ReadOnlyInline):
    model = LobbyingDocketMention
    fields = ("activity_seq", "docket_number")


@admin.register(LobbyingFiling)
class LobbyingFilingAdmin(ReadOnlyAdmin):
    list_display = (
        "public_id",
        "form",
        "filing_type",
        "year",
        "quarter",
        "registrant_name",
        "client_name",
        "income",
    )
    list_filter = ("form", "filing_type", "year")
    search_fields = ("public_id", "document_id", "senate_id", "registrant_name", "client_name")
    inlines = [
        LobbyingActivityInline,
        LobbyingLobbyistInline,
        LobbyingBillMentionInline,
        LobbyingDocketMentionInline,
    ]


@admin.register(RegulatoryAgency)
class RegulatoryAgencyAdmin(ReadOnlyAdmin):
    list_display = ("acronym", "name")
    search_fields = ("acronym", "name")


@admin.register(Docket)
class DocketAdmin(ReadOnlyAdmin):
    list_display = ("docket_number", "agency_id", "docket_type", "title", "rin", "is_stub")
    list_filter = ("docket_type", "is_stub", "agency_id")
    search_fields = ("docket_number", "title", "rin")


@admin.register(RegulatoryDocument)
class RegulatoryDocumentAdmin(ReadOnlyAdmin):
    list_display = (
        "document_number",
        "kind",
        "document_type",
        "agency_id",
        "fr_doc_num",
        "posted_at",
        "is_stub",
    )
    list_filter = ("kind", "document_type", "is_stub")
    search_fields = ("document_number", "docket_number", "fr_doc_num", "title")


class HearingCommitteeInline(ReadOnlyInline):
    model = HearingCommittee
    fields = ("code", "thomas_id", "name")


class HearingDocumentInline(ReadOnlyInline):
    model = HearingDocument
    fields = ("seq", "doc_type", "description", "legis_num", "bill_id")


class HearingBillInline(ReadOnlyInline):
    model = HearingBill
    fields = ("bill_id", "found_in")


class HearingWitnessInline(ReadOnlyInline):
    model = HearingWitness
    fields = ("panel", "seq", "first_name", "last_name", "position", "organization", "witness_type")


@admin.register(Hearing)
class HearingAdmin(ReadOnlyAdmin):
    list_display = ("public_id", "meeting_id", "date", "congress", "title", "details_from")
    list_filter = ("congress", "details_from")
    search_fields = ("public_id", "meeting_id", "title")
    inlines = [HearingCommitteeInline, HearingDocumentInline, HearingBillInline, HearingWitnessInline]


@admin.register(StaffMember)
class StaffMemberAdmin(ReadOnlyAdmin):
    list_display = ("name", "title", "office", "chamber", "member_bioguide", "committee_id")
    list_filter = ("chamber",)
    search_fields = ("name", "office", "title")
