"""The one-box entities of a search answer on REST and browse: the members, committees and cited record
that the query as a whole names (``entities``, beside the document hits), and, when the query is a citation,
whether Josh holds the record it names (``citation``; MCP's search tools carry it too).

Finding them takes the registry and the record apps, which sit above apps.search in the layers, so the
finder is registered from above (apps.dossiers, when the apps are ready) and this module only calls it;
with none registered the list is empty. The MCP search tools leave names to ``resolve_entity``.
"""

from collections.abc import Callable, Sequence

from pydantic import BaseModel

from apps.citations.parse import BILL, FR_PAGE, kind_name, parse_citation
from apps.citations.schemas import CitationCheck

_finders: list[Callable[[str], Sequence[BaseModel]]] = []


def register_entity_finder(finder: Callable[[str], Sequence[BaseModel]]) -> None:
    if finder not in _finders:
        _finders.append(finder)


def entities_for(q: str) -> list[dict]:
    """What the registered finders make of ``q``, as JSON, in their order."""
    return [card.model_dump(mode="json") for finder in _finders for card in finder(q)]


def one_box(q: str) -> dict:
    """The search answer's ``entities`` and ``citation`` for ``q``."""
    entities = entities_for(q)
    check = citation_check(q, resolved=any(e["kind"] == "citation" for e in entities))
    return {"entities": entities, "citation": check.model_dump(mode="json") if check else None}


def citation_for(q: str) -> dict | None:
    """Only ``citation`` (MCP's search tools): the finders run only when ``q`` is a citation, and then
    they look up just the record it names."""
    if parse_citation(q) is None:
        return None
    return one_box(q)["citation"]


def citation_check(q: str, *, resolved: bool) -> CitationCheck | None:
    """None when ``q`` is no citation; else the citation, and when ``resolved`` is False (no card: Josh
    holds no such record) a hint saying so, since the hits then match its words and not the record."""
    cite = parse_citation(q)
    if cite is None:
        return None
    hint = None
    if not resolved:
        if cite.kind == FR_PAGE:
            missing = (
                f"Josh holds no Federal Register document printed on page {cite.parts['page']} "
                f"of volume {cite.parts['volume']}"
            )
        elif cite.kind == BILL and cite.id is None:
            missing = f"Josh holds no {cite.label} in any Congress it has loaded"
        else:
            missing = f"Josh holds no such {kind_name(cite.kind)}"
        hint = (
            f"“{cite.label}” reads as a {kind_name(cite.kind)} citation, but {missing}. The hits match its "
            "words, not the citation: check the numbers (GET /v1/sources lists what is loaded)."
        )
    return CitationCheck(text=cite.label, kind=cite.kind, resolved=resolved, hint=hint)
