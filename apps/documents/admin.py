"""Read-only admin views of the document sources (records come from ingest, not from curation)."""

from django.contrib import admin

from apps.core.readonly_admin import ReadOnlyAdmin, ReadOnlyInline
from apps.documents import models


@admin.register(models.CrsReport)
class CrsReportAdmin(ReadOnlyAdmin):
    list_display = ("product_number", "version", "product_type", "title", "published_at")
    list_filter = ("product_type",)
    search_fields = ("product_number", "title", "authors_text")
    date_hierarchy = "published_at"


@admin.register(models.CrsCatalogEntry)
class CrsCatalogEntryAdmin(ReadOnlyAdmin):
    list_display = ("product_number", "title", "published_on", "catalog_file")
    list_filter = ("catalog_file",)
    search_fields = ("product_number", "title")


@admin.register(models.GaoReport)
class GaoReportAdmin(ReadOnlyAdmin):
    list_display = ("report_number", "title", "published_at", "is_testimony")
    list_filter = ("is_testimony",)
    search_fields = ("report_number", "title")


class FrDocketInline(ReadOnlyInline):
    model = models.FrDocket


class FrCfrReferenceInline(ReadOnlyInline):
    model = models.FrCfrReference


@admin.register(models.FrDocument)
class FrDocumentAdmin(ReadOnlyAdmin):
    list_display = ("document_number", "doc_type", "citation_string", "agency", "title")
    list_filter = ("doc_type", "published_at")
    search_fields = ("document_number", "title", "agency")
    inlines = [FrDocketInline, FrCfrReferenceInline]


@admin.register(models.ExecutiveOrder)
class ExecutiveOrderAdmin(ReadOnlyAdmin):
    list_display = ("number", "fr_citation", "signing_date", "document_number")
    search_fields = ("=number", "document_number", "notes")


@admin.register(models.CfrSection)
class CfrSectionAdmin(ReadOnlyAdmin):
    list_display = ("citation_string", "heading", "chapter", "part")
    list_filter = ("title",)
    search_fields = ("section", "heading")


@admin.register(models.UscSection)
class UscSectionAdmin(ReadOnlyAdmin):
    list_display = ("citation_string", "heading", "chapter", "status")
    list_filter = ("title",)
    search_fields = ("section", "heading")


class CrecSpeakerTurnInline(ReadOnlyInline):
    model = models.CrecSpeakerTurn
    fields = ("order", "speaker", "speaker_state", "start_offset", "end_offset")


@admin.register(models.CrecGranule)
class CrecGranuleAdmin(ReadOnlyAdmin):
    list_display = ("granule_id", "chamber", "pages", "title", "published_at")
    list_filter = ("chamber", "published_at")
    search_fields = ("granule_id", "title")
    inlines = [CrecSpeakerTurnInline]


@admin.register(models.HearingTranscript)
class HearingTranscriptAdmin(ReadOnlyAdmin):
    list_display = ("package_id", "title", "committee", "held_on")
    list_filter = ("chamber", "congress")
    search_fields = ("package_id", "title", "committee")


@admin.register(models.BillMention)
class BillMentionAdmin(ReadOnlyAdmin):
    list_display = ("document_id", "bill_id", "mention", "source")
    list_filter = ("source",)
    search_fields = ("document_id", "bill_id")
