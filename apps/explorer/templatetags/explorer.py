"""Template filters of the explorer: highlighted snippets, id links, dictionary lookups."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

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
