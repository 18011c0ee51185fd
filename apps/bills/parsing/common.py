"""Helpers shared by the parsers: XML loading that names the file, dates, clean text from escaped HTML."""

import html
import re
from datetime import date, datetime
from pathlib import Path

from lxml import etree
from lxml import html as lxml_html

from apps.core import inputs


def load_xml(path: Path) -> etree._Element:
    """Parse ``path`` (``apps.core.inputs.load_xml``, comments dropped, no size limits for the big files)."""
    return inputs.load_xml(path, huge_tree=True, remove_comments=True)


def text_of(el: etree._Element | None, path: str = ".") -> str:
    """Stripped text of the first match of ``path`` under ``el`` ('' when absent or empty, e.g. <date/>)."""
    if el is None:
        return ""
    found = el.find(path) if path != "." else el
    if found is None or found.text is None:
        return ""
    return found.text.strip()


def parse_date(raw: str) -> date | None:
    """'2025-01-16' or '2015-03-23T04:00:00Z' -> date; '' -> None (empty <date/> elements exist)."""
    raw = (raw or "").strip()
    if not raw:
        return None
    return date.fromisoformat(raw[:10])


def parse_datetime(raw: str) -> datetime | None:
    raw = (raw or "").strip()
    if not raw:
        return None
    if len(raw) == 10:
        raw += "T00:00:00Z"
    return datetime.fromisoformat(raw.replace("Z", "+00:00"))


_BLOCK_TAGS = ("p", "div", "li", "br", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "ul", "ol", "table")
_SPACES = re.compile(r"[ \t\u00a0]+")


def clean_html_text(raw: str) -> str:
    """Readable text from CRS HTML, which BILLSTATUS escapes once (v3 ``cdata/text``: ``&lt;p&gt;``) or
    wraps in CDATA. Unescape until no markup entities remain, then drop tags keeping paragraph breaks."""
    text = raw or ""
    for _ in range(3):  # "escaped twice": &amp;nbsp; -> &nbsp; -> U+00A0
        if not re.search(r"&(lt|gt|amp|nbsp|quot|#\d+);", text):
            break
        if "<" in text and "&lt;" not in text:
            break  # real markup with entities inside: the HTML parser resolves them
        text = html.unescape(text)
    if not text.strip():
        return ""
    if "<" not in text:
        return _normalize(html.unescape(text))
    root = lxml_html.fragment_fromstring(text, create_parent="div")
    for el in root.iter():
        if isinstance(el.tag, str) and el.tag.lower() in _BLOCK_TAGS:
            el.tail = "\n" + (el.tail or "")
            if el.tag.lower() == "li":
                el.text = "- " + (el.text or "")
    return _normalize(root.text_content())


def _normalize(text: str) -> str:
    lines = [_SPACES.sub(" ", line).strip() for line in text.replace("\r", "").split("\n")]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip()
