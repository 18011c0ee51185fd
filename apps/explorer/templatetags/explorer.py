"""Template filters of the explorer: highlighted snippets, id links, dictionary lookups, legislative days.

Every link a page builds from data goes through ``link`` / ``record_link``: an internal path, an http(s)
URL at the publisher (marked external), or plain text (anything else: ``javascript:``, ``data:``, junk).
"""

import re
from html import escape as _esc

from django import template
from django.template.defaultfilters import date as date_filter
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

from apps.citations.links import is_http_url
from apps.core.legislative import legislative_date
from apps.explorer.links import link_for_id
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


def _is_internal(url: str) -> bool:
    return url.startswith("/") and not url.startswith("//") and "\\" not in url


def _html(value) -> str:
    """``value`` as HTML, as ``format_html`` takes an argument: safe text as it is, anything else escaped (with
    the stdlib's ``html.escape``, which Django's ``escape`` calls). Without format_html's lazy-string wrappers:
    a vote page builds ~435 links."""
    return value.__html__() if hasattr(value, "__html__") else _esc(str(value))


@register.simple_tag
def link(url, text) -> SafeString:
    """``text`` linked to ``url``: an internal path as is, an http(s) URL as an external link, else text."""
    url = url if isinstance(url, str) else ""
    if _is_internal(url):
        return mark_safe(f'<a href="{_html(url)}">{_html(text)}</a>')  # noqa: S308 - both escaped
    if is_http_url(url):
        return mark_safe(  # noqa: S308 - both escaped
            f'<a class="external" rel="external noopener" href="{_html(url)}">{_html(text)}<span class="ext-mark"'
            ' title="at the publisher">&#8599;</span></a>'
        )
    return mark_safe(_html(text))  # noqa: S308 - escaped


@register.simple_tag
def record_link(value, text=None) -> SafeString:
    """``text`` (default: the id) linked to the record's page, else to its publisher, else shown as text."""
    label = value if text is None else text
    target = link_for_id(value)
    if target is None:
        return mark_safe(_html(label))  # noqa: S308 - escaped
    return link(target.url, label)


# Between the members of a group, the whitespace the template's own loop left (the page's HTML is unchanged).
_ROW_GAP = "\n      "


@register.simple_tag
def position_rows(group) -> SafeString:
    """The ``<li>`` of every member of a vote's position group (``services.PositionGroup``): each linked
    through ``record_link``, with the party-state badge unless the name already carries one and, when the
    group mixes recorded options (Yea and Aye), the member's own. Built here, not in a template loop: a vote
    lists ~435 members, and the loop's per-row variable lookups were most of the page's time. The text is
    escaped with the stdlib's ``html.escape``, which is what Django's ``escape`` calls."""
    rows = []
    for p in group.members:
        badge = (
            ""
            if "(" in p.name
            else f' <span class="badge party-{_esc(p.party)} small">{_esc(p.party)}-{_esc(p.state)}</span>'
        )
        option = f' <span class="muted small">{_esc(p.position)}</span>' if group.mixed else ""
        rows.append(f"{_ROW_GAP}<li>{record_link(p.member_id, p.name)}{badge}{option}</li>{_ROW_GAP}")
    return mark_safe("".join(rows))  # noqa: S308 - every value above is escaped; record_link's output is safe


@register.filter
def safe_url(value) -> str:
    """``value`` when it is an absolute http(s) URL, else ''."""
    return value if is_http_url(value) else ""


@register.filter
def get(mapping, key):
    return mapping.get(key, key) if mapping else key


def _cut(text: str, chars: int) -> int:
    """Where ``text`` splits after about ``chars`` characters: the last space before it (len when it is short)."""
    if len(text) <= chars:
        return len(text)
    space = text.rfind(" ", 0, chars)
    return space if space > 0 else chars


@register.filter
def lead(text, chars: int) -> str:
    """The first ``chars`` or so characters of ``text``, ending at a word; ``rest`` is the remainder. A page
    shows the lead and folds the rest, so all of it is on the page: a search hit's deep link
    (``#:~:text=``) into the folded part still finds it (the browser opens the fold)."""
    text = text or ""
    return text[: _cut(text, int(chars))]


@register.filter
def rest(text, chars: int) -> str:
    text = text or ""
    return text[_cut(text, int(chars)) :].strip()


@register.filter
def day(value, fmt: str = "M j, Y") -> str:
    """A timestamp's day as Washington keeps it ('Mar 3, 2021' for a vote at 04:29 UTC on March 4); a date is
    formatted as it is. Templates print timestamps' days only through this, never with ``|date``, whose
    timezone is the server's (UTC)."""
    return date_filter(legislative_date(value), fmt) if value else ""


class _LinkToNode(template.Node):
    def __init__(self, value, nodelist):
        self.value, self.nodelist = value, nodelist

    def render(self, context):
        label = SafeString(self.nodelist.render(context))  # rendered with autoescape: already escaped
        return record_link(self.value.resolve(context), label)


@register.tag
def linkto(parser, token):
    """``{% linkto id %}label{% endlinkto %}``: ``record_link`` with a label built from template text."""
    bits = token.split_contents()
    if len(bits) != 2:
        raise template.TemplateSyntaxError("linkto takes one argument: the id")
    nodelist = parser.parse(("endlinkto",))
    parser.delete_first_token()
    return _LinkToNode(parser.compile_filter(bits[1]), nodelist)


_STARS = re.compile(r"\*{3,}")
_EMPHASIS = (
    (re.compile(r"\*\*(?=\S)(.+?)(?<=\S)\*\*"), "strong"),
    (re.compile(r"__(?=\S)(.+?)(?<=\S)__"), "strong"),
    (re.compile(r"(?<![\w*])\*(?=[^\s*])(.+?)(?<=[^\s*])\*(?![\w*])"), "em"),
    (re.compile(r"(?<![\w_])_(?=[^\s_])(.+?)(?<=[^\s_])_(?![\w_])"), "em"),
)


@register.filter
def inline(text) -> SafeString:
    """A paragraph of a long document as HTML: escaped first, then its Markdown-style emphasis
    (``**bold**``, ``*italic*``, ``_italic_``) as <strong>/<em>, so no raw marker shows on the page."""
    html = _STARS.sub(
        "", str(escape(text or ""))
    )  # "******Table 3******": a converter's debris, not emphasis
    for pattern, tag in _EMPHASIS:
        html = pattern.sub(rf"<{tag}>\1</{tag}>", html)
    html = html.replace("**", "").replace("__", "")  # a marker left unpaired (cut by the PDF) shows nothing
    return mark_safe(html)  # noqa: S308 - built from escaped text; only the fixed tags above are added
