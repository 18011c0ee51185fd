"""The curator's admin: corrections (add = correct a field now and on every later ingest; change = revise;
the Revert and Reinstate actions; nothing is deleted), each field's history (append-only), review flags, runs started from the admin with their progress, and the data-quality report of every source.

Every record's change page links here ("Correct a field", "Flag for review": templates/admin/
change_form_object_tools.html); the admin's header links to the data-quality report and to starting a run.
"""

from urllib.parse import urlencode

from django import forms
from django.contrib import admin, messages
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpResponseRedirect, JsonResponse
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from apps.core.errors import JoshError
from apps.core.plans import all_plans
from apps.core.readonly_admin import ReadOnlyAdmin
from apps.core.services.writer_lock import current_holder, holder_text
from apps.curation import queue, records, selectors, services
from apps.curation.forms import CorrectionForm
from apps.curation.models import BackgroundRun, Correction, CorrectionEvent, QueuedChange, ReviewFlag
from apps.curation.roles import CorrectionRoles, queue_steps

QUALITY_PERMISSION = "curation.view_quality_report"


class NeverWaitsOnIngest:
    """The curation admins answer during an ingest (docs/ACCESS.md "Web requests never wait on an ingest"):
    Django's admin opens a transaction on the model's database around every add, change and delete view, and
    on an SQLite data file that waits for the ingest's write lock. These views change the data only through
    the queue (apps.curation.queue), one committed row per change, so they open none: a change is committed
    before the queue looks for a writer, and a writer letting go of its lock finds it. The queue's rows are
    the record of who changed what and why, so no admin LogEntry (a data-database write) is added."""

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        return self._changeform_view(request, object_id, form_url, extra_context)

    def delete_view(self, request, object_id, extra_context=None):
        return self._delete_view(request, object_id, extra_context)

    def changelist_view(self, request, extra_context=None):
        queue.try_apply()
        waiting = queue.pending_count()
        if waiting:
            holder = current_holder()
            messages.info(
                request,
                f"{waiting} curator's change(s) pending: "
                + (f"an ingest is writing ({holder_text(holder)}); " if holder else "")
                + "they are applied as soon as the data's writer is free.",
            )
        return super().changelist_view(request, extra_context)

    def log_addition(self, request, obj, message):
        return None

    def log_change(self, request, obj, message):
        return None

    def log_deletion(self, request, obj, object_repr):
        return None

    def log_deletions(self, request, queryset):
        return None

    def queued(self, request, change: QueuedChange) -> None:
        """Tell the curator what became of a change."""
        if change.status == QueuedChange.Status.APPLIED:
            return
        if change.status == QueuedChange.Status.FAILED:
            messages.error(request, f"Not applied: {change.error}")
            return
        holder = current_holder()
        messages.warning(
            request,
            "Saved and pending: "
            + (f"an ingest is writing ({holder_text(holder)}); " if holder else "the data is busy; ")
            + "the change is applied as soon as it finishes (see Curators' changes).",
        )

    def response_add(self, request, obj, post_url_continue=None):
        if obj.pk is None:  # queued: no row yet to show
            return HttpResponseRedirect(reverse("admin:curation_queuedchange_changelist"))
        return super().response_add(request, obj, post_url_continue)

    def response_change(self, request, obj):
        if obj.pk is None:
            return HttpResponseRedirect(reverse("admin:curation_queuedchange_changelist"))
        return super().response_change(request, obj)


def _record_types():
    return ContentType.objects.filter(pk__in=[ct.pk for ct in services.record_types()])


def _record_link(obj) -> str:
    """The record by its public id (its primary key only for a child row that has none)."""
    model = obj.content_type.model_class()
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_change", args=[obj.object_id])
    found = records.record_of(obj.content_type, obj.object_id)
    name = found.public_id if found is not None else obj.object_id
    return format_html('<a href="{}">{} {}</a>', url, model._meta.verbose_name, name)


