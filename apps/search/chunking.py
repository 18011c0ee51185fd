"""Split a record's body into bounded, overlapping chunks that remember their section heading.

A chunk is at most ``MAX_WORDS`` words (≈ 256 MiniLM tokens for legal English), the next one starts
``OVERLAP_WORDS`` words before the previous end, and a section heading starts a new chunk once the
current one has ``MIN_WORDS``. Offsets are character offsets into the body, so a hit cites its passage.
"""

import hashlib
import re
from dataclasses import dataclass

MAX_WORDS = 180
OVERLAP_WORDS = 30
MIN_WORDS = 40

_WORD = re.compile(r"\S+")
# Section-like lines in bill text, reports and rules: "SEC. 2. ...", "TITLE I—...", "§ 101.", "## Heading".
_HEADING = re.compile(
    r"^\s*(?:#{1,6}\s+\S.*|(?:SEC(?:TION)?\.?|Sec\.)\s*\d+[A-Za-z]?\..*|(?:TITLE|Title|DIVISION|Division|"
    r"Subtitle|SUBTITLE|PART|Part|CHAPTER|Chapter|ARTICLE)\s+[A-Z0-9IVXLC]+\b.*|§+\s*\d.*)$",
    re.MULTILINE,
)


@dataclass(frozen=True)
class Chunk:
    seq: int
    heading: str
    start: int
    end: int
    text: str

    def embed_input(self, title: str) -> str:
        """What the encoder sees: the document title and section heading give the passage its context."""
        return "\n".join(part for part in (title, self.heading, self.text) if part)


def content_hash(text: str, model_id: str) -> str:
    return hashlib.sha1(f"{model_id}\x00{text}".encode()).hexdigest()


def _headings(body: str) -> list[tuple[int, str]]:
    return [(m.start(), m.group(0).strip().lstrip("#").strip()[:200]) for m in _HEADING.finditer(body)]


def _heading_at(headings: list[tuple[int, str]], offset: int) -> str:
    current = ""
    for start, text in headings:
        if start > offset:
            break
        current = text
    return current


def chunk_body(body: str) -> list[Chunk]:
    """Chunks of ``body`` in order; an empty body gives none."""
    words = [(m.start(), m.end()) for m in _WORD.finditer(body)]
    if not words:
        return []
    headings = _headings(body)
    heading_starts = {start for start, _ in headings}
    # A heading starts at a line start; the word index where each heading begins.
    breaks = {i for i, (start, _) in enumerate(words) if start in heading_starts}
    chunks: list[Chunk] = []
    first = 0
    while first < len(words):
        last = min(first + MAX_WORDS, len(words))
        for i in range(first + MIN_WORDS, last):
            if i in breaks:
                last = i
                break
        start, end = words[first][0], words[last - 1][1]
        chunks.append(Chunk(len(chunks), _heading_at(headings, start), start, end, body[start:end]))
        if last >= len(words):
            break
        first = last if last in breaks else max(last - OVERLAP_WORDS, first + 1)
    return chunks
