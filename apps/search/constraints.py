"""What the lexical operators demand of every hit, in every mode, and the records a lexical query admits.

A quoted phrase, ``NOT`` and an explicit ``AND``/``OR`` are constraints, not ranking hints: a record without
the phrase (or with the excluded word) is no answer to the query, whichever leg found it. So the vector leg
only ranks records the lexical engine admits (``allowed``) or does not exclude (``banned``); plain words
constrain nothing (the vector leg's point is to find records by meaning without them).

The same sets count a search: ``admitted`` is every record of a source matching the lexical query with the
filters applied, with no depth cap. Both use the lexical engine's own matching
(``ParsedQuery.must``/``fts`` on FTS5; on PostgreSQL the records ``pgsearch.bm25_source`` admits, FTS5's
terms and NEAR included), so "matches" means the same thing to the count, the constraint and the lexical
ranking.
"""

from dataclasses import dataclass

import numpy as np

from apps.search import backend
from apps.search.filters import SearchFilters
from apps.search.sanitize import ParsedQuery, Term


@dataclass(frozen=True)
class Constraint:
    """``allowed`` (hits must match the query's required phrases / boolean expression) or ``banned`` (hits
    must match none of its NOT terms); neither for plain words."""

    allowed: bool = False
    banned: tuple[Term, ...] = ()

    @property
    def active(self) -> bool:
        return self.allowed or bool(self.banned)


def of(parsed: ParsedQuery | None) -> Constraint:
    if parsed is None:
        return Constraint()
    if parsed.boolean or parsed.required:
        return Constraint(allowed=True)
    return Constraint(banned=tuple(parsed.exclude))


def admitted(spec, parsed: ParsedQuery, filters: SearchFilters) -> np.ndarray:
    """Ids of every record of the source that ``parsed`` matches (required phrases, NOT and boolean groups
    applied), with the filters; ascending."""
    return backend.current().admitted_ids(spec, parsed, filters)


def excluded(spec, terms: tuple[Term, ...]) -> np.ndarray:
    """Ids of every record of the source that has any of ``terms``."""
    if not terms:
        return _none()
    return backend.current().excluded_ids(spec, terms)


def _none() -> np.ndarray:
    return np.zeros(0, dtype=np.int64)
