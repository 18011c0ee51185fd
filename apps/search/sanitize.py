"""User search text → a safe FTS5 query. Raw input never reaches ``MATCH``.

The documented syntax (everything else is literal text):

* words are ANDed: ``clean water`` finds records with both;
* ``"a phrase"`` matches the words adjacent and in order (an unclosed quote runs to the end);
* ``term*`` is a prefix search when the term has at least ``MIN_PREFIX`` characters (else the ``*`` is dropped);
* ``OR`` (upper case) between words or phrases gives alternatives; ``NOT x`` (upper case) excludes ``x`` and
  needs something before it (a leading ``NOT`` is ignored); ``AND`` is accepted and means what a space means. Lower-case ``and``/``or``/``not``
  are ordinary words.

Every term is emitted as an FTS5 string (``"..."`` with inner quotes doubled), so ``:``, ``-``, ``^``, ``+``,
``(``, ``*`` and column names in user text are never FTS5 syntax: ``hr:119:103`` becomes the phrase
``"hr:119:103"`` (tokens hr 119 103), ``water-quality`` the phrase ``"water-quality"``. Pieces with no
letter or digit are dropped; a query left with no term is ``None`` (the caller answers with no hits).
"""

import re
from dataclasses import dataclass, field

MIN_PREFIX = 3
MAX_TERMS = 32
_WORDISH = re.compile(r"\w", re.UNICODE)
_PIECES = re.compile(r'"([^"]*)"?|(\S+)')
_OPERATORS = {"AND", "OR", "NOT"}


@dataclass(frozen=True)
class Term:
    text: str  # the user's text for this term, without quotes or the trailing *
    phrase: bool = False  # came from "..." (several words, in order)
    prefix: bool = False

    def fts(self) -> str:
        quoted = '"' + self.text.replace('"', '""') + '"'
        return quoted + "*" if self.prefix else quoted


@dataclass
class Group:
    """Terms that must all match (``include``), minus records matching any of ``exclude``."""

    include: list[Term] = field(default_factory=list)
    exclude: list[Term] = field(default_factory=list)

    def fts(self) -> str:
        core = " AND ".join(t.fts() for t in self.include)
        if len(self.include) > 1:
            core = f"({core})"
        return core + "".join(f" NOT {t.fts()}" for t in self.exclude)


@dataclass
class FtsQuery:
    groups: list[Group]  # alternatives (OR)

    def fts(self) -> str:
        parts = [g.fts() for g in self.groups if g.include]
        return parts[0] if len(parts) == 1 else " OR ".join(f"({p})" for p in parts)

    def terms(self) -> list[Term]:
        return [t for g in self.groups for t in g.include]


def _term(raw: str, *, phrase: bool) -> Term | None:
    text = raw.strip()
    prefix = False
    if not phrase and text.endswith("*"):
        text = text.rstrip("*")
        last_word = re.findall(r"\w+", text)
        prefix = bool(last_word) and len(last_word[-1]) >= MIN_PREFIX and text[-1:].isalnum()
    text = text.strip()
    if not _WORDISH.search(text):
        return None
    return Term(text=text, phrase=phrase and len(text.split()) > 1, prefix=prefix)


def parse_query(q: str) -> FtsQuery | None:
    """Parse user text into OR-groups of AND-ed terms; ``None`` when nothing searchable is left."""
    groups = [Group()]
    negate = False
    count = 0
    # FTS5 reads its query as a C string: a NUL would cut a quoted term short ("unterminated string").
    for m in _PIECES.finditer((q or "").replace("\x00", " ")):
        quoted, bare = m.group(1), m.group(2)
        if bare in _OPERATORS:
            if bare == "OR" and groups[-1].include:
                groups.append(Group())
            negate = bare == "NOT" and bool(groups[-1].include)
            continue
        term = _term(quoted if quoted is not None else bare, phrase=quoted is not None)
        if term is None or count >= MAX_TERMS:
            negate = False
            continue
        count += 1
        (groups[-1].exclude if negate else groups[-1].include).append(term)
        negate = False
    groups = [g for g in groups if g.include]
    return FtsQuery(groups) if groups else None


def sanitize(q: str) -> str | None:
    """The FTS5 ``MATCH`` string for user text, or ``None`` when it holds nothing searchable."""
    parsed = parse_query(q)
    return parsed.fts() if parsed else None
