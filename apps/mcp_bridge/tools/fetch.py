"""fetch(id): any Josh id → one readable document {id, title, text, url, metadata} (ChatGPT's fetch contract).

The id's prefix picks the record type (apps.core.ids.classify_id); the record comes from the declared
resource's ``get`` selector (apps.core.resources), the one behind GET /v1/<resource>/{id}, and its body from
the resource's ``body`` child where it declares one. ``text`` is the record's body when it has one (bill
text, report text), else a readable rendering of its fields; ``metadata`` is a flat map of the key facts (strings, with
``truncated`` a boolean and ``text_chars`` an integer).
"""

from typing import Annotated, Any

from pydantic import BaseModel, Field

from apps.core.errors import JoshError, NotFound
from apps.core.ids import classify_id, id_kinds
from apps.core.resources import Resource, as_json, get_resource
from apps.mcp_bridge import conf
from apps.mcp_bridge.tools.base import call, register, structured

TEXT_LIMIT = 200_000  # characters; a longer body is cut and metadata.truncated says so
TITLE_KEYS = ("title", "short_title", "official_full", "name", "display_name")
BODY_KEYS = ("text", "body", "full_text")
SKIP_KEYS = {"citation", "search_name"}


class Document(BaseModel):
    id: str = Field(description="The canonical id; pass it to the typed lookups or to fetch again.")
    title: str
    text: str = Field(description="The full document text (or a readable rendering of the record).")
    url: str = Field(description="Canonical public URL to cite (the publisher's page, else Josh's API URL).")
    metadata: dict[str, str | bool | int] = Field(
        description="Key facts, typed: kind, resource, source, citation, published_at / retrieved_at (ISO "
        "strings), truncated (boolean: text was cut), text_chars (integer: full length of the text)."
    )


def _render(value: Any, indent: str = "", depth: int = 0) -> list[str]:
    if isinstance(value, dict):
        lines = []
        for key, item in value.items():
            if key in SKIP_KEYS or item in (None, "", [], {}):
                continue
            if isinstance(item, dict | list) and depth < 3:
                lines.append(f"{indent}{key}:")
                lines += _render(item, indent + "  ", depth + 1)
            else:
                lines.append(f"{indent}{key}: {item}")
        return lines
    if isinstance(value, list):
        lines = []
        for item in value[:100]:
            sub = _render(item, indent + "  ", depth + 1)
            if sub:
                lines.append(f"{indent}- {sub[0].strip()}")
                lines += sub[1:]
        if len(value) > 100:
            lines.append(f"{indent}… {len(value) - 100} more")
        return lines
    return [f"{indent}{value}"]


def _resource(kind) -> Resource:
    declared = get_resource(kind.resource)
    if declared is None or declared.get is None:
        raise NotFound(
            f"Records of type '{kind.resource}' cannot be fetched (no GET /v1/{kind.resource}/{{id}}).",
            code="resource_not_served",
        )
    return declared


def _body_text(resource: Resource, canonical: str, record: dict) -> str | None:
    for key in BODY_KEYS:
        if isinstance(record.get(key), str) and record[key].strip():
            return record[key]
    child = next((c for c in resource.children if c.path == "body"), None)
    if child is None:
        return None
    try:
        body = as_json(child.call(id=canonical, params=child.params() if child.params else None))
    except JoshError:  # a record with no text ingested yet: render its fields instead
        return None
    return next((body[k] for k in BODY_KEYS if isinstance(body.get(k), str) and body[k].strip()), None)


def _title(record: dict, canonical: str) -> str:
    """A readable title: the record's own (not a bare number such as a CFR title's "1"), else its heading
    with the citation (1 CFR 1.1 — Definitions.), else its citation (a roll call's), else the id."""
    cite = str((record.get("citation") or {}).get("citation_string") or "")
    for key in TITLE_KEYS:
        value = record.get(key)
        if isinstance(value, str) and value.strip() and not value.strip().isdigit():
            return value.strip()
    heading = str(record.get("heading") or "").strip()
    if heading:
        return f"{cite} — {heading}" if cite else heading
    return cite or str(record.get("question") or "") or canonical


def document_for(raw_id: str) -> Document:
    """The selector-level work of fetch (sync): classify, load, render."""
    kind, canonical = classify_id(raw_id)
    resource = _resource(kind)
    record = as_json(resource.get(id=canonical))
    citation = record.get("citation") or {}
    title = _title(record, canonical)
    text = _body_text(resource, canonical, record) or "\n".join(_render(record))
    api_url = f"{conf.public_base_url()}/v1/{kind.resource}/{canonical}"
    metadata = {
        "kind": kind.name,
        "resource": kind.resource,
        "api_url": api_url,
        "source": str(citation.get("source", "")),
        "citation": str(citation.get("citation_string", "")),
        "published_at": str(citation.get("published_at") or ""),
        "retrieved_at": str(citation.get("retrieved_at") or ""),
    }
    typed = {"truncated": len(text) > TEXT_LIMIT, "text_chars": len(text)}
    return Document(
        id=str(record.get("id") or canonical),
        title=title,
        text=text[:TEXT_LIMIT],
        url=citation.get("url") or record.get("source_url") or api_url,
        metadata={**{k: v for k, v in metadata.items() if v}, **typed},
    )


async def fetch(
    id: Annotated[
        str,
        Field(
            min_length=1,
            max_length=200,
            description="A Josh id as returned by search or any list, e.g. hr:119:103, S000033, HSWM, "
            "house:119:2025:77, pl:119:7. Common spellings like 'H.R. 103' (with a congress) work too.",
        ),
    ],
) -> Document:
    return structured(await call(document_for, raw_id=id))


def _description() -> str:
    examples = ", ".join(f"{k.example} ({k.name})" for k in id_kinds())
    return f"""Fetch one record by id and return it as a document: {{id, title, text, url, metadata}}.

Use it after `search` to read a hit in full (bill text, report text, a member's or committee's record),
or whenever you already hold an id. The id's prefix picks the record type; ids look like: {examples}.
`text` is the full body where the record has one, otherwise a readable rendering of its fields; `url` is the
canonical page to cite. An id of unknown shape → isError `unrecognized_id_format` listing valid prefixes;
a well-formed id that is not loaded → `record_not_found`."""


def install(server) -> list[str]:
    register(server, fetch, name="fetch", title="Fetch a record by id", description=_description())
    return ["fetch"]
