"""``{% corrected_mark citation "title" %}``: the explorer's visible mark on a value a curator corrected, its
provenance (when, why, what upstream says) in the tooltip. Nothing when the field is not corrected."""

from django import template
from django.utils.html import format_html

register = template.Library()


def _get(obj, name: str):
    return obj.get(name) if isinstance(obj, dict) else getattr(obj, name, None)


def tooltip(note) -> str:
    at, upstream = _get(note, "at"), _get(note, "upstream_value")
    day = at.date().isoformat() if hasattr(at, "date") else str(at or "")[:10]
    shown = "no value" if upstream in (None, "") else f"“{upstream}”"
    return f"Corrected by a curator on {day}: {_get(note, 'reason')}. The source file says {shown}."


@register.simple_tag
def corrected_mark(citation, field: str) -> str:
    note = (_get(citation, "corrections") or {}).get(field) if citation is not None else None
    if not note:
        return ""
    return format_html(
        '<span class="corrected-mark" title="{}" aria-label="{}">corrected</span>',
        tooltip(note),
        tooltip(note),
    )
