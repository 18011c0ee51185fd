"""Read-only admin for bills (sources write them; curators browse) and the bills data-quality report."""

from django.contrib import admin
from django.template.response import TemplateResponse
from django.urls import path

from apps.bills.models import (
    Bill,
    BillAction,
    BillCommittee,
    BillCosponsor,
    BillLaw,
    BillRecordedVote,
    BillSubject,
    BillSummary,
    BillTextVersion,
    BillTitle,
    CboCostEstimate,
    CommitteeReport,
    PublicLaw,
    RelatedBill,
    Sap,
    SapBill,
    Topic,
)
from apps.bills.selectors.quality import bills_data_quality
from apps.core.readonly_admin import ReadOnlyAdmin, ReadOnlyInline


class TitleInline(ReadOnlyInline):
    model = BillTitle
    fields = ("seq", "title_type", "title", "version_code")


class CosponsorInline(ReadOnlyInline):
    model = BillCosponsor
    fields = ("display_name", "legislator", "is_original", "sponsorship_date", "withdrawn_date")
    raw_id_fields = ("legislator",)

    def get_queryset(self, request):
        # Each row shows its legislator: one join, not a query per cosponsor (hr:117:1 has 223).
        return super().get_queryset(request).select_related("legislator")


class ActionInline(ReadOnlyInline):
    model = BillAction
    fields = ("seq", "action_date", "action_time", "action_type", "action_codes", "source_systems", "text")


class RecordedVoteInline(ReadOnlyInline):
    model = BillRecordedVote
    fields = ("vote_id", "roll_call", "voted_at", "action_text")
    raw_id_fields = ("roll_call",)

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("roll_call")


class CommitteeInline(ReadOnlyInline):
    model = BillCommittee
    fields = ("thomas_id", "name", "chamber", "parent_code", "activities")


class SubjectInline(ReadOnlyInline):
    model = BillSubject
    fields = ("name",)


class SummaryInline(ReadOnlyInline):
    model = BillSummary
    fields = ("version_code", "action_date", "action_desc", "text")


class TextVersionInline(ReadOnlyInline):
    model = BillTextVersion
    fields = ("version_code", "version_name", "date", "source_file", "url")


class RelatedBillInline(ReadOnlyInline):
    model = RelatedBill
    fields = ("related_bill_id", "title", "relationships")


class LawInline(ReadOnlyInline):
    model = BillLaw
    fields = ("law_id", "law_type", "number")


class CboInline(ReadOnlyInline):
    model = CboCostEstimate
    fields = ("title", "published_at", "url")


class ReportInline(ReadOnlyInline):
    model = CommitteeReport
    fields = ("citation", "source_url")


@admin.register(Bill)
class BillAdmin(ReadOnlyAdmin):
    list_display = (
        "bill_id",
        "title",
        "sponsor_name",
        "cosponsor_count",
        "latest_action_date",
        "status_source",
    )
    list_filter = ("congress", "bill_type", "status_source", "policy_area")
    search_fields = ("bill_id", "title", "sponsor_name")
    raw_id_fields = ("sponsor",)
    exclude = ("body", "actions")
    inlines = (
        TitleInline,
        CosponsorInline,
        ActionInline,
        RecordedVoteInline,
        CommitteeInline,
        SubjectInline,
        SummaryInline,
        TextVersionInline,
        RelatedBillInline,
        LawInline,
        CboInline,
        ReportInline,
    )

    def get_urls(self):
        view = self.admin_site.admin_view(self.data_quality_view)
        return [path("data-quality/", view, name="bills_bill_data_quality"), *super().get_urls()]

    def data_quality_view(self, request):
        context = {
            **self.admin_site.each_context(request),
            "title": "Bills data quality",
            "report": bills_data_quality(),
        }
        return TemplateResponse(request, "admin/bills/data_quality.html", context)


@admin.register(BillTextVersion)
class BillTextVersionAdmin(ReadOnlyAdmin):
    list_display = ("__str__", "version_name", "date", "source_file")
    list_filter = ("version_code",)
    search_fields = ("bill__bill_id", "title")
    raw_id_fields = ("bill",)


@admin.register(PublicLaw)
class PublicLawAdmin(ReadOnlyAdmin):
    list_display = ("law_id", "kind", "title", "statutes_citation", "bill_id", "enacted_date")
    list_filter = ("kind", "congress")
    search_fields = ("law_id", "title", "short_title", "bill_id")


class SapBillInline(ReadOnlyInline):
    model = SapBill
    fields = ("bill_id", "raw")


@admin.register(Sap)
class SapAdmin(ReadOnlyAdmin):
    list_display = ("sap_id", "date_issued", "position", "chamber", "administration")
    list_filter = ("administration", "position", "congress")
    search_fields = ("sap_id", "title")
    inlines = (SapBillInline,)


@admin.register(Topic)
class TopicAdmin(ReadOnlyAdmin):
    list_display = ("topic_id", "kind", "name", "bill_count")
    list_filter = ("kind",)
    search_fields = ("name",)


@admin.register(CboCostEstimate, CommitteeReport)
class BillDocumentAdmin(ReadOnlyAdmin):
    list_display = ("citation_string", "bill", "published_at", "source_url")
    raw_id_fields = ("bill",)
