"""Hybrid: how much of the query a record's words cover, for the hits only the lexical leg found.

Plain words are any-term, so a keyword leg matches an off-topic question by one stray word ("my cat keeps
scratching the sofa" -> the Big Cat Public Safety Act). In hybrid mode a record is an answer when it is close
in meaning (past the vector leg's floor) or when its words carry most of the query: the share of the query's
idf mass (corpus-wide idf over the searched sources, a word in no record weighing the most) that the record
has, at least ``HYBRID_LEXICAL_COVERAGE``. Lexical mode keeps the any-term contract; semantic mode has no
lexical leg. Every record is measured (each word's matches are the lexical engine's own, no depth cap), so the
count of the covered records is exact.
"""

import math
from dataclasses import dataclass, field

import numpy as np

from apps.search import constraints, queries
from apps.search.filters import SearchFilters, applicable
from apps.search.sanitize import ParsedQuery, Term, parse_query


def _idf(docs: int, df: int) -> float:
    return max(math.log((docs - df + 0.5) / (df + 0.5)), 1e-6)


def _word(term: Term) -> ParsedQuery | None:
    """One scored term as a query of its own (a quoted word or phrase, or the prefix as typed)."""
    if term.prefix:
        return parse_query(term.text + "*", stop_words=False)
    return parse_query('"' + term.text.replace('"', " ") + '"', stop_words=False)


@dataclass
class Shares:
    """What each record's words carry of the query: per source (record ids, their share of the idf mass),
    and the query's scored terms with their idf weights."""

    terms: list[Term]
    weights: np.ndarray
    per_source: dict[str, tuple[np.ndarray, np.ndarray]] = field(default_factory=dict)
    term_ids: dict[str, list[np.ndarray]] = field(default_factory=dict)  # source -> per term, its records

    def best(self) -> tuple[float, str | None, int | None]:
        """(the highest share of any record, its source, its doc id); (0, None, None) when none matched."""
        top = (0.0, None, None)
        for slug, (ids, shares) in sorted(self.per_source.items()):
            if shares.size and float(shares.max()) > top[0]:
                i = int(shares.argmax())
                top = (float(shares[i]), slug, int(ids[i]))
        return top

    def words_of(self, source: str | None, doc_id: int | None) -> list[bool]:
        """Per term, whether the record has it."""
        if source is None:
            return [False] * len(self.terms)
        return [bool(np.isin(doc_id, ids).item()) for ids in self.term_ids[source]]


def applies(parsed: ParsedQuery) -> bool:
    """Whether coverage says anything about the query: an any-term query of two or more scored terms. A boolean
    query or one with a required phrase already demands its words (the user's syntax is the constraint)."""
    return not (parsed.boolean or parsed.required) and len(parsed.scored()) >= 2


def shares(targets, parsed: ParsedQuery, filters: SearchFilters) -> Shares:
    """Every record (with the filters) that has a word of the query, with the share of the query's idf mass
    its words carry. Only for a query that ``applies``."""
    live = [t for t in targets if applicable(t.spec, filters)]
    terms = parsed.scored()
    docs = sum(_records(t.spec.content_table) for t in live)
    # a source where no record has any of the words adds nothing to any word's df: only the others are read
    live = [t for t in live if constraints.admitted(t.spec, parsed, SearchFilters()).size]
    found = {t.slug: [] for t in live}  # source -> per term, its records
    dfs = [0] * len(terms)
    for i, term in enumerate(terms):
        word = _word(term)
        for t in live:
            ids = constraints.admitted(t.spec, word, filters) if word else np.zeros(0, dtype=np.int64)
            found[t.slug].append(ids)
            dfs[i] += (
                constraints.admitted(t.spec, word, SearchFilters()).size if filters.any and word else ids.size
            )
    weights = np.array([_idf(docs, df) for df in dfs])
    total = float(weights.sum())
    out = Shares(terms=terms, weights=weights, term_ids=found)
    for slug, per_term in found.items():
        ids = np.concatenate(per_term) if per_term else np.zeros(0, dtype=np.int64)
        mass = np.concatenate([np.full(a.size, weights[i]) for i, a in enumerate(per_term)])
        unique, inverse = np.unique(ids, return_inverse=True)
        summed = np.bincount(inverse, weights=mass, minlength=unique.size)
        out.per_source[slug] = (unique, summed / total if total else summed)
    return out


def covered(targets, parsed: ParsedQuery, filters: SearchFilters, share: float) -> dict[str, np.ndarray]:
    """Per source, the ids of the records (with the filters) whose words cover at least ``share`` of the
    query's idf mass; every match of a query coverage does not apply to."""
    if not applies(parsed):
        live = [t for t in targets if applicable(t.spec, filters)]
        return {t.slug: constraints.admitted(t.spec, parsed, filters) for t in live}
    measured = shares(targets, parsed, filters)
    return {slug: ids[s >= share - 1e-12] for slug, (ids, s) in measured.per_source.items()}


def _records(content_table: str) -> int:
    sql = queries.render("content_count", idents={"content": content_table})
    return int(queries.fetchall(sql)[0][0])
