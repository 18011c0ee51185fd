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

from apps.core.db.engine import postgres
from apps.core.db.quoting import quote_ident
from apps.search import pgsearch, queries
from apps.search.filters import SearchFilters, content_filters
from apps.search.sanitize import ParsedQuery, Term, any_of


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
    if postgres():
        return pgsearch.admitted_ids(spec, parsed, filters)
    return _ids(spec, parsed.must() or parsed.fts(), filters)


def excluded(spec, terms: tuple[Term, ...]) -> np.ndarray:
    """Ids of every record of the source that has any of ``terms``."""
    if not terms:
        return _none()
    if postgres():
        return pgsearch.admitted_ids(spec, ParsedQuery(optional=list(terms)), SearchFilters())
    return _ids(spec, any_of(list(terms)), SearchFilters())


def _ids(spec, match: str, filters: SearchFilters) -> np.ndarray:
    """FTS5: the records ``match`` admits, with the filters."""
    fragments, params = content_filters(spec, filters)
    raw = {"filters": "".join(f" AND {f}" for f in fragments)}
    raw["join"] = f"JOIN {quote_ident(spec.content_table)} AS c ON c.id = m.doc_id" if fragments else ""
    sql = queries.render("match_ids", idents={"fts": spec.fts_table, "content": spec.content_table}, raw=raw)
    rows = queries.fetchall(sql, {**params, "q": match})
    return np.unique(np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows)))


def _none() -> np.ndarray:
    return np.zeros(0, dtype=np.int64)
