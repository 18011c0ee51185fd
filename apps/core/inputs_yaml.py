"""YAML from upstream, read with limits. libyaml's composer recurses once per nesting level, so a few hundred
KB of ``[[[[...`` overflow the C stack and kill the process (no exception to catch); and anchors and aliases
let a small file stand for a huge document (57 KB became 100,000 rows). So the document's event stream,
which libyaml produces without recursing, is walked first: nesting deeper than ``INGEST_YAML_MAX_DEPTH``, or
aliases that would add more nodes than the document itself has (and more than
``INGEST_YAML_MAX_ALIAS_NODES``), are refused before anything is built. Only then is it loaded (safe
loader, C when available)."""

from typing import Any

import yaml

from apps.core.conf import knob

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_OPEN = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_CLOSE = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


class YAMLLimitError(yaml.YAMLError):
    """A document past the limits; ``problem`` and ``problem_mark`` as a parse error has them."""

    def __init__(self, problem: str, mark=None):
        self.problem, self.problem_mark = problem, mark
        super().__init__(problem)


def check_yaml(text: str | bytes, *, max_depth: int, max_alias_nodes: int) -> None:
    """Raise YAMLLimitError when ``text`` nests deeper than ``max_depth`` or its aliases would add more than
    max(``max_alias_nodes``, the document's own node count) nodes once expanded."""
    stack: list[list] = []  # per open collection: [nodes inside it so far, its anchor]
    sizes: dict[str, int] = {}  # anchor -> nodes it stands for
    parsed = added = 0

    def count(nodes: int) -> None:
        if stack:
            stack[-1][0] += nodes

    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.ScalarEvent):
            parsed += 1
            if event.anchor:
                sizes[event.anchor] = 1
            count(1)
        elif isinstance(event, yaml.AliasEvent):
            nodes = sizes.get(event.anchor, 1)
            added += nodes
            if added > max(max_alias_nodes, parsed):
                raise YAMLLimitError(
                    f"aliases expand the document past {max(max_alias_nodes, parsed):,} added nodes "
                    "(JOSH_INGEST_YAML_MAX_ALIAS_NODES): refused as an alias bomb",
                    event.start_mark,
                )
            count(nodes)
        elif isinstance(event, _OPEN):
            parsed += 1
            stack.append([1, event.anchor])
            if len(stack) > max_depth:
                raise YAMLLimitError(
                    f"nested deeper than {max_depth} levels (JOSH_INGEST_YAML_MAX_DEPTH)", event.start_mark
                )
        elif isinstance(event, _CLOSE):
            nodes, anchor = stack.pop()
            if anchor:
                sizes[anchor] = nodes
            count(nodes)


def load_yaml(text: str | bytes) -> Any:
    """The document in ``text``, once it passes ``check_yaml`` with the settings' limits; YAMLError otherwise."""
    check_yaml(
        text, max_depth=knob("INGEST_YAML_MAX_DEPTH"), max_alias_nodes=knob("INGEST_YAML_MAX_ALIAS_NODES")
    )
    return yaml.load(text, Loader=_Loader)
