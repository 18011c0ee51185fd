"""The curator's admin: corrections (add = correct a field now and on every later ingest; delete = revert),
review flags, runs started from the admin with their progress, and the data-quality report of every source.

Every record's change page links here ("Correct a field", "Flag for review": templates/admin/
change_form_object_tools.html); the admin's header links to the data-quality report and to starting a run.
"""

from django import forms
from django.contrib import admin, messages
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.utils.html import format_html

from apps.core.errors import JoshError
from apps.core.plans import all_plans
from apps.curation import selectors, services
from apps.curation.models import BackgroundRun, Correction, ReviewFlag


def _record_types():
    return ContentType.objects.filter(pk__in=[ct.pk for ct in services.record_types()])


def _record_link(obj) -> str:
    model = obj.content_type.model_class()
    url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_change", args=[obj.object_id])
    return format_html('<a href="{}">{} {}</a>', url, model._meta.verbose_name, obj.object_id)


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


class CorrectionForm(RecordForm):
    class Meta:
        model = Correction
        fields = ("content_type", "object_id", "field", "value", "reason")

    def clean(self):
        data = super().clean()
        ct, name = data.get("content_type"), data.get("field")
        if ct and name:
            model = ct.model_class()
            try:
                model_field = services.check_field(model, name)
                services.to_python(model_field, data.get("value"))
            except JoshError as exc:
                raise ValidationError({"field": exc.message}) from None
            except ValidationError as exc:
                raise ValidationError({"value": exc.messages}) from None
        return data


@admin.register(Correction)
class CorrectionAdmin(admin.ModelAdmin):
    form = CorrectionForm
    list_display = ("record", "field", "value", "ingested_value", "created_by", "updated_at", "reason")
    list_filter = ("content_type", "field")
    search_fields = ("object_id", "field", "value", "reason")
    readonly_fields = ("ingested_value", "created_by", "created_at", "updated_at")

    @admin.display(description="record")
    def record(self, obj):
        return _record_link(obj)

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        ct_id = obj.content_type_id if obj else request.GET.get("content_type")
        ct = ContentType.objects.filter(pk=ct_id).first() if str(ct_id or "").isdigit() else None
        if ct is not None and ct.model_class() is not None:
            names = services.correctable_fields(ct.model_class())
            form.base_fields["field"] = forms.ChoiceField(
                choices=[("", "---------")] + [(n, n) for n in names],
                help_text="The field to correct.",
            )
        return form

    def save_model(self, request, obj, form, change):
        saved = services.correct(
            content_type=obj.content_type,
            object_id=obj.object_id,
            field=obj.field,
            value=obj.value,
            reason=obj.reason,
            user=request.user,
        )
        obj.pk, obj.created_at, obj.ingested_value = saved.pk, saved.created_at, saved.ingested_value

    def delete_model(self, request, obj):
        services.revert(obj)

    def delete_queryset(self, request, queryset):
        for obj in queryset:
            services.revert(obj)


class FlagForm(RecordForm):
    class Meta:
        model = ReviewFlag
        fields = ("content_type", "object_id", "note", "resolved")


@admin.register(ReviewFlag)
class ReviewFlagAdmin(admin.ModelAdmin):
    form = FlagForm
    list_display = ("record", "note", "created_by", "created_at", "resolved")
    list_filter = ("resolved", "content_type")
    search_fields = ("object_id", "note")
    actions = ["mark_resolved"]

    @admin.display(description="record")
    def record(self, obj):
        return _record_link(obj)

    def save_model(self, request, obj, form, change):
        if not change:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)

    @admin.action(description="Mark the selected flags resolved")
    def mark_resolved(self, request, queryset):
        queryset.update(resolved=True)


class StartRunForm(forms.ModelForm):
    source = forms.ChoiceField(choices=())

    class Meta:
        model = BackgroundRun
        fields = ("kind", "source")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["source"].choices = [(p.slug, f"{p.title} ({p.slug})") for p in all_plans()]


@admin.register(BackgroundRun)
class BackgroundRunAdmin(admin.ModelAdmin):
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
        from django.http import HttpResponseRedirect

        return HttpResponseRedirect(reverse("admin:curation_backgroundrun_change", args=[obj.pk]))

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
        context = {
            **self.admin_site.each_context(request),
            "title": "Data quality of every source",
            "reports": selectors.all_sources_quality(),
        }
        return TemplateResponse(request, "admin/curation/quality.html", context)

    def quality_source(self, request, slug):
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
