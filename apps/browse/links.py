"""Hyperlinks for the browsable API: turn the public ids in a dumped payload into /browse/ URLs.

The pydantic outputs carry ids, not URLs (they are shared with REST and MCP). This rendering-layer walk adds
``_links`` beside them: ``self`` for an object's own ``id``, ``<name>`` for ``<name>_id``, and the key itself
for id lists (``laws``, ``bills``, ``bill_ids``...; which keys: ``apps.core.ids.is_id_key``). Ids are recognised by ``apps.core.ids.classify_id``, so a
new id kind with a browse page is linked without an edit here. Strip every ``_links`` and the payload is the
REST one. An id the payload marks as not ingested gets no link; another id of a record outside the corpus (a
related bill that was never ingested) links the publisher's page for it (``apps.citations.links``), or
nothing, never a 404.
"""

from typing import Any

from apps.citations.links import resolve_record, resolver_set
from apps.core.errors import JoshError
from apps.core.ids import ID_PREFIX_HINTS, classify_id, is_id_key


def id_url(value: Any, key: str, resources: set[str], build) -> str | None:
    """The /browse/ URL for ``value`` when it is a Josh id of a resource with a detail page."""
    if not isinstance(value, str) or not value:
        return None
    text = value if ":" in value else ID_PREFIX_HINTS.get(key, "") + value
    try:
        kind, canonical = classify_id(text)
    except JoshError:
        return None
    if kind.resource not in resources:
        return None
    if not resolver_set():  # (a process without the explorer: every id is linked, as before)
        return build(f"/browse/{kind.resource}/{canonical}")
    target = resolve_record(canonical)
    if target is None:
        return None
    return target.url if target.external else build(f"/browse/{kind.resource}/{canonical}")


def _link_name(key: str) -> str:
    return "self" if key == "id" else key.removesuffix("_id")


def _not_ingested(data: dict, key: str) -> bool:
    """The payload says the record is not in Josh (``ingested: false`` or ``<name>_ingested: false``)."""
    return data.get("ingested") is False or data.get(f"{key.removesuffix('_id')}_ingested") is False


def linkify(data: Any, *, resources: set[str], build) -> Any:
    """Return ``data`` with ``_links`` added to every object that names a browsable record."""
    if isinstance(data, list):
        return [linkify(item, resources=resources, build=build) for item in data]
    if not isinstance(data, dict):
        return data
    links: dict[str, Any] = {}
    for key, value in data.items():
        if not is_id_key(key) or _not_ingested(data, key):
            continue
        if isinstance(value, list):
            urls = [id_url(v, key, resources, build) for v in value]
            if any(urls):
                links[key] = urls
        elif (url := id_url(value, key, resources, build)) and url not in links.values():
            links[_link_name(key)] = url
    body = {key: linkify(value, resources=resources, build=build) for key, value in data.items()}
    return {"_links": links, **body} if links else body


def strip_links(data: Any) -> Any:
    """The payload without the browse-only ``_links`` (what REST returns)."""
    if isinstance(data, list):
        return [strip_links(item) for item in data]
    if isinstance(data, dict):
        return {k: strip_links(v) for k, v in data.items() if k != "_links"}
    return data