class RecordForm(forms.ModelForm):
    """The record a correction or flag is about: its type and primary key, checked to exist."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["content_type"].queryset = _record_types()

    def clean(self):
        data = super().clean()
        ct, object_id = data.get("content_type"), data.get("object_id")
        if ct and object_id:
            try:
                services.resolve_record(ct, object_id)
            except JoshError as exc:
                raise ValidationError({"object_id": exc.message}) from None
        return data


ONE_CORRECTION = "correction__id__exact"


def history_url(correction_pk: int) -> str:
    """One field's history: its correction's events, oldest first."""
    return f"{reverse('admin:curation_correctionevent_changelist')}?{ONE_CORRECTION}={correction_pk}"


@admin.register(Correction)
class CorrectionAdmin(CorrectionRoles, NeverWaitsOnIngest, admin.ModelAdmin):
    form = CorrectionForm
    fields = (
        "record", "field", "value", "reason", "status", "ingested_value", "created_by", "updated_at", "history",
    )  # fmt: skip
    list_display = (
        "record", "field", "status", "value", "ingested_value", "created_by", "updated_at", "reason", "history",
    )  # fmt: skip
    # The record column links to the record: the correction's own page is reached from its field (a link in a
    # link would leave the outer one without a name, and screen readers without a target).
    list_display_links = ("field",)
    list_filter = (
        "status",
        "needs_review",
        "proposal_pending",
        ("content_type", admin.RelatedOnlyFieldListFilter),
        "field",
    )
    search_fields = ("object_id", "field", "value", "reason")
    readonly_fields = ("status", "ingested_value", "created_by", "created_at", "updated_at", "history")
    actions = ["revert_selected", "reinstate_selected", *CorrectionRoles.review_actions]

    @admin.display(description="record")
    def record(self, obj):
        return _record_link(obj)

    @admin.display(description="history")
    def history(self, obj):
        if obj.pk is None:
            return "-"
        return format_html('<a href="{}">{} event(s)</a>', history_url(obj.pk), obj.events.count())

    def has_delete_permission(self, request, obj=None):
        return False  # append-only: a correction is reverted, never deleted

    def get_fields(self, request, obj=None):
        # Before saving there is no status, author or history to show: the record's values table follows.
        return self.fields[:4] if obj is None else self.fields

    def get_changeform_initial_data(self, request):
        """The record by its public id: typed (``?record=``), or the record page's "Correct a field" link's
        ``content_type`` and ``object_id``."""
        initial = super().get_changeform_initial_data(request)
        ct_id, object_id = request.GET.get("content_type", ""), request.GET.get("object_id", "")
        ct = ContentType.objects.filter(pk=ct_id).first() if ct_id.isdigit() else None
        found = records.record_of(ct, object_id) if ct is not None and ct.model_class() else None
        if found is not None:
            initial["record"] = found.public_id
        return {k: v for k, v in initial.items() if k not in ("content_type", "object_id")}

    def changeform_view(self, request, object_id=None, form_url="", extra_context=None):
        # "Show its fields": the record typed is drawn again with its fields and values, nothing saved.
        if request.method == "POST" and "_lookup" in request.POST and object_id is None:
            typed = request.POST.get("record", "").strip()
            try:
                typed = records.find_record(typed).public_id
            except JoshError as exc:
                messages.error(request, exc.message)
            return HttpResponseRedirect(f"{request.path}?{urlencode({'record': typed})}")
        return super().changeform_view(request, object_id, form_url, extra_context)

    def get_urls(self):
        view = self.admin_site.admin_view(self.suggest_records)
        return [path("records/", view, name="curation_correction_records"), *super().get_urls()]

    def suggest_records(self, request):
        if not self.has_add_permission(request):
            raise PermissionDenied
        return JsonResponse({"results": records.suggest(request.GET.get("q", ""))})

    def save_model(self, request, obj, form, change):
        ct = obj.content_type
        done = queue.submit(
            action=self.write_action(request, obj),
            user=request.user,
            record_type=f"{ct.app_label}.{ct.model}",
            object_id=obj.object_id,
            field=obj.field,
            value=obj.value,
            text=obj.reason,
        )
        self.queued(request, done)
        saved = Correction.objects.filter(content_type=ct, object_id=obj.object_id, field=obj.field).first()
        if done.status == QueuedChange.Status.APPLIED and saved is not None:
            obj.pk, obj.created_at, obj.ingested_value = saved.pk, saved.created_at, saved.ingested_value
        else:
            obj.pk = None

    @admin.action(
        description="Revert the selected corrections (serve the upstream value; history kept)",
        permissions=["revise"],
    )
    def revert_selected(self, request, queryset):
        queue_steps(
            self,
            request,
            queryset.filter(status=Correction.Status.ACTIVE),
            QueuedChange.Action.REVERT,
            "Reverted",
        )

    @admin.action(description="Reinstate the selected reverted corrections", permissions=["revise"])
    def reinstate_selected(self, request, queryset):
        queue_steps(
            self,
            request,
            queryset.filter(status=Correction.Status.REVERTED),
            QueuedChange.Action.REINSTATE,
            "Reinstated",
        )


@admin.register(CorrectionEvent)
class CorrectionEventAdmin(ReadOnlyAdmin):
    """Every step of every correction, as it was taken: read-only, never deleted."""

    list_display = (
        "at",
        "action",
        "record",
        "field",
        "before",
        "after",
        "old_upstream",
        "upstream",
        "reason",
        "username",
    )
    list_filter = ("action",)
    search_fields = ("correction__object_id", "correction__field", "reason", "username")
    list_select_related = ("correction__content_type",)

    def get_list_display(self, request):
        # One field's history (the record page's "History of title"): the record and field are the page's
        # title, not two columns repeated on every row, so the values keep the width at 1366 px.
        if ONE_CORRECTION in request.GET:
            return tuple(c for c in self.list_display if c not in ("record", "field"))
        return self.list_display

    def changelist_view(self, request, extra_context=None):
        raw = request.GET.get(ONE_CORRECTION, "")
        correction = Correction.objects.filter(pk=raw).first() if raw.isdigit() else None
        if correction is not None:
            found = records.record_of(correction.content_type, correction.object_id)
            name = found.public_id if found is not None else correction.object_id
            title = f"History of {correction.field} of {name}"
            extra_context = {"title": title, "one_field": True, **(extra_context or {})}
        return super().changelist_view(request, extra_context)

    @admin.display(description="record")
    def record(self, obj):
        return _record_link(obj.correction)

    @admin.display(description="field")
    def field(self, obj):
        return obj.correction.field

    @admin.display(description="old upstream")
    def old_upstream(self, obj):
        """A drift's upstream value before the ingest that changed it (other steps have none)."""
        return obj.previous_upstream

    @admin.display(description="upstream")
    def upstream(self, obj):
        """What the source file said at this step."""
        return obj.upstream_value

    def lookup_allowed(self, lookup, value, request=None):
        return lookup == ONE_CORRECTION or super().lookup_allowed(lookup, value, request)


