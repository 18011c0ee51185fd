"""Template filters of the explorer: highlighted snippets, id links, dictionary lookups, legislative days."""

from django import template
from django.template.defaultfilters import date as date_filter
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from apps.core.legislative import legislative_date
from apps.explorer.records import url_for_id
from apps.explorer.services import snippet_segments

register = template.Library()


@register.filter
def marked(snippet) -> SafeString:
    """A search snippet with its highlight ranges in <mark>, every piece escaped."""
    pieces = snippet_segments(snippet.text, snippet.highlights)
    return format_html_join(
        "", "{}", ((format_html("<mark>{}</mark>", t) if hit else t,) for t, hit in pieces)
    )


@register.filter
def record_url(value) -> str:
    """The explorer page of a Josh id ('' when the value is not one)."""
    return url_for_id(str(value)) or "" if value else ""


@register.filter
def get(mapping, key):
    return mapping.get(key, key) if mapping else key


@register.filter
def day(value, fmt: str = "M j, Y") -> str:
    """A timestamp's day as Washington keeps it ('Mar 3, 2021' for a vote at 04:29 UTC on March 4); a date is
    formatted as it is. Templates print timestamps' days only through this, never with ``|date``, whose
    timezone is the server's (UTC)."""
    return date_filter(legislative_date(value), fmt) if value else ""
