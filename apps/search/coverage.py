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


def covered(targets, parsed: ParsedQuery, filters: SearchFilters, share: float) -> dict[str, np.ndarray]:
    """Per source, the ids of the records (with the filters) whose words cover at least ``share`` of the
    query's idf mass. A boolean query or one with a required phrase already demands its words: every match."""
    live = [t for t in targets if applicable(t.spec, filters)]
    terms = parsed.scored()
    if parsed.boolean or parsed.required or len(terms) < 2:
        return {t.slug: constraints.admitted(t.spec, parsed, filters) for t in live}
    docs = sum(_records(t.spec.content_table) for t in live)
    # a source where no record has any of the words adds nothing to any word's df: only the others are read
    live = [t for t in live if constraints.admitted(t.spec, parsed, SearchFilters()).size]
    found = {t.slug: [] for t in live}  # source -> [(ids, term index)]
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
    need = share * float(weights.sum())
    out = {}
    for slug, per_term in found.items():
        ids = np.concatenate(per_term) if per_term else np.zeros(0, dtype=np.int64)
        mass = np.concatenate([np.full(a.size, weights[i]) for i, a in enumerate(per_term)])
        unique, inverse = np.unique(ids, return_inverse=True)
        summed = np.bincount(inverse, weights=mass, minlength=unique.size)
        out[slug] = unique[summed >= need - 1e-12]
    return out


def _records(content_table: str) -> int:
    sql = queries.render("content_count", idents={"content": content_table})
    return int(queries.fetchall(sql)[0][0])