class FlagForm(RecordForm):
    class Meta:
        model = ReviewFlag
        fields = ("content_type", "object_id", "note", "resolved")


@admin.register(ReviewFlag)
class ReviewFlagAdmin(NeverWaitsOnIngest, admin.ModelAdmin):
    form = FlagForm
    list_display = ("record", "note", "created_by", "created_at", "resolved")
    list_filter = ("resolved", "content_type")
    search_fields = ("object_id", "note")
    actions = ["mark_resolved"]

    @admin.display(description="record")
    def record(self, obj):
        return _record_link(obj)

    def save_model(self, request, obj, form, change):
        ct = obj.content_type
        done = queue.submit(
            action=QueuedChange.Action.UPDATE_FLAG if change else QueuedChange.Action.FLAG,
            user=request.user,
            record_type=f"{ct.app_label}.{ct.model}",
            object_id=obj.object_id,
            text=obj.note,
            target_id=obj.pk if change else None,
            resolved=obj.resolved,
        )
        self.queued(request, done)
        if not change:
            obj.pk = None  # the flag's row is written by the queue: the list shows it

    def response_add(self, request, obj, post_url_continue=None):
        return HttpResponseRedirect(reverse("admin:curation_reviewflag_changelist"))

    @admin.action(description="Mark the selected flags resolved")
    def mark_resolved(self, request, queryset):
        done = None
        for flag in queryset:
            ct = flag.content_type
            done = queue.submit(
                action=QueuedChange.Action.UPDATE_FLAG,
                user=request.user,
                record_type=f"{ct.app_label}.{ct.model}",
                object_id=flag.object_id,
                text=flag.note,
                target_id=flag.pk,
                resolved=True,
            )
        if done is not None:
            self.queued(request, done)


