"""The one-box entities of a search answer on REST and browse: the members, committees and cited record
that the query as a whole names (``entities``, beside the document hits).

Finding them takes the registry and the record apps, which sit above apps.search in the layers, so the
finder is registered from above (apps.dossiers, when the apps are ready) and this module only calls it;
with none registered the list is empty. The MCP search tools leave names to ``resolve_entity``.
"""

from collections.abc import Callable, Sequence

from pydantic import BaseModel

_finders: list[Callable[[str], Sequence[BaseModel]]] = []


def register_entity_finder(finder: Callable[[str], Sequence[BaseModel]]) -> None:
    if finder not in _finders:
        _finders.append(finder)


def entities_for(q: str) -> list[dict]:
    """What the registered finders make of ``q``, as JSON, in their order."""
    return [card.model_dump(mode="json") for finder in _finders for card in finder(q)]
