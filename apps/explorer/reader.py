"""A long document as a reader wants it: headings and paragraphs with anchors, a table of contents, and a
pinpoint citation for each section ("H.R. 1 § 3(b)", "89 FR 9840", "1 CFR 1.1(a)") that a reader can copy.

Pure text in, blocks out: no queries and no framework. The text a page shows is cleaned for reading only —
what Josh stores, indexes and embeds is the text as the publisher printed it:

- a PDF's line breaks inside a paragraph are joined (a line that was wrapped is long; a list's lines are not);
- the Federal Register's ``[[Page 9741]]`` markers are not shown as text but kept as anchors, so "89 FR 9742"
  points at its page;
- Markdown-style emphasis (``**bold**``, ``*italic*``, ``_italic_``) is rendered by the ``inline`` filter of
  ``apps.explorer.templatetags.explorer``, never shown raw.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from urllib.parse import quote

_BLANK_LINES = re.compile(r"\n[ \t]*\n+")
_MD_HEADING = re.compile(r"^#{1,6}\s+(.+)$")
_RULE = re.compile(r"^[-*_]{3,}$")
# "SEC. 2. UNITED STATES POLICY. It is the policy..." -> the numbered, capitalised heading, then the text.
_SECTION_LEAD = re.compile(r"^((?:SECTION|SEC\.)\s+\d+[A-Za-z]?\.\s+[^a-z\n]{2,150}?\.)\s+(?=\S*[a-z])")
_SECTION_NUMBER = re.compile(r"^(?:SECTION|SEC\.?|Sec\.|§+)\s*(\d+[A-Za-z]?(?:[-.]\d+[A-Za-z]?)*)", re.I)
_BOLD = re.compile(r"^\*\*(.+)\*\*$")
_HEADING_START = re.compile(
    r"^(?:SEC(?:TION)?\.?\s+\d|§|TITLE\s+[IVXLC\d]|PART\s+[IVXLC\d\w]|Subpart\s|Appendix\s)", re.I
)
PAGE_MARK = re.compile(r"\[\[Page (\d+)\]\]")
# A paragraph that opens with its enumerator: "(a) Short Title.—", "(1) by striking". One that opens with a
# quote ("“(A) In general.") is text an amendment inserts into another law: not a place in this one.
_ENUMERATOR = re.compile(r"^\(([a-zA-Z0-9]{1,5})\)")
_QUOTED_ENUMERATOR = re.compile(r"^[“\"]\(([a-zA-Z0-9]{1,5})\)")
# A list line: a bullet, a dash, an enumerator: its line break is the author's, not the PDF's.
_LIST_LINE = re.compile(r"^(?:[•●▪◦·*-]\s|\(?[a-zA-Z0-9]{1,4}[.)]\s)")
_MARKUP = re.compile(r"\*+(?=\*)\*|__|(?<!\w)[*_](?=\S)|(?<=\S)[*_](?!\w)")
_ITEM = re.compile(r"^[-*•]\s+(.+)$")
_TABLE_RULE = re.compile(r"\|?(?:\s*:?-{3,}:?\s*\|)+\s*:?-*:?\s*")
_CONTINUED = re.compile(r"[a-z,]$")  # a paragraph ending mid-sentence continues in the next block
WRAPPED = 0.6  # a line at least this share of the block's longest line was wrapped by the PDF...
COLUMN = 50  # ...when that line is a printed column's width: a list of short lines keeps its breaks


@dataclass
class Block:
    # "h" a heading, "p" a paragraph, "table" a Markdown table, "list" a document's own contents list (its
    # items linked to the headings they name), "page" where a printed page starts
    kind: str
    text: str
    anchor: str = ""  # the element id a link can jump to ("" for a paragraph without a pinpoint)
    pinpoint: str = ""  # the citation of this place, e.g. "H.R. 1 § 3(b)" or "89 FR 9742"
    level: int = 0  # nesting, from a printed text's indentation (bill text), for the page's margins
    rows: list[list[str]] = field(default_factory=list)  # a table's cells, row by row
    header: bool = False  # a table's first row is its header
    items: list[tuple[str, str]] = field(default_factory=list)  # a contents list: (text, anchor or "")


@dataclass
class Reading:
    blocks: list[Block]
    toc: list[Block] = field(default_factory=list)  # the headings, in order, each with its anchor


# How a place in the text is cited: (section number or None, enumerators, printed page or None, heading)
# -> the pinpoint citation, or "" when the place has none of its own.
Pinpoint = Callable[[str | None, tuple[str, ...], int | None, str], str]


def plain(text: str) -> str:
    """``text`` without emphasis markers, for a heading and a table of contents."""
    return _MARKUP.sub("", text).strip()


def _is_heading(block: str) -> bool:
    if (
        "\n" in block
        or len(block) > 100
        or not re.search(r"[A-Za-z]", block)
        or _ENUMERATOR.match(block)
        or _QUOTED_ENUMERATOR.match(block)
    ):
        return False  # "(2) Report.—" is a paragraph of its section, however short
    if _BOLD.match(block) or _HEADING_START.match(block):
        return True
    if block[-1] in ".;:,?!)]”\"'" or block[0].islower():
        return False
    words = block.split()
    # Title Case or ALL CAPS lines of a few words ("Background", "Ongoing M-1 Abrams Modernization Efforts").
    return len(words) <= 12 and (block.isupper() or sum(w[:1].isupper() for w in words) >= len(words) / 2)


def _join_wrapped(lines: list[str]) -> str:
    """A paragraph's lines as the author wrote them: a line the PDF wrapped (long, not ending a list item)
    continues on the next one; a short line or a list's line keeps its break. A word hyphenated at the line
    end keeps its hyphen ("long-\\nterm" -> "long-term"): the hyphen may be the word's own."""
    widest = max(len(line) for line in lines)
    out = lines[0]
    for prev, line in zip(lines, lines[1:], strict=False):
        wrapped = widest >= COLUMN and len(prev) >= WRAPPED * widest and not _LIST_LINE.match(line)
        if wrapped or (line[:1].islower() and not prev.endswith((".", ":", ";"))):
            out += line if prev.endswith("-") else " " + line
        else:
            out += "\n" + line
    return out


