"""Curator admin for the registry: browse and search every model. Records come from ingest, so top-level
records and their inlines are read-only (view permission only)."""

from django.contrib import admin

from apps.core.readonly_admin import ReadOnlyAdmin as BaseReadOnlyAdmin
from apps.core.readonly_admin import ReadOnlyInline as BaseReadOnlyInline
from apps.registry.models import (
    Committee,
    CommitteeMembership,
    Legislator,
    LegislatorIdentifier,
    LegislatorSocial,
    RollCallVote,
    Term,
    VotePosition,
)


class ReadOnlyAdmin(BaseReadOnlyAdmin):
    list_per_page = 50

    def get_readonly_fields(self, request, obj=None):
        return [f.name for f in self.model._meta.fields]


class ReadOnlyInline(BaseReadOnlyInline):
    show_change_link = True

    def get_readonly_fields(self, request, obj=None):
        return self.fields or [f.name for f in self.model._meta.fields if f.name != "id"]


class TermInline(ReadOnlyInline):
    model = Term
    fields = ("term_type", "start", "end", "state", "district", "senate_class", "party", "caucus")


class IdentifierInline(ReadOnlyInline):
    model = LegislatorIdentifier
    fields = ("scheme", "value")
    show_change_link = False


class SocialInline(ReadOnlyInline):
    model = LegislatorSocial
    fields = ("accounts", "retrieved_at")
    show_change_link = False


class SeatInline(ReadOnlyInline):
    model = CommitteeMembership
    fk_name = "legislator"
    fields = ("committee", "congress", "party_side", "rank", "title")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("committee")


class RosterInline(ReadOnlyInline):
    model = CommitteeMembership
    fk_name = "committee"
    fields = ("legislator", "congress", "party_side", "rank", "title")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("legislator")


class SubcommitteeInline(ReadOnlyInline):
    model = Committee
    fk_name = "parent"
    fields = ("thomas_id", "name", "is_current")
    verbose_name_plural = "subcommittees"


class PositionInline(ReadOnlyInline):
    model = VotePosition
    fields = ("legislator", "member_ref", "display_name", "party", "state", "position", "normalized")

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("legislator")


@admin.register(Legislator)
class LegislatorAdmin(ReadOnlyAdmin):
    list_display = (
        "public_id",
        "official_full",
        "party",
        "state",
        "district",
        "chamber",
        "is_current",
        "is_stub",
    )
    list_filter = ("chamber", "is_current", "is_stub", "party", "state")
    search_fields = (
        "bioguide_id",
        "lis_id",
        "official_full",
        "last_name",
        "first_name",
        "nickname",
        "search_name",
    )
    ordering = ("last_name", "first_name")
    inlines = (TermInline, IdentifierInline, SocialInline, SeatInline)


@admin.register(LegislatorIdentifier)
class LegislatorIdentifierAdmin(ReadOnlyAdmin):
    list_display = ("scheme", "value", "legislator")
    list_filter = ("scheme",)
    search_fields = ("value", "legislator__official_full", "legislator__bioguide_id")
    list_select_related = ("legislator",)


@admin.register(Term)
class TermAdmin(ReadOnlyAdmin):
    list_display = ("legislator", "term_type", "start", "end", "state", "district", "party")
    list_filter = ("term_type", "party", "state")
    search_fields = ("legislator__official_full", "legislator__bioguide_id")
    list_select_related = ("legislator",)
    date_hierarchy = "start"


@admin.register(Committee)
class CommitteeAdmin(ReadOnlyAdmin):
    list_display = ("thomas_id", "name", "chamber", "parent", "is_current")
    list_filter = ("chamber", "is_current")
    search_fields = ("thomas_id", "name", "search_name")
    list_select_related = ("parent",)
    inlines = (SubcommitteeInline, RosterInline)


@admin.register(CommitteeMembership)
class CommitteeMembershipAdmin(ReadOnlyAdmin):
    list_display = ("committee", "legislator", "congress", "party_side", "rank", "title")
    list_filter = ("congress", "party_side", "committee__chamber", "title")
    search_fields = (
        "committee__thomas_id",
        "committee__name",
        "legislator__official_full",
        "member_name",
        "title",
    )
    list_select_related = ("committee", "legislator")


@admin.register(RollCallVote)
class RollCallVoteAdmin(ReadOnlyAdmin):
    list_display = ("vote_id", "voted_at", "chamber", "congress", "category", "question", "result", "bill_id")
    list_filter = ("chamber", "congress", "category")
    search_fields = ("vote_id", "upstream_id", "question", "bill_id", "result")
    date_hierarchy = "voted_at"
    inlines = (PositionInline,)


@admin.register(VotePosition)
class VotePositionAdmin(ReadOnlyAdmin):
    list_display = ("vote", "legislator", "member_ref", "position", "normalized", "party", "state")
    list_filter = ("normalized", "vote__chamber", "vote__congress")
    search_fields = ("vote__vote_id", "member_ref", "display_name", "legislator__official_full")
    list_select_related = ("vote", "legislator")


@admin.register(LegislatorSocial)
class LegislatorSocialAdmin(ReadOnlyAdmin):
    list_display = ("legislator", "accounts", "retrieved_at")
    search_fields = ("legislator__official_full", "legislator__bioguide_id", "accounts")
    list_select_related = ("legislator",)
