"""User search text → a parsed query and safe FTS5 expressions. Raw input never reaches ``MATCH``.

The documented syntax (everything else is literal text):

* **plain words are any-term**: ``clean water act`` ranks every record that has any of the words by BM25;
  a record with more of them (or rarer ones, or in its title) scores higher by construction. English
  stop words (``the``, ``of``, ``what`` …) are left out of such queries unless nothing else is left;
  the response lists them in ``ignored_terms``;
* ``"a phrase"`` matches the words adjacent and in order and is **required** (an unclosed quote runs to
  the end); plain words beside it still rank the records that have the phrase;
* ``term*`` is a prefix search when the term has at least ``MIN_PREFIX`` characters (else the ``*`` is
  dropped);
* ``NOT x`` (upper case) excludes records with ``x`` and needs something before it;
* ``NEAR(a b, N)`` (upper case, FTS5's syntax): every phrase inside (bare words, ``"quoted phrases"``,
  ``prefix*``) within ``N`` tokens of each other in one column (``N`` defaults to 10: at most ``N`` tokens
  between the end of the first and the start of the last); like a quoted phrase it is **required**. A form
  FTS5 would not read the same way (one phrase, a distance that is not a whole number, parentheses inside,
  no closing parenthesis) is an ``InvalidParameter`` (400) naming the form to write;
* ``AND`` / ``OR`` (upper case) make the query **boolean**: ``a AND b`` needs both, ``a OR b`` either, and
  words with no operator between them are AND-ed, as in the classic FTS5 grammar (``a b OR c d`` is
  ``(a AND b) OR (c AND d)``). Lower-case ``and``/``or``/``not`` are ordinary (stop) words.

Every term is emitted as an FTS5 string (``"..."`` with inner quotes doubled), so ``:``, ``-``, ``^``, ``+``,
``(``, ``*`` and column names in user text are never FTS5 syntax: ``hr:119:103`` becomes the phrase
``"hr:119:103"`` (tokens hr 119 103), ``water-quality`` the phrase ``"water-quality"``. Pieces with no
letter or digit are dropped; a query left with no term is ``None`` (the caller answers with no hits).
"""

import re
from dataclasses import dataclass, field

from apps.core.errors import InvalidParameter

MIN_PREFIX = 3
NEAR_DEFAULT = 10  # FTS5's default distance
NEAR_MAX = 1000
MAX_TERMS = 32
_WORDISH = re.compile(r"\w", re.UNICODE)
_PIECES = re.compile(r'NEAR\(([^()]*)\)|"([^"]*)"?|(\S+)')
_NEAR_PHRASES = re.compile(r'"([^"]*)"?|([^\s,]+)')
_NEAR_DISTANCE = re.compile(r",\s*([^\s,]*)\s*$")
NEAR_FORM = 'write NEAR(word word, 10): two or more words or "quoted phrases" and an optional whole distance'
_OPERATORS = {"AND", "OR", "NOT"}

# Function words that carry no topic in an any-term query: in most records, so BM25 gives them ~0 weight
# anyway, yet each one makes every record a match and costs a scan of its postings. Deliberately short
# (no domain words such as "act", "bill", "federal"); phrases and boolean queries keep every word.
STOP_WORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has have
    having he her here hers herself him himself his how i if in into is it its itself just me more most my
    myself no nor not of off on once only or other our ours ourselves out over own same she should so some
    such than that the their theirs them themselves then there these they this those through to too under
    until up very was we were what when where which while who whom why will with would you your yours
    yourself yourselves""".split()
)


@dataclass(frozen=True)
class Term:
    text: str  # the user's text for this term, without quotes or the trailing *
    phrase: bool = False  # came from "..." (several words, in order)
    prefix: bool = False
    near: tuple["Term", ...] = ()  # a NEAR group: its phrases (text: their words)
    distance: int = NEAR_DEFAULT

    def fts(self) -> str:
        if self.near:
            return f"NEAR({' '.join(t.fts() for t in self.near)}, {self.distance})"
        quoted = '"' + self.text.replace('"', '""') + '"'
        return quoted + "*" if self.prefix else quoted


def any_of(terms: list[Term]) -> str:
    return " OR ".join(t.fts() for t in terms)


def all_of(terms: list[Term]) -> str:
    return " AND ".join(t.fts() for t in terms)


@dataclass
class Group:
    """Boolean queries: terms that must all match (``include``), minus records matching any ``exclude``."""

    include: list[Term] = field(default_factory=list)
    exclude: list[Term] = field(default_factory=list)

    def fts(self) -> str:
        core = all_of(self.include)
        if len(self.include) > 1:
            core = f"({core})"
        return core + "".join(f" NOT {t.fts()}" for t in self.exclude)


@dataclass
class ParsedQuery:
    """What the user asked for. ``groups`` is set for a boolean query (explicit ``AND``/``OR``); otherwise
    ``required`` (quoted phrases) and ``optional`` (plain words) describe the any-term query."""

    required: list[Term] = field(default_factory=list)
    optional: list[Term] = field(default_factory=list)
    exclude: list[Term] = field(default_factory=list)
    groups: list[Group] | None = None
    ignored: list[str] = field(default_factory=list)  # stop words left out of an any-term query

    @property
    def boolean(self) -> bool:
        return self.groups is not None

    def scored(self) -> list[Term]:
        """The terms whose BM25 contributions add up to a record's score (each once)."""
        if self.groups is not None:
            return list(dict.fromkeys(t for g in self.groups for t in g.include))
        return list(dict.fromkeys(self.required + self.optional))

    def terms(self) -> list[Term]:
        return self.scored()

    def fts(self) -> str:
        """One FTS5 expression whose matches are the records the query admits and whose ``bm25()`` is
        their score: for an any-term query with required phrases that needs ``must()`` as well."""
        if self.groups is not None:
            parts = [g.fts() for g in self.groups if g.include]
            return parts[0] if len(parts) == 1 else " OR ".join(f"({p})" for p in parts)
        core = any_of(self.scored())
        if self.exclude:
            core = f"({core}) NOT ({any_of(self.exclude)})"
        return core

    def must(self) -> str | None:
        """For an any-term query with required phrases: the expression of the records allowed at all."""
        if self.groups is not None or not self.required:
            return None
        core = all_of(self.required)
        if self.exclude:
            core = f"({core}) NOT ({any_of(self.exclude)})"
        return core


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


