"""``{% corrected_mark citation "title" %}``: the explorer's visible mark on a value a curator corrected, its
provenance (when, why, what upstream says) in the tooltip. Nothing when the field is not corrected.

Several fields (``{% corrected_mark citation "official_full" "first_name" "last_name" %}``) mark a value
built from them: one mark, each corrected field's provenance in its tip.

The mark is the word "corrected" (not a colour alone), reachable by keyboard (``tabindex``), named for
assistive technology (``role="note"`` and ``aria-label``) and its tip shown on hover and on focus: a
``title`` alone shows to mouse users only."""

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
def corrected_mark(citation, *fields: str) -> str:
    notes = (_get(citation, "corrections") or {}) if citation is not None else {}
    found = [(name, notes[name]) for name in fields if notes.get(name)]
    if not found:
        return ""
    tip = (
        tooltip(found[0][1])
        if len(found) == 1
        else " ".join(f"{name}: {tooltip(note)}" for name, note in found)
    )
    return format_html(
        '<span class="corrected-mark" title="{}" aria-label="{}" role="note" tabindex="0">corrected'
        '<span class="corrected-tip" aria-hidden="true">{}</span></span>',
        tip,
        tip,
        tip,
    )
