"""Why a search matched nothing, and what would match: the ``no_match`` object of an empty result.

Only run when ``total`` is 0, so its few extra lexical probes (each phrase, each word, the query without its
filters) cost nothing on a search that found records. Every probe is the lexical engine's own match
(``constraints.admitted``) over the sources the search ran on.
"""

from apps.search import constraints, eligibility
from apps.search.filters import SearchFilters, applicable
from apps.search.sanitize import parse_query
from apps.search.schemas import NoMatch, Suggestion

FILTER_NAMES = ("since", "until", "congress", "bill_id")


def _targets(selection) -> list:
    seen = {t.slug: t for t in selection.lexical + selection.semantic}
    return list(seen.values())


def _matches(targets, parsed, filters: SearchFilters) -> int:
    if parsed is None:
        return 0
    return sum(
        int(constraints.admitted(t.spec, parsed, filters).size)
        for t in targets
        if applicable(t.spec, filters)
    )


OPERATORS = ("AND", "OR", "NOT")


def _without(q: str, text: str) -> str:
    """``q`` with the word ``text`` left out, and an operator left dangling by it too."""
    words = [w for w in q.split() if w != text]
    out: list[str] = []
    for word in words:
        if word in OPERATORS and (not out or out[-1] in OPERATORS):
            continue  # an operator at the start or after another one
        out.append(word)
    while out and out[-1] in OPERATORS:
        out.pop()
    return " ".join(out)


def explain(q: str, parsed, mode: str, source: str | None, selection, filters, weak=None) -> NoMatch:
    """The reason and suggestions for a query that matched no record; ``weak`` is the lexical coverage rule's
    finding (``QueryCoverage``) when that rule is what emptied the answer."""
    if parsed is None:
        return NoMatch(
            reason="nothing_searchable",
            message="The query has no word to search for (only punctuation or operators).",
        )
    if weak is not None:
        return _few_words_covered(q, weak)
    targets = _targets(selection)
    everywhere = SearchFilters()
    suggestions: list[Suggestion] = []
    missing_phrases = [
        t
        for t in parsed.required
        if t.phrase and not _matches(targets, parse_query(f'"{t.text}"'), everywhere)
    ]
    for term in missing_phrases:
        suggestions.append(
            Suggestion(
                action="drop_phrase",
                message=f'The phrase "{term.text}" occurs in no record; search its words without the quotes.',
                q=" ".join(q.replace(f'"{term.text}"', term.text).split()),
            )
        )
    words = [t for t in parsed.scored() if not t.phrase]
    dead = [t for t in words if not _matches(targets, parse_query(f'"{t.text}"'), everywhere)]
    for term in dead:
        if len(dead) < len(parsed.scored()):  # something else would be left to match
            suggestions.append(
                Suggestion(
                    action="drop_term",
                    message=f"'{term.text}' occurs in no record of the sources searched; leave it out.",
                    q=_without(q, term.text),
                )
            )
    here = _matches(targets, parsed, filters)
    if filters.any and not here and _matches(targets, parsed, everywhere):
        chosen = [name for name, _ in filters.chosen]
        for name in (*FILTER_NAMES, *chosen):
            if name in chosen or getattr(filters, name, None) is not None:
                suggestions.append(
                    Suggestion(action="drop_filter", parameter=name, message=f"Records match without {name}.")
                )
    if source and not here and _matches(_targets(eligibility.select(None, mode)), parsed, filters):
        suggestions.append(
            Suggestion(
                action="drop_filter", parameter="source", message="Other sources have matching records."
            )
        )
    if mode == "semantic" and here:
        suggestions.append(
            Suggestion(
                action="try_mode",
                parameter="mode",
                value="lexical",
                message="Records have these words, but none is close enough in meaning; mode=lexical ranks them.",
            )
        )
    reason = _reason(missing_phrases, dead, words, here, suggestions)
    return NoMatch(reason=reason, message=MESSAGES[reason], suggestions=suggestions)


def _few_words_covered(q: str, weak) -> NoMatch:
    """Lexical mode: records have some of the words, none has most of them, and nothing is close in meaning.
    The words the best-covering record lacks are named, and the suggestion searches without them (explicit
    operators, e.g. ``a OR b``, are exempt from the rule: the user's syntax is the constraint)."""
    missing = ", ".join(f"'{w}'" for w in weak.missing)
    message = (
        f"No record contains most of these words: the best one has {', '.join(weak.present) or 'none'} "
        f"({weak.best:.0%} of the query's weight, {weak.required:.0%} needed) and lacks {missing}; and no "
        "record is close to the query in meaning."
    )
    rest = q
    for word in weak.missing:
        rest = _without(rest, word)
    suggestions = []
    if rest and rest != q:
        suggestions.append(
            Suggestion(
                action="drop_term",
                message=f"Search without {missing} (records have the other words).",
                q=rest,
            )
        )
    return NoMatch(reason="few_words_covered", message=message, suggestions=suggestions, coverage=weak)


MESSAGES = {
    "phrase_not_found": "A quoted phrase of the query occurs in no record of the sources searched.",
    "excluded_by_filters": "Records match the words, but none passes the filters.",
    "no_term_matched": "No word of the query occurs in the sources searched, and nothing there is close to "
    "it in meaning.",
    "below_relevance_floor": "No record is close enough in meaning to the query (the vector leg's relevance "
    "floor) and none has all it requires.",
    "no_record_matches_all": "Records have some of the words, but none satisfies every operator of the query "
    "(AND, NOT, a quoted phrase) together with the filters.",
}


def _reason(missing_phrases, dead, words, here: int, suggestions) -> str:
    if missing_phrases:
        return "phrase_not_found"
    if any(s.action == "drop_filter" for s in suggestions):
        return "excluded_by_filters"
    if words and len(dead) == len(words):
        return "no_term_matched"
    if here:  # lexical matches that the mode asked for did not rank: the vector leg's floor
        return "below_relevance_floor"
    return "no_record_matches_all"