@dataclass
class _Piece:
    term: Term | None = None
    operator: str | None = None
    quoted: bool = False


def _near(inner: str) -> Term:
    """A ``NEAR(...)`` group's phrases and distance, or InvalidParameter for a form FTS5 reads otherwise."""
    distance = NEAR_DEFAULT
    found = _NEAR_DISTANCE.search(inner)
    if found:
        if not found.group(1).isdigit() or int(found.group(1)) > NEAR_MAX:
            raise InvalidParameter(
                "q", f"NEAR's distance must be a whole number up to {NEAR_MAX}: {NEAR_FORM}"
            )
        distance, inner = int(found.group(1)), inner[: found.start()]
    phrases = []
    for m in _NEAR_PHRASES.finditer(inner):
        term = _term(m.group(1) if m.group(1) is not None else m.group(2), phrase=m.group(1) is not None)
        if term is not None:
            phrases.append(term)
    if len(phrases) < 2:
        raise InvalidParameter("q", f"NEAR needs at least two words or phrases: {NEAR_FORM}")
    text = " ".join(t.text for t in phrases)
    return Term(text=text, phrase=True, near=tuple(phrases), distance=distance)


def _pieces(q: str) -> list[_Piece]:
    out: list[_Piece] = []
    count = 0
    # FTS5 reads its query as a C string: a NUL would cut a quoted term short ("unterminated string").
    for m in _PIECES.finditer((q or "").replace("\x00", " ")):
        near, quoted, bare = m.groups()
        if bare in _OPERATORS:
            out.append(_Piece(operator=bare))
            continue
        if bare is not None and bare.startswith("NEAR("):
            raise InvalidParameter("q", f"NEAR( must close its parenthesis, with none inside: {NEAR_FORM}")
        if near is not None:
            term = _near(near)
            size = len(term.near)
        else:
            term = _term(quoted if quoted is not None else bare, phrase=quoted is not None)
            size = 1
        if term is None or count + size > MAX_TERMS:
            out.append(_Piece())  # a dropped piece still ends a pending NOT
            continue
        count += size
        out.append(_Piece(term=term, quoted=quoted is not None or near is not None))
    return out


def _boolean(pieces: list[_Piece]) -> ParsedQuery | None:
    groups = [Group()]
    negate = False
    for piece in pieces:
        if piece.operator:
            if piece.operator == "OR" and groups[-1].include:
                groups.append(Group())
            negate = piece.operator == "NOT" and bool(groups[-1].include)
            continue
        if piece.term is not None:
            (groups[-1].exclude if negate else groups[-1].include).append(piece.term)
        negate = False
    groups = [g for g in groups if g.include]
    return ParsedQuery(groups=groups) if groups else None


def _any_term(pieces: list[_Piece], stop_words: bool) -> ParsedQuery | None:
    parsed = ParsedQuery()
    negate = False
    for piece in pieces:
        if piece.operator == "NOT":
            negate = bool(parsed.required or parsed.optional)
            continue
        term = piece.term
        if term is not None:
            if negate:
                parsed.exclude.append(term)
            elif piece.quoted:
                parsed.required.append(term)
            else:
                parsed.optional.append(term)
        negate = False
    content = [t for t in parsed.optional if not stop_words or t.text.lower() not in STOP_WORDS or t.prefix]
    if content or parsed.required:  # a query of stop words only ("The Who") keeps them all
        parsed.ignored = [t.text for t in parsed.optional if t not in content]
        parsed.optional = content
    if not (parsed.required or parsed.optional):
        return None
    return parsed


def parse_query(q: str, *, stop_words: bool = True) -> ParsedQuery | None:
    """Parse user text; ``None`` when nothing searchable is left. ``stop_words=False`` keeps every word."""
    pieces = _pieces(q)
    if any(p.operator in ("AND", "OR") for p in pieces):
        return _boolean(pieces)
    return _any_term(pieces, stop_words)


def sanitize(q: str) -> str | None:
    """The FTS5 ``MATCH`` string for user text, or ``None`` when it holds nothing searchable."""
    parsed = parse_query(q)
    return parsed.fts() if parsed else None