class StartRunForm(forms.ModelForm):
    source = forms.ChoiceField(choices=())

    class Meta:
        model = BackgroundRun
        fields = ("kind", "source")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["source"].choices = [(p.slug, f"{p.title} ({p.slug})") for p in all_plans()]

    def clean(self):
        # Checked before anything is written: a run row written now would wait on the running ingest.
        holder = current_holder()
        if holder is not None:
            raise ValidationError(
                f"An ingest or embed is running ({holder_text(holder)}); start this one after it."
            )
        return super().clean()


@admin.register(BackgroundRun)
class BackgroundRunAdmin(NeverWaitsOnIngest, admin.ModelAdmin):
    """Add = start a run (an ingest of the source's sample corpus, or an embed) on a background thread."""

    list_display = ("created_at", "kind", "source", "status", "progress", "ingest_run", "started_by")
    list_filter = ("kind", "status", "source")
    readonly_fields = (
        "status", "progress", "ingest_run", "output", "started_by", "created_at", "finished_at",
    )  # fmt: skip

    def get_form(self, request, obj=None, **kwargs):
        return StartRunForm if obj is None else super().get_form(request, obj, **kwargs)

    def get_fields(self, request, obj=None):
        return ("kind", "source") if obj is None else ("kind", "source", *self.readonly_fields)

    def get_readonly_fields(self, request, obj=None):
        return () if obj is None else ("kind", "source", *self.readonly_fields)

    def has_change_permission(self, request, obj=None):
        return obj is None and super().has_change_permission(request, obj)

    def save_model(self, request, obj, form, change):
        run = services.start_run(kind=obj.kind, source=obj.source, user=request.user)
        obj.pk, obj.created_at = run.pk, run.created_at
        messages.info(request, f"Started {obj.kind} of {obj.source}; this page shows its progress.")

    def response_add(self, request, obj, post_url_continue=None):
        return HttpResponseRedirect(reverse("admin:curation_backgroundrun_change", args=[obj.pk]))

    def changelist_view(self, request, extra_context=None):
        services.abort_orphans()
        return super().changelist_view(request, extra_context)

    def change_view(self, request, object_id, form_url="", extra_context=None):
        run = BackgroundRun.objects.filter(pk=object_id).first()
        extra = {"refresh": run is not None and run.status in ("queued", "running"), **(extra_context or {})}
        return super().change_view(request, object_id, form_url, extra_context=extra)

    def get_urls(self):
        view = self.admin_site.admin_view
        return [
            path("quality/", view(self.quality_index), name="curation_quality"),
            path("quality/<str:slug>/", view(self.quality_source), name="curation_quality_source"),
            *super().get_urls(),
        ]

    def quality_index(self, request):
        if not request.user.has_perm(QUALITY_PERMISSION):
            raise PermissionDenied
        context = {
            **self.admin_site.each_context(request),
            "title": "Data quality of every source",
            "reports": selectors.all_sources_quality(),
        }
        return TemplateResponse(request, "admin/curation/quality.html", context)

    def quality_source(self, request, slug):
        if not request.user.has_perm(QUALITY_PERMISSION):
            raise PermissionDenied
        try:
            report = selectors.quality_for(slug)
        except JoshError as exc:
            from django.http import Http404

            raise Http404(exc.message) from None
        context = {
            **self.admin_site.each_context(request),
            "title": f"Data quality: {report.title}",
            "reports": [report],
            "one": True,
        }
        return TemplateResponse(request, "admin/curation/quality.html", context)


@admin.register(QueuedChange)
class QueuedChangeAdmin(ReadOnlyAdmin):
    """Every curator's change as it was made: pending (waiting for an ingest to finish), applied or failed."""

    list_display = (
        "created_at",
        "action",
        "status",
        "record_type",
        "object_id",
        "field",
        "value",
        "username",
    )
    list_filter = ("status", "action", "record_type")
    search_fields = ("object_id", "field", "value", "text", "username")

    def changelist_view(self, request, extra_context=None):
        queue.try_apply()
        return super().changelist_view(request, extra_context)