def _units(text: str) -> tuple[list[str], bool]:
    """The text's blocks: separated by blank lines, or by line breaks in a text that has none (bill and
    Federal Register texts are printed a paragraph a line), with each page marker a block of its own; and
    whether the lines are paragraphs."""
    if _BLANK_LINES.search(text):
        return _BLANK_LINES.split(PAGE_MARK.sub(r"\n\n\g<0>\n\n", text)), False
    return PAGE_MARK.sub(r"\n\g<0>\n", text).split("\n"), True


def blocks_of(text: str) -> list[Block]:
    """A plain-text body as headings, paragraphs and page anchors. A short one-line block that reads as a
    title (Title Case, ALL CAPS, "SEC. 2.", "§ 1.1", bold) is a heading, and so is a Markdown "# heading"
    line and the capitalised heading that opens a section ("SEC. 2. DEFINITIONS. In this Act"); "---" rules
    are dropped."""
    text = (text or "").replace("\r\n", "\n")
    units, line_paragraphs = _units(text)
    blocks: list[Block] = []
    for raw in units:
        lines: list[str] = []
        level = 0
        for i, line in enumerate(raw.split("\n")):
            if i == 0 and line_paragraphs:
                level = min(6, (len(line) - len(line.lstrip(" "))) // 2)
            line = line.strip()
            page = PAGE_MARK.fullmatch(line)
            heading = _MD_HEADING.match(line)
            if page or heading or _RULE.match(line):  # "# Contents" opens a section; "---" only separates
                _flush(blocks, lines, level, pdf=not line_paragraphs)
                lines = []
                if page:
                    blocks.append(Block("page", page.group(1)))
                elif heading:
                    blocks.append(Block("h", plain(heading.group(1))))
            elif line:
                lines.append(line)
        _flush(blocks, lines, level, pdf=not line_paragraphs)
    return blocks


def _table(lines: list[str]) -> Block:
    """A Markdown table (``|a|b|`` lines; a ``|---|`` rule under a header row) as rows of cells, the header
    first when there is one; a cell's ``<br>`` is a line break, shown as one."""
    header = len(lines) > 1 and bool(_TABLE_RULE.fullmatch(lines[1]))
    rows = [
        [cell.strip().replace("<br>", "\n") for cell in line.strip().strip("|").split("|")]
        for line in lines
        if not _TABLE_RULE.fullmatch(line)
    ]
    return Block("table", "\n".join(" ".join(row) for row in rows), rows=rows, header=header)


def _flush(blocks: list[Block], lines: list[str], level: int, *, pdf: bool = False) -> None:
    if not lines:
        return
    if len(lines) > 1 and all(line.startswith("|") for line in lines):
        blocks.append(_table(lines))
        return
    block = _join_wrapped(lines)
    if (
        pdf
        and blocks
        and blocks[-1].kind == "p"
        and _CONTINUED.search(blocks[-1].text)
        and not _LIST_LINE.match(block)
        and not _is_heading(block)
    ):  # a paragraph the PDF's page break cut in two ("...Food and Nutrition" / "Service (FNS) in ...")
        blocks[-1].text += " " + block
        return
    if m := _SECTION_LEAD.match(block):
        blocks += [Block("h", m.group(1), level=level), Block("p", block[m.end() :], level=level)]
    elif _is_heading(block):
        blocks.append(Block("h", plain(_BOLD.sub(r"\1", block)), level=level))
    else:
        blocks.append(Block("p", block, level=level))


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "section"


def read(
    text: str,
    *,
    pinpoint: Pinpoint | None = None,
    first_page: int | None = None,
    section: str | None = None,
    used: set[str] | None = None,
) -> Reading:
    """``text`` as blocks with anchors and pinpoints, and its table of contents.

    A heading gets an anchor (``sec-3`` for a numbered section, else from its words); a page marker gets
    ``page-<n>``; a paragraph that opens with an enumerator under a numbered section gets one too
    (``sec-3-b-1``), so "§ 3(b)(1)" has a place to point at. ``first_page`` is the page the text starts on
    (a Federal Register document's start page), for the pinpoints before the first marker; ``section`` the
    number of a record that is one section (a CFR or US Code section), whose paragraphs "(a)" it encloses;
    ``used`` the anchors already on the page (several texts on one page), which this one's won't repeat."""
    blocks = blocks_of(text)
    used = set() if used is None else used
    path: list[tuple[int, str]] = []  # (level, enumerator) of the paragraphs that enclose this one
    page = first_page

    def unique(anchor: str) -> str:
        n, candidate = 1, anchor
        while candidate in used:
            n += 1
            candidate = f"{anchor}-{n}"
        used.add(candidate)
        return candidate

    for b in blocks:
        if b.kind == "page":
            page = int(b.text)
            b.anchor = unique(f"page-{page}")
            b.pinpoint = pinpoint(section, (), page, "") if pinpoint else ""
        elif b.kind == "h":
            number = _SECTION_NUMBER.match(b.text)
            if number:
                section, path = number.group(1).rstrip("."), []
            b.anchor = unique(f"sec-{_slug(section)}" if number and section else f"s-{_slug(b.text)}")
            b.pinpoint = pinpoint(section if number else None, (), page, b.text) if pinpoint else ""
        elif (enum := _ENUMERATOR.match(b.text)) and section is not None:
            while path and path[-1][0] >= b.level:
                path.pop()
            path.append((b.level, enum.group(1)))
            enums = tuple(e for _level, e in path)
            b.anchor = unique("sec-" + "-".join((_slug(section), *(e.lower() for e in enums))))
            b.pinpoint = pinpoint(section, enums, page, "") if pinpoint else ""
    toc = [b for b in blocks if b.kind == "h"]
    _link_contents(blocks, toc)
    return Reading(blocks=blocks, toc=toc)


def _link_contents(blocks: list[Block], toc: list[Block]) -> None:
    """A document's own contents list ("- Introduction" lines, as CRS reports print it) made clickable:
    each item naming a heading that follows links to it."""
    anchors: dict[str, str] = {}
    for h in reversed(toc):  # the first heading of a name wins
        anchors[h.text.casefold()] = h.anchor
    for b in blocks:
        lines = b.text.split("\n") if b.kind == "p" else []
        items = [m.group(1).strip() for line in lines if (m := _ITEM.match(line))]
        if len(items) >= 2 and len(items) == len(lines):
            linked = [(item, anchors.get(plain(item).casefold(), "")) for item in items]
            if sum(1 for _item, anchor in linked if anchor) * 2 >= len(linked):
                b.kind, b.items = "list", linked


# ---------------------------------------------------------------------------------------------------------
# How each kind of record is cited at a place inside it
# ---------------------------------------------------------------------------------------------------------


CODES = {"cfr": "CFR", "usc": "U.S.C."}  # the codes whose records are one section each, by id prefix


def _enumerated(section: str, enums: tuple[str, ...]) -> str:
    return section + "".join(f"({e})" for e in enums)


def pinpoint_for(data: dict, *, bill_label: str = "") -> Pinpoint | None:
    """The pinpoint rule of a record (its JSON dump): a bill by its sections, a Federal Register document by
    its printed pages, a CFR or US Code section by its paragraphs, anything else by its section headings."""
    if bill_label:
        return lambda section, enums, page, heading: (
            f"{bill_label} § {_enumerated(section, enums)}" if section else ""
        )
    if data.get("volume") and data.get("start_page"):  # a Federal Register document
        volume = data["volume"]
        return lambda section, enums, page, heading: f"{volume} FR {page}" if page else ""
    code = CODES.get(str(data.get("id", "")).split(":")[0])
    if code and data.get("title") and data.get("section"):
        title = data["title"]
        return lambda section, enums, page, heading: (
            f"{title} {code} {_enumerated(section, enums)}" if section else ""
        )
    cited = str((data.get("citation") or {}).get("citation_string") or "").split(",")[0].strip()
    if not cited:
        return None
    return lambda section, enums, page, heading: f"{cited}, “{heading}”" if heading else ""


# ---------------------------------------------------------------------------------------------------------
# A search hit's link to its passage
# ---------------------------------------------------------------------------------------------------------

_FRAGMENT_WORDS = 6
_WORD_RUN = re.compile(r"[A-Za-z0-9][\w’'.,;:()\-]*")


def text_fragment(passage: str) -> str:
    """A URL text fragment (``#:~:text=…``) that scrolls the record's page to a search hit's passage and
    highlights it, in browsers that support them (the rest open the page at its top): a run of the passage's
    words as the page shows them (no emphasis marker, no page marker), from its first full line."""
    lines = [plain(PAGE_MARK.sub(" ", line)).strip(" …") for line in passage.split("\n")]
    for n, line in enumerate(lines):
        words = line.split()[1:] if n == 0 and passage[:1] == "…" else line.split()  # a cut first word
        run: list[str] = []
        for word in words:
            if _WORD_RUN.fullmatch(word):
                run.append(word)
                if len(run) == _FRAGMENT_WORDS:
                    break
            elif len(run) >= 3:
                break
            else:
                run = []
        if len(run) >= 3:
            return "#:~:text=" + quote(" ".join(run).rstrip(".,;:"), safe="").replace("-", "%2D")
    return ""
