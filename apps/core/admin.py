"""Admin for ingest runs (read-only, filterable) and the per-source counts page.

``/admin/core/ingestrun/`` lists every run with its counts; ``/admin/core/ingestrun/sources/`` lists every
registered plan with its record count and its last run. Both are read-only: runs are written by the runner.
"""

from django.contrib import admin
from django.db.models import Max
from django.template import engines
from django.template.response import TemplateResponse
from django.urls import NoReverseMatch, path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from apps.core.freshness import last_synced_by_plan
from apps.core.models import IngestRun
from apps.core.plans import all_plans
from apps.core.readonly_admin import ReadOnlyAdmin
from apps.core.services.runs import ingest_state, latest_runs
from apps.core.services.sources import newest_record_date

# Kept inline so the page needs no template file: it extends the admin's own base.
SOURCES_TEMPLATE = """{% extends "admin/base_site.html" %}
{% block breadcrumbs %}<div class="breadcrumbs"><a href="{% url 'admin:index' %}">Home</a> &rsaquo;
<a href="{% url 'admin:core_ingestrun_changelist' %}">Ingest runs</a> &rsaquo; Counts per source</div>{% endblock %}
{% block content %}<div id="content-main"><table>
<thead><tr><th>Source</th><th>Title</th><th>Records</th><th>Last run</th><th>Status</th><th>Inserted</th>
<th>Updated</th><th>Unchanged</th><th>Errors</th><th>Quarantined</th><th>Last success</th><th>Last sync</th><th>Newest record</th><th>State</th></tr></thead><tbody>
{% for row in rows %}<tr>
<td><code>{{ row.slug }}</code></td><td>{{ row.title }}</td>
<td>{% if row.records_url %}<a href="{{ row.records_url }}">{{ row.count }}</a>{% else %}{{ row.count }}{% endif %}</td>
<td>{% if row.last %}<a href="{{ row.last_url }}">{{ row.last.started_at|date:"Y-m-d H:i:s" }}</a>{% else %}never{% endif %}</td>
<td>{{ row.last.status|default:"" }}</td><td>{{ row.last.inserted|default:"" }}</td>
<td>{{ row.last.updated|default:"" }}</td><td>{{ row.last.noop|default:"" }}</td>
<td>{{ row.last.error_count|default:"" }}</td><td>{{ row.last.quarantined_count|default:"" }}</td><td>{{ row.last_success|date:"Y-m-d H:i:s"|default:"never" }}</td>
<td>{{ row.last_synced_at|date:"Y-m-d H:i:s"|default:"never" }}</td><td>{{ row.newest_record_date|default:"" }}</td>
<td>{% if row.state == "half-applied" %}<strong>half-applied, re-run to finish</strong>{% else %}{{ row.state }}{% endif %}<br><small>{{ row.note }}</small></td>
</tr>{% endfor %}</tbody></table></div>{% endblock %}"""


def source_rows() -> list[dict]:
    """Every registered plan with its record count, its latest run and its latest successful finish."""
    latest = latest_runs()
    successes = dict(
        IngestRun.objects.filter(dry_run=False, status__in=["success", "partial"])
        .values_list("source")
        .annotate(last=Max("finished_at"))
    )
    synced = last_synced_by_plan()
    rows = []
    for plan in all_plans():
        model = plan.model_class()
        run = latest.get(plan.slug)
        state, note = ingest_state(run)
        rows.append(
            {
                "slug": plan.slug,
                "title": plan.title,
                "count": model.objects.count(),
                "records_url": _changelist_url(model),
                "last": run,
                "last_url": reverse("admin:core_ingestrun_change", args=[run.pk]) if run else "",
                "last_success": successes.get(plan.slug),
                "state": state,
                "note": note,
                "last_synced_at": synced.get(plan.slug),
                "newest_record_date": newest_record_date(plan),
            }
        )
    return rows


def _changelist_url(model) -> str:
    try:
        return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
    except NoReverseMatch:
        return ""


@admin.register(IngestRun)
class IngestRunAdmin(ReadOnlyAdmin):
    list_display = (
        "started_at", "source", "status", "dry_run", "duration_s", "files_total", "files_failed", "records",
        "inserted", "updated", "noop", "error_count", "quarantined_count",
    )  # fmt: skip
    list_filter = ("source", "status", "dry_run")
    search_fields = ("source",)
    date_hierarchy = "started_at"
    ordering = ("-started_at",)
    # The quarantined list is shown as a table (what a curator reads to fix the files), not as raw JSON.
    readonly_fields = [f.name for f in IngestRun._meta.fields if f.name != "quarantined"] + [
        "quarantined_records"
    ]

    @admin.display(description="seconds", ordering="duration_ms")
    def duration_s(self, run):
        return format_html("{}", f"{run.duration_ms / 1000:.2f}")

    @admin.display(description="quarantined records")
    def quarantined_records(self, run):
        if not run.quarantined:
            return "none"
        # File names, keys and messages come from the data: format_html escapes every cell.
        rows = format_html_join(
            "",
            "<tr><td>{}</td><td><code>{}</code></td><td><code>{}</code></td><td>{}</td></tr>",
            ((q["file"], q["record"], q["field"], q["message"]) for q in run.quarantined),
        )
        more = run.quarantined_count - len(run.quarantined)
        return format_html(
            "<table><thead><tr><th>File</th><th>Record</th><th>Field</th><th>Message</th></tr></thead>"
            "<tbody>{}</tbody></table>{}",
            rows,
            format_html("<p>… and {} more (not kept)</p>", more) if more > 0 else "",
        )

    def get_urls(self):
        sources = path(
            "sources/", self.admin_site.admin_view(self.sources_view), name="core_ingestrun_sources"
        )
        return [sources, *super().get_urls()]

    def sources_view(self, request):
        template = engines["django"].from_string(SOURCES_TEMPLATE)
        context = {
            **self.admin_site.each_context(request),
            "title": "Counts per source",
            "rows": source_rows(),
        }
        return TemplateResponse(request, template, context)

    def changelist_view(self, request, extra_context=None):
        link = reverse("admin:core_ingestrun_sources")
        subtitle = mark_safe(
            f'<a href="{link}">Counts per source &rarr;</a>'
        )  # a fixed admin URL, no user text
        return super().changelist_view(request, extra_context={"subtitle": subtitle, **(extra_context or {})})
